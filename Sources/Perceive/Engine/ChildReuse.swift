/// What a container laid out at one place of a builder's body last time: the builder slot each
/// child laid out into (its node), if it did. Kept by the builder's slot for as long as its body
/// lays the container out at that place.
@MainActor
final class ChildMemo {
    let path: Int
    let type: ObjectIdentifier
    var slots: [LayoutSlot?]
    /// The owning slot's body pass that last used it (see `LayoutSlot.sweepMemos`).
    var pass: Int

    init(path: Int, type: ObjectIdentifier, slots: [LayoutSlot?], pass: Int) {
        (self.path, self.type, self.slots, self.pass) = (path, type, slots, pass)
    }
}

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
    private let memo: ChildMemo?
    private let context: LayoutContext?
    private let path: Int
    private let type: ObjectIdentifier
    private var lastMatch = -1
    /// The slot each child laid out into so far (the next memo's `slots`).
    private var slots: [LayoutSlot?] = []

    /// Starts laying out the children of a container of `type` at the current position.
    package init(_ type: Any.Type) {
        let type = ObjectIdentifier(type)
        self.type = type
        guard let context = LayoutContext.current, context.allowsChildReuse else {
            (memo, self.context, path) = (nil, nil, 0)
            return
        }
        self.context = context
        path = context.path
        memo = context.current.memo(path: path, type: type)
    }

    /// Lays out child `index` of `children` under `constraint`, reusing its slot when it is exactly
    /// what it was (see above); otherwise as `ChildLayout.layout` does.
    package mutating func layout(_ children: [any Component], _ index: Int, _ constraint: Constraint) -> any RenderNode {
        if let memo, let context, let slot = reused(children, index, constraint, memo, context) {
            record(index, slot)
            return slot
        }
        let position = ChildLayout.enter(index)
        let node = children[index].layout(constraint)
        ChildLayout.leave(position)
        if context != nil, case .slot(let slot) = node._wrapping.kind { record(index, slot) }
        return node
    }

    /// Remembers this layout's children and the slots they laid out into, for the next layout at
    /// this place.
    package mutating func finish(_ children: [any Component]) {
        guard let context else { return }
        if slots.count < children.count { slots.append(contentsOf: repeatElement(nil, count: children.count - slots.count)) }
        context.current.remember(ChildMemo(path: path, type: type, slots: slots, pass: 0))
    }

    private mutating func record(_ index: Int, _ slot: LayoutSlot) {
        if slots.count < index { slots.append(contentsOf: repeatElement(nil, count: index - slots.count)) }
        if slots.count == index { slots.append(slot) } else { slots[index] = slot }
    }

    private mutating func reused(
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
        let slot = memo.slots[candidate]!
        guard candidate == index || slot.explicitID != nil, context.takeUnchanged(slot, constraint) else { return nil }
        lastMatch = candidate
        return slot
    }

    @inline(__always)
    private func matches(_ children: [any Component], _ index: Int, _ memo: ChildMemo, _ candidate: Int) -> Bool {
        guard candidate >= 0 && candidate < memo.slots.count, let slot = memo.slots[candidate], slot.hasBuilder else { return false }
        return children[index]._isSame(asBuiltBy: slot.builder, id: slot.explicitID)
    }
}

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
        guard slot.parentID == ObjectIdentifier(body), slot.generation != generation, slot.isEquatable, slot.isMemoized,
            slot.hasBuilder, !slot.isDirty, !slot.hasDirtyDescendant, !slot.isInsideReader, !slot.isDiscarded,
            slot.constraint == constraint, slot.environmentIdentity == EnvironmentStack.currentIdentity
        else { return false }
        slot.generation = generation
        body.list(slot)
        body.passed(slot)
        slot.pendingWork = .none
        if !replaying {
            buildsSkipped += 1
            childrenReused += 1
        }
        return true
    }
}
