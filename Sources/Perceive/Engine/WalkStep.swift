import Foundation

/// Work left for a walk: a node to look at, one known not to be a slot or an id, or the end of a
/// slot's range.
@MainActor
enum WalkStep {
    case node(any RenderNode, CGPoint, RenderPath)
    case plain(any RenderNode, CGPoint, RenderPath)
    /// A slot whose output is a plain node, collected in its place (the node's children may make a
    /// `RenderedList`).
    case slotInner(LayoutSlot, CGPoint, RenderPath)
    case closeSlot(LayoutSlot, start: Int, origin: CGPoint, path: RenderPath)
}
