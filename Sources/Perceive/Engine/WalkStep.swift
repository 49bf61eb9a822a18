import Foundation

/// Work left for a walk: a node to look at, or the end of a slot's range. (What would be taken
/// next — a plain node found, a slot's own layout node — is collected at once, not pushed.)
@MainActor
enum WalkStep {
    case node(any RenderNode, CGPoint, RenderPath)
    case closeSlot(LayoutSlot, start: Int, origin: CGPoint, path: RenderPath)
}
