import Foundation

/// Lays a decoration over (or under) a component, sized exactly to it.
public struct DecorationComponent<Content: Component>: Component {
    public let content: Content
    public let decoration: any Component
    /// True for `.overlay` (decoration in front), false for `.background`.
    public let isOverlay: Bool

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let node = ChildLayout.layout(content, constraint, at: 0)
        let decorationNode = ChildLayout.layout(decoration, Constraint(tightSize: node.size), at: 1)
        let children = isOverlay ? [node, decorationNode] : [decorationNode, node]
        return ContainerNode(size: node.size, children: children, positions: [.zero, .zero])
    }
}

extension Component {
    /// Draws `content` over this component, at its size.
    public func overlay(@ComponentResultBuilder _ content: () -> [any Component]) -> DecorationComponent<Self> {
        DecorationComponent(content: self, decoration: ComponentGroup(content()), isOverlay: true)
    }

    /// Draws `content` behind this component, at its size.
    public func background(@ComponentResultBuilder _ content: () -> [any Component]) -> DecorationComponent<Self> {
        DecorationComponent(content: self, decoration: ComponentGroup(content()), isOverlay: false)
    }
}
