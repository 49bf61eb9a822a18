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
///
/// A class, as `IDNode` is: render copies each node it walks several times (into its work list,
/// its items, a view's record), and a copy of a struct holding the child and the handler was a
/// value-witness call retaining both, its destruction another; a reference is one retain. Its
/// size is read once, here, instead of through the child on every request.
final class TappableNode: RenderNode {
    let content: any RenderNode
    let size: CGSize
    let onTap: @MainActor () -> Void

    init(content: any RenderNode, onTap: @escaping @MainActor () -> Void) {
        size = content.size
        self.onTap = onTap
        // Stored last, so that it moves in (stored before its last read, it was copied).
        self.content = content
    }

    // The content is held inline (see `SingleChildNode`): render reads it without an array.
    var children: [any RenderNode] { [content] }
    var positions: [CGPoint] { Self.origin }
    var _inlineChildCount: Int { 1 }
    func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) {
        precondition(index == 0, "a tappable node has one child")
        return (content, .zero)
    }
    func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        precondition(index == 0, "a tappable node has one child")
        return (content._wrapping, .zero)
    }
    func visibleIndexes(in frame: CGRect) -> [Int] {
        CGRect(origin: .zero, size: size).isVisible(in: frame) ? Self.first : []
    }
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
    public consuming func tappableView(_ action: @escaping @MainActor () -> Void) -> TappableComponent<Self> {
        TappableComponent(content: self, onTap: action)
    }
}

extension TappableNode {
    /// Shared, so that reading them allocates nothing.
    fileprivate static let origin: [CGPoint] = [.zero]
    fileprivate static let first: [Int] = [0]
}
