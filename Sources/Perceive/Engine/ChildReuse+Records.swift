import Foundation

/// What a container's layout records for the next one at its place: the slot each child laid out
/// into, whether it was the same as that slot's builder, and the runs found bit for bit unchanged.
extension ChildReuse {
    /// Records the slot a child laid out by itself went into, and whether the next layout may take
    /// it for an identical child (see `identical`).
    @inline(__always)
    package mutating func recordLaidOut(_ node: borrowing NodeHandle, _ children: [any Component], _ index: Int, _ constraint: Constraint) {
        guard context != nil, case .slot(let slot) = node.node._wrapping.kind else { return }
        recordLaidOut(slot, children, index, constraint)
    }

    @inline(never)
    mutating func recordLaidOut(_ slot: LayoutSlot, _ children: [any Component], _ index: Int, _ constraint: Constraint) {
        let same =
            slot.isEquatable && slot.isMemoized && slot.hasBuilder && !slot.isInsideReader
            && slot.constraint.isIdentical(to: constraint)
            && children[index]._isSame(asBuiltBy: slot.builder, id: slot.explicitID)
        record(index, slot, same: same)
    }

    /// What the container kept of its previous layout at this place (what it gave `finish`), when
    /// its children may be taken from that layout at all.
    package var previousContainerState: AnyObject? { memo?.container }

    /// How many children from `index` on are, each, bit for bit the child laid out at its index
    /// plus `offset` last time here (after a removal, `offset` is how many were removed before), so
    /// anything the container derived from that child alone, its flexibility, is still true.
    /// A long run is remembered: taking its children (`markRun`) then compares nothing again.
    package mutating func identicalRun(_ children: [any Component], from index: Int, offset: Int) -> Int {
        guard let memo, ExistentialBits.areComparable else { return 0 }
        let length = ExistentialBits.matchingRun(children, from: index, memo.components, offset: offset, nil)
        if length >= Self.rememberedRunLength { knownRuns.add(IdenticalRun(start: index, end: index &+ length, offset: offset)) }
        return length
    }

    /// Runs at least this long are remembered by `identicalRun` (a few rows are compared again
    /// faster than looked up).
    static let rememberedRunLength = 16

    /// Remembers this layout's children and the slots they laid out into, with what the container
    /// keeps of its own result (`container`), for the next layout at this place. `constraint` is
    /// the one every child went through `layout` with (`nil` if they differed).
    package mutating func finish(_ children: [any Component], laidOutUnder constraint: Constraint?, keeping container: AnyObject? = nil) {
        guard let context else { return }
        while recorded < children.count { set(recorded, nil, false) }
        if slots.count > children.count {
            slots.removeLast(slots.count - children.count)
            same.removeLast(same.count - children.count)
        }
        // The memo this layout started from, of this place (nothing reads it after `finish`), or a
        // new one for a first layout here.
        let next = memo ?? ChildMemo(path: path, type: type)
        next.update(
            slots: slots, components: children, same: same, constraint: constraint,
            environmentIdentity: EnvironmentStack.currentIdentity, container: container)
        context.current.remember(next)
    }

    /// Records child `index`'s slot; children skipped since the last one recorded laid out into none.
    @inline(__always)
    mutating func record(_ index: Int, _ slot: LayoutSlot, same isSame: Bool) {
        while recorded < index { set(recorded, nil, false) }
        set(index, slot, isSame)
    }

    /// Records the `count` children from `index` (the next one to record) as the same as the slots
    /// the memo names from `source` on.
    mutating func recordMoved(_ index: Int, _ count: Int, from source: Int, _ memo: ChildMemo) {
        let present = Swift.max(Swift.min(index &+ count, slots.count) &- index, 0)
        if present > 0 {
            slots.replaceSubrange(index..<(index &+ present), with: memo.slots[source..<(source &+ present)])
            same.replaceSubrange(index..<(index &+ present), with: repeatElement(true, count: present))
        }
        if present < count {
            slots.append(contentsOf: memo.slots[(source &+ present)..<(source &+ count)])
            same.append(contentsOf: repeatElement(true, count: count &- present))
        }
    }

    /// Sets entry `index` (the next one to record) where it differs from the previous memo's.
    @inline(__always)
    mutating func set(_ index: Int, _ slot: LayoutSlot?, _ isSame: Bool) {
        recorded = index &+ 1
        // (Not `slot.map(SlotName.init)`: a main-actor function passed as a value checks the
        // executor on every call.)
        var name: SlotName?
        if let slot { name = SlotName(slot) }
        guard index < slots.count else {
            slots.append(name)
            same.append(isSame)
            return
        }
        if !SlotName.same(slots[index], name) { slots[index] = name }
        if same[index] != isSame { same[index] = isSame }
    }
}
