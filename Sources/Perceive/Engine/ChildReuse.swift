import Foundation

/// Lets a container skip children that are what they were last time.
///
/// When a list's builder runs again (a row was swapped, removed, appended), every row's value is
/// made again, but most equal the previous one: the same row object under the same id. Such a
/// child, an `Equatable` builder (perhaps under an explicit id) that laid out into a memoized slot
/// still clean (nothing it read changed, same constraint and environment), would only find its
/// slot, compare itself with `==` and return the slot. The container takes the slot directly
/// instead — one call comparing the child with the builder value and id the slot keeps
/// (``Component/_isSame(asBuiltBy:id:)``: the same id and `==`) and a few flags — without the
/// child's own layout, which would find the slot through the layout's position and save and
/// restore the layout state around it.
///
/// Each child is compared with the slot of the child at its own index last time (a removed or
/// inserted child shifts the rest by one: the slot after the last match is tried as well). A child found at
/// another index reuses its slot only if the slot is named by an explicit id (an unnamed child's
/// identity is its position). Anything else — a value that differs, a plain builder (it rebuilds
/// whenever its parent does), a slot that must build or lay out again, a reader's pass — takes the
/// child's own layout.
@MainActor
package struct ChildReuse {
    private(set) var memo: ChildMemo?
    private(set) var context: LayoutContext?
    private(set) var path = 0
    private(set) var type = ObjectIdentifier(ChildReuse.self)
    var lastMatch = -1
    /// The slot each child laid out into (the next memo's `slots`), and whether the child is the
    /// same as that slot's builder (its `same`): the previous memo's arrays, changed only where
    /// this layout differs (a list taken as it was copies nothing).
    var slots: [SlotName?] = []
    var same: [Bool] = []
    /// Children below this index are recorded.
    var recorded = 0
    /// Children from the index after the last one laid out up to `runEnd` were taken in one run
    /// (see `takeRun`); the slot of child `i` among them is the memo's slot `i + runOffset`.
    var runEnd = 0
    var runOffset = 0
    /// Searches made by `moved` in this layout.
    var searches = 0
    /// Long runs of children bit for bit the previous ones (see `identicalRun`).
    var knownRuns = IdenticalRuns()

    /// Nothing to reuse yet: `begin` starts a container's layout. (Made empty and filled in place by
    /// the container, in another module: an initializer that looked the memo up built the value in
    /// a temporary and copied it out, about 250 instructions per container per layout.)
    package init() {}

    /// Starts laying out the children of a container of `type` at the current position.
    package mutating func begin(_ type: Any.Type) {
        let type = ObjectIdentifier(type)
        self.type = type
        guard let context = LayoutContext.current, context.allowsChildReuse else { return }
        self.context = context
        path = context.path
        memo = context.current.memo(path: path, type: type)
        if let memo { (slots, same) = (memo.slots, memo.same) }
    }

    /// Takes the children from `index` on that are, bit for bit and in order, the ones laid out
    /// last time (each at its own index, or each one further after a removal), while the memo can
    /// be trusted as a whole (see `identical`): one pass marks and records them all, and `take`
    /// then hands each out with no further check. Stops at the first child that differs (or whose
    /// slot was taken already); returns the first one's slot. (A child the container lays out
    /// another way, a growing one, never has `same` set: no run reaches it.)
    @inline(__always)
    mutating func takeRun(_ children: [any Component], from index: Int, _ constraint: Constraint) -> LayoutSlot? {
        guard markRun(children, from: index, constraint) > 0, let memo else { return nil }
        return memo.slots[index &+ runOffset].unsafelyUnwrapped.slot
    }

    /// `takeRun` for a container that stores its children's nodes and sizes itself: marks the run
    /// from `index` on and returns its length; the container then copies the run from its own
    /// record of the previous nodes (`NodeRuns`, at `runPosition`) or appends it (`appendRun`).
    @inline(__always)
    package mutating func takeRun(_ children: [any Component], from index: Int, _ constraint: Constraint) -> Int {
        let taken = markRun(children, from: index, constraint)
        if taken > 0 { runEnd = index }
        return taken
    }

    /// Where the first child of the run `takeRun` just took from `index` was in the memo's lists
    /// (and in the container's own record of the layout the memo is from: index for index).
    @inline(__always)
    package func runPosition(from index: Int) -> Int { index &+ runOffset }

    /// Appends the slots of the run of `count` children from `index` that `takeRun` just took, and
    /// hands each one's size to `size` (for a container that kept no record of its previous nodes
    /// to copy the run from: see `NodeRuns`).
    @inline(__always)
    package func appendRun(from index: Int, count: Int, into nodes: inout [any RenderNode], size: (CGSize) -> Void) {
        guard let memo else { return }
        var position = index &+ runOffset
        let end = position &+ count
        while position < end {
            let slot = memo.slots[position].unsafelyUnwrapped.slot
            size(slot.size)
            nodes.append(slot)
            position &+= 1
        }
    }

    /// Marks and records the run from `index` on (see `takeRun`); sets `runEnd` and `runOffset`.
    @inline(__always)
    mutating func markRun(_ children: [any Component], from index: Int, _ constraint: Constraint) -> Int {
        guard let memo, memo.hasSame, let context, ExistentialBits.areComparable, context.bodyIsClean,
            memo.environmentIdentity == EnvironmentStack.currentIdentity, memo.constraint?.isIdentical(to: constraint) == true
        else { return 0 }
        // Where the run's first child was last time: its own index, or right after the last match.
        var offset = 0
        var length = matchingRun(children, from: index, offset: 0, memo)
        if length == 0 {
            offset = lastMatch &+ 1 &- index
            guard offset > 0 else { return 0 }
            length = matchingRun(children, from: index, offset: offset, memo)
        }
        let (generation, body) = (context.generation, context.current)
        let taken = memo.slots.withUnsafeBufferPointer { names in
            body.listRun(
                names, from: index &+ offset, count: length, generation: generation, named: offset != 0,
                positions: (LayoutContext.positionalPath, index))
        }
        guard taken > 0 else { return 0 }
        while recorded < index { set(recorded, nil, false) }
        // In place, the memo already says this (the slot at its own index, `same`); moved, the
        // run's entries are the memo's a few places on, copied at once.
        if offset != 0 { recordMoved(index, taken, from: index &+ offset, memo) }
        recorded = index &+ taken
        context.countTaken(taken)
        lastMatch = index &+ taken &- 1 &+ offset
        (runEnd, runOffset) = (index &+ taken, offset)
        return taken
    }

    /// How many children from `index` on match the memo's from `index + offset` on (see
    /// `ExistentialBits.matchingRun`): inside a run `identicalRun` found, only `same` is read.
    @inline(__always)
    func matchingRun(_ children: [any Component], from index: Int, offset: Int, _ memo: ChildMemo) -> Int {
        guard let run = knownRuns.run(containing: index, offset: offset) else {
            return ExistentialBits.matchingRun(children, from: index, memo.components, offset: offset, memo.same)
        }
        return ExistentialBits.trueRun(memo.same, from: index &+ offset, count: run.end &- index)
    }

    /// Appends the slot of child `index` to `nodes` when it can be taken as it was (see above),
    /// recorded, and returns its size; `nil` when the child must lay out itself (then
    /// `recordLaidOut`): the two halves of a reusing child layout, for a container that lays the
    /// child out in its own frame: a nesting level of a deep tree then
    /// keeps one frame fewer on the stack (debug builds inline nothing).
    @inline(__always)
    package mutating func take(
        _ children: [any Component], _ index: Int, _ constraint: Constraint, into nodes: inout [any RenderNode]
    ) -> CGSize? {
        guard let slot = take(children, index, constraint) else { return nil }
        nodes.append(slot)
        return slot.size
    }

    @inline(__always)
    mutating func take(_ children: [any Component], _ index: Int, _ constraint: Constraint) -> LayoutSlot? {
        if index < runEnd, let memo { return memo.slots[index &+ runOffset].unsafelyUnwrapped.slot }
        if let slot = takeRun(children, from: index, constraint) { return slot }
        guard let memo, memo.hasSlots, let context,
            let slot = identical(children, index, constraint, memo, context) ?? reused(children, index, constraint, memo, context)
                ?? moved(children, index, constraint, memo, context)
        else { return nil }
        slot.claim = LayoutContext.claim(child: index, of: LayoutContext.positionalPath)
        record(index, slot, same: true)
        return slot
    }
}
