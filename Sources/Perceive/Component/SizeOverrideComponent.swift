import Foundation

/// A component laid out at a size chosen by ``SizeStrategy``s: the content gets a tight constraint
/// of that size.
public struct SizeOverrideComponent<Content: Component>: Component {
    public let content: Content
    public let width: SizeStrategy
    public let height: SizeStrategy
    /// Where `.size(…)` was called, for diagnostics about the strategies.
    public let site: CallSite

    @usableFromInline
    init(content: Content, width: SizeStrategy, height: SizeStrategy, site: CallSite) {
        (self.content, self.width, self.height, self.site) = (content, width, height, site)
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        if let size = directSize(in: constraint) { return content.layout(Constraint(tightSize: size)) }
        return layout(constraint) { content.layout($0) }
    }

    /// The size when neither axis depends on the content (no `.fit`, no aspect ratio): the content
    /// is then laid out once, at that size, with no closure around it (this code is not
    /// specialized, and a closure capturing `self` costs a generic metadata lookup per layout).
    private func directSize(in constraint: Constraint) -> CGSize? {
        guard width.isDirect, height.isDirect else { return nil }
        return SizeResolver.resolve(
            width: width, height: height, in: constraint,
            origin: { ".size(…) on \(WastedRebuildDetector.shortName(Content.self)) at \(site)" }, fit: { .zero })
    }

    func layout(_ constraint: Constraint, content layout: (Constraint) -> any RenderNode) -> any RenderNode {
        var fittedNode: (any RenderNode)?
        let size = SizeResolver.resolve(
            width: width, height: height, in: constraint,
            origin: { ".size(…) on \(WastedRebuildDetector.shortName(Content.self)) at \(site)" }
        ) {
            let node = layout(Constraint(maxSize: constraint.maxSize))
            fittedNode = node
            return node.size
        }
        if let fittedNode, fittedNode.size == size { return fittedNode }
        // The content laid out again, at its final size: the same values, the same retained state.
        return fittedNode == nil ? layout(Constraint(tightSize: size)) : LayoutPass.again { layout(Constraint(tightSize: size)) }
    }
}

/// A sized view-backed component is still view-backed: `.size(...).with(...)` sets view properties.
extension SizeOverrideComponent: ViewBackedComponent where Content: ViewBackedComponent {
    public typealias View = Content.View

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        if let size = directSize(in: constraint) { return content.layout(Constraint(tightSize: size), applying: updates) }
        return layout(constraint) { content.layout($0, applying: updates) }
    }
}

extension Component {
    /// Sizes the component with a strategy per axis. Invalid strategies (NaN, negative, `.fill` on
    /// an unbounded axis) are reported with this call's `fileID`/`line`.
    // Inlinable: rows call it once each, and specialized in the caller it copies no value through
    // generic witnesses. Consuming, as every modifier is: a chain (`.fill().tappableView(…)`) moves
    // each value into the next wrapper, where a borrowed `self` was copied into it and the original
    // destroyed at every step (see Performance.md). A caller that keeps using the value still can:
    // it passes a copy.
    @inlinable
    public consuming func size(
        width: SizeStrategy = .fit, height: SizeStrategy = .fit, fileID: StaticString = #fileID, line: UInt = #line
    ) -> SizeOverrideComponent<Self> {
        SizeOverrideComponent(content: self, width: width, height: height, site: CallSite(fileID: fileID, line: line))
    }

    /// Sizes the component to exactly `size`.
    @inlinable
    public consuming func size(_ size: CGSize, fileID: StaticString = #fileID, line: UInt = #line) -> SizeOverrideComponent<Self> {
        self.size(width: .absolute(size.width), height: .absolute(size.height), fileID: fileID, line: line)
    }

    /// Fills the constraint's maximum on both axes.
    @inlinable
    public consuming func fill(fileID: StaticString = #fileID, line: UInt = #line) -> SizeOverrideComponent<Self> {
        size(width: .fill, height: .fill, fileID: fileID, line: line)
    }

    /// Takes the content's own size on both axes.
    @inlinable
    public consuming func fit(fileID: StaticString = #fileID, line: UInt = #line) -> SizeOverrideComponent<Self> {
        size(width: .fit, height: .fit, fileID: fileID, line: line)
    }
}
