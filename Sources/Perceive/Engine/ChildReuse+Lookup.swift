import Foundation

/// How a container finds the slot of one child that is what it was, when no run took it: at its
/// own index or right after the last match (bit for bit, or by `==`), or by a search of the memo
/// for a named child that moved far.
extension ChildReuse {
    /// The slot of a named child laid out last time further away than `identical` and `reused`
    /// look (a row swapped with a distant one, or moved): the memo's children are searched for its
    /// bits, a pass over one contiguous list, where the child's own layout would look its slot up
    /// among the body's slots, one object per row. At most `searchLimit` per layout of the
    /// container, so a list of new rows does not search once per row.
    mutating func moved(
        _ children: [any Component], _ index: Int, _ constraint: Constraint, _ memo: ChildMemo, _ context: LayoutContext
    ) -> LayoutSlot? {
        guard searches < Self.searchLimit, memo.hasSame, ExistentialBits.areComparable else { return nil }
        searches &+= 1
        guard let candidate = ExistentialBits.firstMatch(of: children, index, in: memo.components, after: index, memo.same) else {
            return nil
        }
        let slot = memo.slots[candidate].unsafelyUnwrapped.slot
        let trusted =
            context.bodyIsClean && memo.environmentIdentity == EnvironmentStack.currentIdentity
            && memo.constraint?.isIdentical(to: constraint) == true
        guard slot.isNamed, trusted ? context.takeClean(slot) : context.takeUnchanged(slot, constraint) else { return nil }
        return slot
    }

    /// Searches of the memo (`moved`) a layout of the container makes at most.
    static let searchLimit = 4

    /// The slot of the child laid out last time at `index` (or right after the last match), when
    /// the child is bit for bit that one, which was the same as its slot's builder: it is then the
    /// same as that builder too, without opening it and calling `==` (about 200 instructions a
    /// row). A value is held in the existential's own three words when it fits (an id around a row
    /// builder does), so equal bits there are the same references and the same small strings; a
    /// value in a box, or bits that differ for any reason (unused bytes), take `reused` instead.
    @inline(__always)
    mutating func identical(
        _ children: [any Component], _ index: Int, _ constraint: Constraint, _ memo: ChildMemo, _ context: LayoutContext
    ) -> LayoutSlot? {
        guard ExistentialBits.areComparable else { return nil }
        var candidate = index
        if !identical(children, index, memo, candidate) {
            candidate = lastMatch &+ 1
            guard candidate != index, identical(children, index, memo, candidate) else { return nil }
        }
        let slot = memo.slots[candidate].unsafelyUnwrapped.slot
        guard candidate > lastMatch || candidate == index, candidate == index || slot.isNamed else { return nil }
        // The memo says what the slot was; when nothing below the body has been dirty since, the
        // container's environment is the memo's and the constraint too, it still is exactly that.
        let trusted =
            context.bodyIsClean && memo.environmentIdentity == EnvironmentStack.currentIdentity
            && memo.constraint?.isIdentical(to: constraint) == true
        guard trusted ? context.takeClean(slot) : context.takeUnchanged(slot, constraint) else { return nil }
        lastMatch = candidate
        return slot
    }

    @inline(__always)
    func identical(_ children: [any Component], _ index: Int, _ memo: ChildMemo, _ candidate: Int) -> Bool {
        guard candidate >= 0 && candidate < memo.components.count && candidate < memo.same.count && memo.same[candidate] else {
            return false
        }
        return ExistentialBits.equal(children, index, memo.components, candidate)
    }

    mutating func reused(
        _ children: [any Component], _ index: Int, _ constraint: Constraint, _ memo: ChildMemo, _ context: LayoutContext
    ) -> LayoutSlot? {
        // The same place, then the one after the last match, then the one after that (one removed).
        var candidate = index
        if !matches(children, index, memo, candidate) {
            candidate = lastMatch &+ 1
            if candidate == index || !matches(children, index, memo, candidate) {
                candidate = lastMatch &+ 2
                guard candidate != index, matches(children, index, memo, candidate) else { return nil }
            }
        }
        let slot = memo.slots[candidate].unsafelyUnwrapped.slot
        guard candidate == index || slot.isNamed, context.takeUnchanged(slot, constraint) else { return nil }
        lastMatch = candidate
        return slot
    }

    @inline(__always)
    func matches(_ children: [any Component], _ index: Int, _ memo: ChildMemo, _ candidate: Int) -> Bool {
        guard candidate >= 0 && candidate < memo.slots.count, let slot = memo.slots[candidate]?.slot, slot.hasBuilder else { return false }
        return children[index]._isSame(asBuiltBy: slot.builder, id: slot.explicitID)
    }
}
