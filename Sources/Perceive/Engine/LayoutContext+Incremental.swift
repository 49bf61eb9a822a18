import Foundation

/// The two ways a reload lays out: everything from the engine's component, or only what changed.
extension LayoutContext {
    /// A full layout of the engine's `component` (the caller tracks the reads made outside
    /// memoized builders). Clean slots are still reused where their values allow it.
    func layoutRoot(
        _ component: any Component, _ constraint: Constraint, _ environment: EnvironmentValues,
        automatic: Bool
    ) -> any RenderNode {
        beginLayout()
        changesStayedInPlace = false
        changedInPlace.clearKeepingStorage()
        dirtySlots.clearKeepingStorage()
        let savedAutomatic = self.automatic
        self.automatic = automatic
        defer { self.automatic = savedAutomatic }
        if let node = component._layoutAsEngineRoot(_EngineRoot(context: self, constraint: constraint, environment: environment)) {
            return node
        }
        usePlainRoot()
        root.body = component
        root.constraint = constraint
        root.environment = environment
        root.isAutomatic = automatic
        layoutBody(root, replaying: false)
        return root.inner
    }

    /// An incremental layout: rebuilds only the memoized builders whose reads changed, each under
    /// its previous constraint and environment, then walks up while a size changed — each builder
    /// above lays out its stored body again, reusing its other children as they are.
    ///
    /// A dirty builder inside a measurement reader cannot be laid out alone (the reader has to
    /// measure again): the walk starts at the nearest builder outside the reader.
    func relayoutDirty() -> any RenderNode {
        beginLayout()
        changesStayedInPlace = true
        changedInPlace.clearKeepingStorage()
        // The slots marked before this layout, outermost first: rebuilding a builder rebuilds (or
        // reuses) whatever dirty is below it. They are read in place (only slots of several depths
        // are copied, sorted) and the list is emptied once no copy shares it, so it keeps its
        // storage: emptying it while the ordered copy shared it allocated a new one (9 KiB for
        // 1,000 rows) every reload. A write during the layout reaches the engine after it,
        // through the inbox (`ReloadScheduler.applyNow`), so nothing is added meanwhile.
        if Self.isOutermostFirst(dirtySlots) {
            var index = 0
            while index < dirtySlots.count {
                Borrowed.with(dirtySlots[index]) { relayoutIfDirty($0) }
                index &+= 1
            }
        } else {
            for slot in Self.outermostFirst(dirtySlots) { Borrowed.with(slot) { relayoutIfDirty($0) } }
        }
        dirtySlots.clearKeepingStorage()
        return rootHoldsBuilder ? root : root.inner
    }

    private func relayoutIfDirty(_ slot: LayoutSlot) {
        guard slot.isDirty && !slot.isDiscarded else { return }
        // (Most slots are outside readers: laid out as given, not through a copy that retains.)
        guard slot.isInsideReader else { return relayout(slot) }
        var target = slot
        while target.isInsideReader, let parent = target.parent { target = parent }
        relayout(target)
    }

    /// Whether `slots` are ordered by depth already (rows of one list share a depth): one pass.
    private static func isOutermostFirst(_ slots: [Unmanaged<LayoutSlot>]) -> Bool {
        var index = 1
        while index < slots.count && depth(slots[index - 1]) <= depth(slots[index]) { index += 1 }
        return index >= slots.count
    }

    @inline(__always)
    private static func depth(_ slot: Unmanaged<LayoutSlot>) -> Int { Borrowed.with(slot) { $0.depth } }

    /// `slots` ordered by depth, stably: integer keys are sorted — a comparator closure formed
    /// here would be main-actor isolated, and each call would check the executor at run time.
    private static func outermostFirst(_ slots: [Unmanaged<LayoutSlot>]) -> [Unmanaged<LayoutSlot>] {
        // Depth in the high bits, position in the low ones: sorting the keys is a stable sort.
        var keys = [Int]()
        keys.reserveCapacity(slots.count)
        for (position, slot) in slots.enumerated() { keys.append(depth(slot) << 32 | position) }
        keys.sort()
        var ordered = [Unmanaged<LayoutSlot>]()
        ordered.reserveCapacity(slots.count)
        for key in keys { ordered.append(slots[key & 0xFFFF_FFFF]) }
        return ordered
    }

    private func relayout(_ start: LayoutSlot) {
        let before = start.size
        lay(start)
        // (A root that is a builder's slot is rendered as that slot, and patched like one.)
        if (start !== root || rootHoldsBuilder) && start.size == before {
            if changesStayedInPlace { changedInPlace.append(Unmanaged.passUnretained(start)) }
            return
        }
        changesStayedInPlace = false
        changedInPlace.clearKeepingStorage()
        walkUp(from: start, sizedBefore: before)
    }

    /// Lays out each slot above `start` again while the one below it changed size.
    private func walkUp(from start: LayoutSlot, sizedBefore startBefore: CGSize) {
        var slot = start
        var before = startBefore
        while slot !== root, slot.size != before, let parent = slot.parent {
            before = parent.size
            lay(parent)
            slot = parent
        }
    }

    /// Builds the slot again if its own reads changed; otherwise lays its stored body out again.
    private func lay(_ slot: LayoutSlot) {
        NestingGuard.withBase(slot.depth) {
            if slot.isDirty { rebuild(slot) } else { layoutBody(slot, replaying: true) }
        }
    }
}
