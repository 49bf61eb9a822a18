import Foundation

extension LayoutContext {
    /// Whether the layout in progress may take children from a container's memo: not while a body
    /// lays out again with the same values in the same layout (a stack stretching a child), in a
    /// reader's pass, or when nothing may be reused.
    var allowsChildReuse: Bool { !repeating && !revisiting && readerDepth == 0 && !rebuildsEverything }

    /// Takes `slot` as it is when a builder laid out now with the value it was built from would
    /// do exactly that: a clean, `Equatable` memoized slot of the body laying out, not yet visited
    /// in this layout, under the same constraint and environment. Marks it visited, as `slot(for:)`
    /// and `visit` would.
    func takeUnchanged(_ slot: LayoutSlot, _ constraint: Constraint) -> Bool {
        let body = current
        guard slot.isChild(of: body), slot.generation != generation, slot.isEquatable, slot.isMemoized,
            slot.hasBuilder, !slot.isDirty, !slot.hasDirtyDescendant, !slot.isInsideReader, !slot.isDiscarded,
            slot.constraint == constraint, slot.environmentIdentity == EnvironmentStack.currentIdentity
        else { return false }
        markTaken(slot, in: body)
        return true
    }

    /// Takes `slot` as it is when a container's memo vouches for it (see `ChildMemo.same`) and
    /// nothing below the body has been dirty since: only that it is not taken twice is checked.
    @inline(__always)
    func takeClean(_ slot: LayoutSlot) -> Bool {
        guard slot.generation != generation else { return false }
        markTaken(slot, in: current)
        return true
    }

    /// Marks a slot taken as it is visited, as `slot(for:)` and `visit` would.
    @inline(__always)
    func markTaken(_ slot: LayoutSlot, in body: LayoutSlot) {
        body.take(slot, generation: generation)
        countTaken(1)
    }

    /// Counts `count` children taken as they were (builds skipped, unless the body only replays).
    @inline(__always)
    func countTaken(_ count: Int) {
        guard !replaying else { return }
        buildsSkipped &+= count
        childrenReused &+= count
    }
}
