import Foundation

/// A slot's entry in a node list that handed the slot over to the list made from it.
///
/// A list that keeps most rows (a swap, a removal) is made from the previous one: `NodeRuns`
/// copies each taken slot's words into the new list, which then owns the slot, and marks the
/// entry it came from as moved — the same slot, unowned, behind this type's witnesses. Without
/// that hand-over every row's slot was retained into the new list and released with the old one:
/// two atomic operations a row, a fifth of a swap's time.
///
/// The rules that keep an entry from outliving its slot:
/// - a list made by a layout owns every slot it holds — taken over from the entry it came from,
///   or retained when that entry was itself moved (a list is made from a moved one only when one
///   layout's list is the source of two);
/// - the previous list, once handed over, is read only to compare a node's words with the new
///   list's (`ListPatch`, with the list it rendered: its entries are never used as slots), and is
///   dropped by its holders (the container's memo and node, the render record) when the new list
///   takes their place;
/// - a moved entry's slot is alive as long as the list that took it is, or its body lists it, or
///   a view shows it; the entries a render still compares belong to the list it rendered, whose
///   successor — the layout being rendered — holds every one of their slots it kept;
/// - no list given out of the engine is ever handed over: once ``ComponentEngine/rootNode`` has
///   been read, the engine's lists keep their slots (`ComponentEngine.listsEscaped`), so a node
///   kept outside describes its layout for as long as it is kept. (A custom layout keeping a child's
///   node from one layout to return from a later one is outside `Component.layout`'s contract.)
///
/// Everything a node answers is the slot's answer, so a moved entry read as a node (by a holder
/// that did not let go yet) is the slot itself.
@MainActor
struct MovedSlot: RenderNode {
    unowned(unsafe) let slot: LayoutSlot

    var size: CGSize { slot.size }
    var children: [any RenderNode] { slot.children }
    var positions: [CGPoint] { slot.positions }
    var _inlineChildCount: Int { slot._inlineChildCount }
    func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) { slot._inlineChild(index) }
    func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) { slot._inlineChildWrapping(index) }
    var id: String? { slot.id }
    func visibleIndexes(in frame: CGRect) -> [Int] { slot.visibleIndexes(in: frame) }
    func makeView() -> PlatformView? { slot.makeView() }
    var viewType: ObjectIdentifier? { slot.viewType }
    func updateView(_ view: PlatformView) { slot.updateView(view) }
    func isContentEqual(to other: any RenderNode) -> Bool { slot.isContentEqual(to: other) }
    func updateHandlers(_ view: PlatformView) { slot.updateHandlers(view) }
    var rendersChildren: Bool { slot.rendersChildren }
    var _wrapping: _RenderWrapping { _RenderWrapping(kind: .slot(slot)) }
    func _compareContent(with content: _NodeContent) -> _ContentComparison { slot._compareContent(with: content) }
}
