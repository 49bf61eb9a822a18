import Foundation

/// A slot named without being owned, where the name never outlives the slot and owning it would
/// only count references:
/// - a container's memo names its children's slots: the memo's lists are copied when a layout
///   changes them and freed when it is replaced, and owning each slot there would retain and
///   release every row's slot twice per reload of a reordered list. The memo never outlives what
///   owns the slots: every slot it names is a child its body listed in the layout that made it
///   (the body's `childSlots` hold those), and a memo a body's layout did not use is dropped with
///   the slots that layout did not list (`LayoutSlot.sweepMemos`, `endChildren`);
/// - a memoized slot's subscription names its slot (`ScopeCore.owner`), read only while the
///   subscription is not cancelled (`LayoutContext.discard` cancels it before the slot can go).
struct SlotName {
    let pointer: UnsafeRawPointer

    /// Whether `a` and `b` name the same slot (or both none).
    @inline(__always)
    static func same(_ a: SlotName?, _ b: SlotName?) -> Bool { a?.pointer == b?.pointer }

    @MainActor
    init(_ slot: LayoutSlot) { pointer = UnsafeRawPointer(Unmanaged.passUnretained(slot).toOpaque()) }

    /// A name made from `pointer` (see `pointer`).
    init(pointer: UnsafeRawPointer) { self.pointer = pointer }

    /// The slot (alive: see above).
    @MainActor
    var slot: LayoutSlot { Unmanaged<LayoutSlot>.fromOpaque(pointer).takeUnretainedValue() }

    /// `body(slot)`, the slot neither retained nor released around it (alive: see above).
    @MainActor @inline(__always)
    func withSlot<Result>(_ body: (LayoutSlot) -> Result) -> Result {
        Unmanaged<LayoutSlot>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}
