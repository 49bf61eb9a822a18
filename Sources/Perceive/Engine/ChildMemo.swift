import Foundation

/// What a container laid out at one place of a builder's body last time: the builder slot each
/// child laid out into (its node), if it did. Kept by the builder's slot for as long as its body
/// lays the container out at that place.
@MainActor
final class ChildMemo {
    let path: Int
    let type: ObjectIdentifier
    /// The slot of each child, named, not owned (see `SlotName`).
    private(set) var slots: [SlotName?]
    /// The children laid out (the container's array, shared, not copied).
    private(set) var components: [any Component]
    /// Whether the child at each index could be taken for its slot again as it was: the child was
    /// the same as the builder its slot holds (``Component/_isSame(asBuiltBy:id:)`` held), and
    /// the slot a memoized `Equatable` builder outside any reader, laid out under `constraint`.
    private(set) var same: [Bool]
    /// The constraint every child was laid out under (`nil` when they differed).
    private(set) var constraint: Constraint?
    /// The environment's identity where the container laid out.
    private(set) var environmentIdentity: Int
    /// What the container itself kept of that layout (see ``ChildReuse/finish(_:keeping:)``).
    private(set) var container: AnyObject?
    /// Some child could be taken again (`same` holds somewhere).
    private(set) var hasSame: Bool
    /// Some child laid out into a slot (a list of plain components has none: nothing in it can be
    /// taken, and its children are not looked for one by one).
    private(set) var hasSlots: Bool
    /// The owning slot's body pass that last used it (see `LayoutSlot.sweepMemos`).
    var pass: Int

    /// An empty memo for the container of `type` at `path`; `update` fills it in.
    init(path: Int, type: ObjectIdentifier) {
        (self.path, self.type, slots, components, same) = (path, type, [], [], [])
        (constraint, environmentIdentity, container, hasSame, hasSlots, pass) = (nil, 0, nil, false, false, 0)
    }

    /// Becomes the memo of the layout that just ended at its place (see `ChildReuse.finish`): a
    /// container laid out again updates the memo it read instead of replacing it with a new
    /// object (an allocation and a deallocation per container per layout).
    func update(
        slots: [SlotName?], components: [any Component], same: [Bool], constraint: Constraint?, environmentIdentity: Int,
        container: AnyObject?
    ) {
        (self.slots, self.components, self.same) = (slots, components, same)
        (self.constraint, self.environmentIdentity, self.container) = (constraint, environmentIdentity, container)
        hasSame = ExistentialBits.anyTrue(same)
        hasSlots = hasSame || Self.anyNamed(slots)
    }

    private static func anyNamed(_ slots: [SlotName?]) -> Bool {
        var index = 0
        while index < slots.count {
            if slots[index] != nil { return true }
            index &+= 1
        }
        return false
    }
}
