import Foundation

/// A node with an explicit id; everything else is the wrapped node's.
///
/// A class: render sees through it on every pass (``RenderNode/_wrapping``), and handing out a
/// reference costs a retain where a struct would copy the wrapped node (a value-witness call) and
/// destroy the copy. It is allocated either way: with its id it is too large for an existential's
/// inline buffer.
final class IDNode: RenderNode {
    let base: any RenderNode
    let id: String?

    init(base: any RenderNode, id: String?) {
        self.base = base
        self.id = id
    }

    var size: CGSize { base.size }
    var children: [any RenderNode] { base.children }
    var positions: [CGPoint] { base.positions }
    var _inlineChildCount: Int { base._inlineChildCount }
    func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) { base._inlineChild(index) }
    func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) { base._inlineChildWrapping(index) }
    func visibleIndexes(in frame: CGRect) -> [Int] { base.visibleIndexes(in: frame) }
    func makeView() -> PlatformView? { base.makeView() }
    var viewType: ObjectIdentifier? { base.viewType }
    func updateView(_ view: PlatformView) { base.updateView(view) }
    func _updateChangedView(_ view: PlatformView) { base._updateChangedView(view) }
    func updateHandlers(_ view: PlatformView) { base.updateHandlers(view) }
    var rendersChildren: Bool { base.rendersChildren }
    var _wrapping: _RenderWrapping { _RenderWrapping(kind: .identified(self)) }
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard case .identified(let other) = other._wrapping.kind else { return false }
        return base.isContentEqual(to: other.base)
    }
}
