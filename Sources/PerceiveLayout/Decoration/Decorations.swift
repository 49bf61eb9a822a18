import Foundation

/// Lays a decoration over (or under) a component, sized exactly to it.
public struct DecorationComponent<Content: Component>: Component {
    public let content: Content
    public let decoration: any Component
    /// True for `.overlay` (decoration in front), false for `.background`.
    public let isOverlay: Bool

    @usableFromInline
    init(content: Content, decoration: any Component, isOverlay: Bool) {
        (self.content, self.decoration, self.isOverlay) = (content, decoration, isOverlay)
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        // The lower and upper layers: the content (laid out first, at index 0) lies below an overlay
        // and above a background.
        var below = ChildLayout.layout(content, constraint, at: 0)
        let size = below.size
        var above = ChildLayout.layout(decoration, Constraint(tightSize: size), at: 1)
        if !isOverlay { swap(&below, &above) }
        // Both layers at the origin, held by one object (no arrays made on every reload), moved in
        // (`consume`): passed as they were, both nodes were copied into the pair and then released.
        // (Variables: `consume` does not take an existential constant.)
        return ChildPairNode.make(size: size, consume below, at: .zero, consume above, at: .zero)
    }
}

// Inlinable: made in a `build()` on every reload; specialized in the caller, the decoration's type
// is known there, where an unspecialized call looked its generic metadata up at run time (about 300
// instructions a decoration).
extension Component {
    /// Draws `content` over this component, at its size.
    @inlinable
    public consuming func overlay(@ComponentResultBuilder _ content: () -> [any Component]) -> DecorationComponent<Self> {
        DecorationComponent(content: self, decoration: ComponentGroup(content()), isOverlay: true)
    }

    /// Draws `content` behind this component, at its size.
    @inlinable
    public consuming func background(@ComponentResultBuilder _ content: () -> [any Component]) -> DecorationComponent<Self> {
        DecorationComponent(content: self, decoration: ComponentGroup(content()), isOverlay: false)
    }
}
