import Foundation

/// A slot is the node its parent's layout holds: everything else a render asks is its output's
/// (asked in place: see `withInner`), and render recognises it unchanged by its version.
extension LayoutSlot {
    var children: [any RenderNode] { withInner { $0.children } }
    var positions: [CGPoint] { withInner { $0.positions } }
    var _inlineChildCount: Int { withInner { $0._inlineChildCount } }
    func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) { withInner { $0._inlineChild(index) } }
    func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        withInner { $0._inlineChildWrapping(index) }
    }
    /// (Known to be nil without asking `inner`, which copies it, when it names nothing: a row's label.)
    var id: String? { innerHasID ? withInner { $0.id } : nil }
    func visibleIndexes(in frame: CGRect) -> [Int] { withInner { $0.visibleIndexes(in: frame) } }
    func makeView() -> PlatformView? { withInner { $0.makeView() } }
    var _wrapping: _RenderWrapping { _RenderWrapping(kind: .slot(self)) }

    func updateView(_ view: PlatformView) {
        withInner { $0.updateView(view) }
        noteRendered()
    }

    func updateHandlers(_ view: PlatformView) {
        // Unchanged since the view was configured from it: the view already holds its handlers.
        guard renderedVersion != version else { return }
        withInner { $0.updateHandlers(view) }
        noteRendered()
    }

    func noteRendered() {
        renderedVersion = version
        renderedContentVersion = contentVersion
    }

    /// Its view went through the reuse pool (handlers dropped): the next render configures the
    /// handlers again.
    func forgetRendered() {
        renderedVersion = -1
        slotOutputChanges &+= 1
    }

    /// `node` is this slot and it has not changed since it configured a view.
    func isRendered(as node: any RenderNode) -> Bool {
        guard case .slot(let other) = node._wrapping.kind else { return false }
        return other === self && renderedVersion == version
    }

    /// Unchanged since its view was configured (same version), or changed to equal content (same
    /// content version). Against another slot, the comparison is with what that slot last
    /// configured a view from: its node when that still has the configured content, else nothing
    /// (it was laid out again since: a slot is a retained, mutable node).
    func isContentEqual(to other: any RenderNode) -> Bool {
        // A slot read in place (asked through `_wrapping`, it was retained and released).
        if let equal = SlotBits.withSlot(other, { isContentEqual(toSlot: $0) }) { return equal }
        guard case .slot(let other) = other._wrapping.kind else { return withInner { $0.isContentEqual(to: other) } }
        return isContentEqual(toSlot: other)
    }

    private func isContentEqual(toSlot other: LayoutSlot) -> Bool {
        guard other === self else {
            guard other.renderedContentVersion == other.contentVersion else { return false }
            return withInner { mine in other.withInner { mine.isContentEqual(to: $0) } }
        }
        // (Also true when it is unchanged since it configured the view: a new version with other
        // content has moved the content version.)
        return renderedContentVersion == contentVersion
    }
}
