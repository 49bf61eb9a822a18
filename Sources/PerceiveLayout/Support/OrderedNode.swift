import Foundation

/// A layout node whose children are placed in non-decreasing order along `axis`, so the visible
/// ones are found by binary search instead of a scan.
public struct OrderedNode: RenderNode {
    public let size: CGSize
    public let children: [any RenderNode]
    public let positions: [CGPoint]
    /// The axis along which `positions` never decrease.
    public let axis: Axis
    /// The largest child extent along `axis` (how far before a visible edge a child may start).
    let maxChildExtent: CGFloat

    /// A node with ordered children.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint], axis: Axis) {
        self.size = size
        self.children = children
        self.positions = positions
        self.axis = axis
        self.maxChildExtent = children.reduce(0) { max($0, axis.main($1.size)) }
    }

    public func visibleIndexes(in frame: CGRect) -> [Int] {
        let (low, high) = axis.main(frame)
        // First child that may reach `low`, last child that starts before `high`.
        let start = firstIndex { axis.main(positions[$0]) >= low - maxChildExtent }
        let end = firstIndex { axis.main(positions[$0]) > high }
        guard start < end else { return [] }
        return (start..<end).filter { index in
            CGRect(origin: positions[index], size: children[index].size).isVisible(in: frame)
        }
    }

    /// The first index in `0..<count` for which `predicate` holds (it must be monotonic).
    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A layout node with children in arbitrary positions.
public struct ContainerNode: RenderNode {
    public let size: CGSize
    public let children: [any RenderNode]
    public let positions: [CGPoint]

    /// A node with positioned children.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint]) {
        self.size = size
        self.children = children
        self.positions = positions
    }
}
