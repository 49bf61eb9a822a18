import Foundation

/// A layout node whose children are placed in non-decreasing order along `axis`, so the visible
/// ones are found by binary search instead of a scan.
///
/// The order is verified when the node is made: positions that are not ordered (a container
/// whose spacing or sizes broke its own guarantee) fall back to checking every child, so a
/// visible child is never missed.
public struct OrderedNode: RenderNode {
    public let size: CGSize
    public let children: [any RenderNode]
    public let positions: [CGPoint]
    /// The axis along which `positions` never decrease.
    public let axis: Axis
    /// The largest child extent along `axis` (how far before a visible edge a child may start).
    let maxChildExtent: CGFloat
    /// Whether `positions` really never decrease along `axis` (checked once, here).
    let isOrdered: Bool
    /// The smallest rect holding every child's frame (`.null` without children, or when positions
    /// and children do not pair up): a region that holds it shows every child, which is then known
    /// without testing each (a list rendered whole, every row on screen).
    let contentBounds: CGRect

    /// A node with ordered children.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint], axis: Axis) {
        var extent: CGFloat = 0
        var bounds = ChildBounds()
        for (index, child) in children.enumerated() {
            let childSize = child.size
            extent = max(extent, axis.main(childSize))
            if index < positions.count { bounds.add(positions[index], childSize) }
        }
        self.init(
            size: size, children: children, positions: positions, axis: axis, maxChildExtent: extent,
            contentBounds: bounds.rect)
    }

    /// A node laid out exactly as one made before (the same sizes at the same positions), whose
    /// facts are taken from it instead of found again.
    init(
        size: CGSize, children: [any RenderNode], positions: [CGPoint], axis: Axis, maxChildExtent: CGFloat, contentBounds: CGRect,
        isOrdered: Bool
    ) {
        (self.size, self.children, self.positions, self.axis) = (size, children, positions, axis)
        (self.maxChildExtent, self.contentBounds, self.isOrdered) = (maxChildExtent, contentBounds, isOrdered)
    }

    /// A node with ordered children whose largest extent along `axis` and bounds (see
    /// `contentBounds`) the caller already knows.
    init(size: CGSize, children: [any RenderNode], positions: [CGPoint], axis: Axis, maxChildExtent: CGFloat, contentBounds: CGRect) {
        self.size = size
        self.contentBounds = positions.count == children.count ? contentBounds : .null
        self.children = children
        self.positions = positions
        self.axis = axis
        self.maxChildExtent = maxChildExtent
        // A loop, not `allSatisfy`: a main-actor closure given to it checks its isolation per call.
        // (Not `>`: a position that is not a number is not in order either, and the search would
        // skip children around it.)
        var ordered = positions.count == children.count
        if ordered {
            for index in positions.indices
            where index == 0 ? axis.main(positions[0]).isNaN : !(axis.main(positions[index - 1]) <= axis.main(positions[index])) {
                ordered = false
                break
            }
        }
        self.isOrdered = ordered
    }

    public func visibleIndexes(in frame: CGRect) -> [Int] {
        if ChildBounds.contains(frame, contentBounds) { return IndexLists.upTo(children.count) }
        // (The shared loop, not `filter`: a main-actor closure given to it checks the executor for
        // every child.)
        guard isOrdered else { return IndexLists.visible(children, positions, in: frame) }
        let (low, high) = axis.main(frame)
        // First child that may reach `low`, last child that starts before `high`.
        let start = firstIndex { axis.main(positions[$0]) >= low - maxChildExtent }
        let end = firstIndex { axis.main(positions[$0]) > high }
        guard start < end else { return [] }
        var visible: [Int] = []
        visible.reserveCapacity(end - start)
        for index in start..<end where CGRect(origin: positions[index], size: children[index].size).isVisible(in: frame) {
            visible.append(index)
        }
        return visible
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
///
/// A class: too large for an existential's inline buffer, it is allocated either way, and render
/// copies each node it walks several times — a copy of the value retained both arrays (through a
/// value-witness call), a copy of the reference retains it once.
public final class ContainerNode: RenderNode {
    public let size: CGSize
    public let children: [any RenderNode]
    public let positions: [CGPoint]

    /// A node with positioned children.
    public init(size: CGSize, children: [any RenderNode], positions: [CGPoint]) {
        self.size = size
        self.children = children
        self.positions = positions
    }

    /// The children that show in `frame`, read from the stored arrays.
    public func visibleIndexes(in frame: CGRect) -> [Int] { IndexLists.visible(children, positions, in: frame) }
}

/// The union of child frames, grown one child at a time (see ``OrderedNode/contentBounds``).
struct ChildBounds {
    private var minX = CGFloat.infinity
    private var minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity
    private var maxY = -CGFloat.infinity
    /// A coordinate was not a number: `min` and `max` would skip it, and a child no region shows
    /// would count as inside the bounds.
    private var hasNaN = false

    /// Nothing added yet.
    init() {}

    /// The bounds of children whose frames are known to span exactly these edges, all numbers.
    init(minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// Adds the frame of a child at `origin` of `size`.
    @inline(__always)
    mutating func add(_ origin: CGPoint, _ size: CGSize) {
        let (right, bottom) = (origin.x + size.width, origin.y + size.height)
        if origin.x.isNaN || origin.y.isNaN || right.isNaN || bottom.isNaN { hasNaN = true }
        minX = min(minX, origin.x)
        minY = min(minY, origin.y)
        maxX = max(maxX, right)
        maxY = max(maxY, bottom)
    }

    /// The union; `.null` when nothing was added or a coordinate was not a number.
    var rect: CGRect {
        guard !hasNaN, minX <= maxX && minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `frame` holds all of `bounds` (edges included). Every child frame inside a region
    /// is visible in it by `CGRect.isVisible(in:)`: a child with area overlaps it, an empty one lies
    /// within it. Field by field: Foundation's rect accessors are opaque calls on Linux.
    static func contains(_ frame: CGRect, _ bounds: CGRect) -> Bool {
        guard !bounds.isNull, frame.size.width >= 0, frame.size.height >= 0 else { return false }
        return frame.origin.x <= bounds.origin.x && frame.origin.y <= bounds.origin.y
            && bounds.origin.x + bounds.size.width <= frame.origin.x + frame.size.width
            && bounds.origin.y + bounds.size.height <= frame.origin.y + frame.size.height
    }
}
