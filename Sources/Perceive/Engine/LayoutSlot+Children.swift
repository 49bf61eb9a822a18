import Foundation

/// A slot's children — the slots its body's last layout listed — and its containers' memos.
extension LayoutSlot {
    /// The child slots of the last layout of the body (see `SlotChildren`).
    var childSlots: [LayoutSlot] { family?.childSlots ?? [] }

    func makeFamily() -> SlotChildren {
        if let family { return family }
        let made = SlotChildren()
        family = made
        return made
    }

    /// Starts a new layout of the body: children are collected again in layout order.
    func beginChildren() {
        bodyPass &+= 1
        keptChildren = 0
        family?.begin()
    }

    /// The child with `key`, if it was a child after the previous layout of the body (see
    /// `SlotChildren.existingChild`).
    @inline(__always)
    func existingChild(_ key: SlotKey) -> LayoutSlot? { family?.existingChild(key) }

    /// Adds `child` to the children of the body laying out, once per layout of the body. A child
    /// listed by the previous layout (it is in `childSlots`: `childSlots` is exactly what that
    /// layout listed) is only counted.
    @inline(__always)
    func list(_ child: LayoutSlot) {
        var kept = keptChildren
        list(child, pass: bodyPass, kept: &kept)
        keptChildren = kept
    }

    /// `list(child)` with the body's pass given and its kept count in `kept` (a run keeps both in
    /// locals, see `listRun`).
    @inline(__always)
    private func list(_ child: LayoutSlot, pass: Int, kept: inout Int) {
        let listed = child.listedPass
        guard listed != pass else { return }
        child.listedPass = pass
        if listed == pass &- 1 { kept &+= 1 } else { makeFamily().nextChildSlots.append(child) }
    }

    /// Takes `child` as it was, without its own layout (see `LayoutContext.markTaken`): stamped
    /// with the layout's `generation`, nothing pending, listed and passed.
    @inline(__always)
    func take(_ child: LayoutSlot, generation: Int) {
        var kept = keptChildren
        take(child, generation: generation, pass: bodyPass, kept: &kept, lookup: family)
        keptChildren = kept
    }

    /// `take(child, generation:)` with the body's pass, kept count and lookup given (a run reads
    /// them once, see `listRun`). (A child the previous layout did not list has its lookup made by
    /// `list`: `lookup`, read before, was then empty or this same object, and passing it a child
    /// it does not hold does nothing.)
    @inline(__always)
    private func take(_ child: LayoutSlot, generation: Int, pass: Int, kept: inout Int, lookup: SlotChildren?) {
        child.generation = generation
        child.pendingWork = .none
        list(child, pass: pass, kept: &kept)
        lookup?.passed(child)
    }

    /// Takes the run of `count` child slots `names[start...]` as they were (see
    /// `ChildReuse.markRun`): each as `take(_:generation:)` takes one, in one loop, with the body's
    /// pass, count and lookup read once. Stops at a slot visited already in this layout (a repeated child) or, when
    /// `named`, at one with no explicit id (a moved child is followed by its name only); returns
    /// how many it took.
    func listRun(
        _ names: UnsafeBufferPointer<SlotName?>, from start: Int, count: Int, generation: Int, named: Bool,
        positions: (container: Int, firstIndex: Int)
    ) -> Int {
        let (pass, lookup) = (bodyPass, family)
        var kept = keptChildren
        var taken = 0
        while taken < count {
            let took = names[start &+ taken].unsafelyUnwrapped.withSlot { child in
                guard child.generation != generation, !named || child.isNamed else { return false }
                take(child, generation: generation, pass: pass, kept: &kept, lookup: lookup)
                // Claimed by its position, as `LayoutContext.slot(for:)` claims a slot it visits.
                child.claim = LayoutContext.claim(child: positions.firstIndex &+ taken, of: positions.container)
                return true
            }
            guard took else { break }
            taken &+= 1
        }
        keptChildren = kept
        return taken
    }

    /// How many times a layout of the body met the per-call-site `key` so far (see `ChildLayout`).
    func occurrence(of key: String) -> Int? { family?.occurrences[key] }

    func setOccurrence(_ count: Int, of key: String) { makeFamily().occurrences[key] = count }

    // MARK: Container memos

    /// The memo of the container of `type` at `path` in the body, marked used by this body pass.
    func memo(path: Int, type: ObjectIdentifier) -> ChildMemo? { family?.memo(path: path, type: type, pass: bodyPass) }

    /// Keeps `memo` for the container at its place (replacing the one there).
    func remember(_ memo: ChildMemo) { makeFamily().remember(memo, pass: bodyPass) }

    /// Drops the memos of containers the body no longer laid out in its last pass.
    func sweepMemos() { family?.sweepMemos(pass: bodyPass) }

    /// Ends the layout of the body: children it did not visit left the tree (also when the body
    /// was laid out twice in one layout and the second time skipped one). Returns them.
    func endChildren() -> [LayoutSlot] { family?.end(pass: bodyPass, kept: keptChildren) ?? [] }
}
