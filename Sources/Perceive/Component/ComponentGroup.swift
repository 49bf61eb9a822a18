import Foundation

/// Several components laid out in the same box, on top of one another (one component is laid
/// out as itself). Builder closures that produce a list (overlays, store contents) use it.
public struct ComponentGroup: Component {
    /// The components, back to front.
    public let children: [any Component]

    /// A group of `children`.
    public init(_ children: [any Component]) { self.children = children }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        if children.count == 1 { return children[0].layout(constraint) }
        var nodes: [any RenderNode] = []
        nodes.reserveCapacity(children.count)
        for (index, child) in children.enumerated() { nodes.append(ChildLayout.layout(child, constraint, at: index)) }
        return Self.group(nodes, in: constraint)
    }

    @inline(never)
    static func group(_ nodes: [any RenderNode], in constraint: Constraint) -> any RenderNode {
        GroupNode(size: constraint.fitting(nodes), children: nodes)
    }
}

/// The node of a ``ComponentGroup``: children stacked at the origin.
struct GroupNode: RenderNode {
    let size: CGSize
    let children: [any RenderNode]
    var positions: [CGPoint] { ZeroPositions.of(children.count) }
}
