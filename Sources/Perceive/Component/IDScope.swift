import Foundation

/// An explicit id takes the place of the child index in the retained layout's positions, so a
/// keyed child keeps its retained state wherever it moves among its siblings.
@MainActor
enum IDScope {
    /// Puts `id` in place of the child index; returns the path to restore.
    static func enter(_ id: String) -> Int {
        // Hashed first: with no call between reading the context and writing it, the context is
        // not retained around the hashing (a retain and a release per id laid out).
        let hash = pathHash(id)
        guard let context = LayoutContext.current else { return 0 }
        let saved = context.path
        context.path = LayoutContext.combine(context.containerPath, hash)
        return saved
    }

    /// A position needs a well-spread number, not a seeded, attack-resistant hash. (Two sibling
    /// ids with equal hashes still get distinct positions: the second is the next occurrence.)
    static func pathHash(_ id: String) -> Int { KeyTable.keyHash(id) }

    static func leave(_ path: Int) {
        LayoutContext.current?.path = path
    }

    /// `layout()` laid out with `id` in place of the child index (the position of every slot below
    /// it), its node named `id` — inside the id's place: named after leaving it, the node was
    /// copied first.
    @inline(__always)
    static func identified(_ id: String, _ layout: () -> any RenderNode) -> any RenderNode {
        let path = enter(id)
        let node = identify(layout(), id)
        leave(path)
        return node
    }

    /// `node` under `id`. A builder's slot takes the id itself (its position is keyed by that id
    /// already), which saves a wrapper per row of a keyed list; the innermost id wins, as it does
    /// for a wrapped node.
    static func identify(_ node: consuming any RenderNode, _ id: String) -> any RenderNode {
        if case .slot(let slot) = node._wrapping.kind, let context = LayoutContext.current {
            if slot.explicitIDGeneration != context.generation || slot.explicitID == nil {
                slot.explicitID = id
                slot.explicitIDGeneration = context.generation
            }
            return slot
        }
        return IDNode(base: node, id: id)
    }
}
