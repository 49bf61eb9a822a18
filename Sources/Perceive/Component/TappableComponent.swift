import Foundation

/// Wraps content in a ``TappableView`` that runs `onTap` when pressed.
public struct TappableComponent<Content: Component>: Component {
    public let content: Content
    public let onTap: @MainActor () -> Void

    @usableFromInline
    init(content: Content, onTap: @escaping @MainActor () -> Void) {
        self.content = content
        self.onTap = onTap
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        TappableNode(content: content.layout(constraint), onTap: onTap)
    }
}

/// A tappable view hosting its content's views.
struct TappableNode: RenderNode {
    let content: any RenderNode
    let onTap: @MainActor () -> Void

    var size: CGSize { content.size }
    var children: [any RenderNode] { [content] }
    var positions: [CGPoint] { [.zero] }
    var rendersChildren: Bool { true }
    func makeView() -> PlatformView? { TappableView(frame: CGRect(origin: .zero, size: size)) }
    var viewType: ObjectIdentifier? { ObjectIdentifier(TappableView.self) }
    func updateView(_ view: PlatformView) { updateHandlers(view) }
    func updateHandlers(_ view: PlatformView) { (view as? TappableView)?.onTap = onTap }
    // The handler is refreshed on every render without counting as an update.
    func isContentEqual(to other: any RenderNode) -> Bool { sameType(other) != nil }
}

extension Component {
    /// Makes the component pressable: its views are hosted by a ``TappableView`` whose `tap()` runs `action`.
    /// (Inlinable: made in a `build()` on every reload; specialized in the caller it needs no
    /// generic metadata lookup.)
    @inlinable
    public func tappableView(_ action: @escaping @MainActor () -> Void) -> TappableComponent<Self> {
        TappableComponent(content: self, onTap: action)
    }
}
