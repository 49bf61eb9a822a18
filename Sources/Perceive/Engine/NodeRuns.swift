/// A container's children's nodes put together from runs of its previous layout's nodes and the
/// nodes laid out anew, in one array made once.
///
/// A list that kept most rows (a swap, a removal) takes them in runs (see `ChildReuse.takeRun`):
/// each run is a slice of the nodes the container laid out last time. Appended to an array, every
/// node of a run is copied through its type's value witnesses (about 80 instructions a node). Here
/// a slot's words are copied (a slot held by an `any RenderNode` is a class reference: see
/// `SlotBits`) and the slot handed over: the new list owns it, and the previous list's entry is
/// marked moved (`MovedSlot`, which says what may read it since) — no retain into the new list, no
/// release with the old one. An entry already moved is retained into the new list; anything that
/// is not a slot is copied as the standard library copies it.
@MainActor
package struct NodeRuns {
    /// A run: `count` nodes that go at `at` on, the previous nodes' from `from` on.
    private struct Run {
        let at: Int
        let from: Int
        let count: Int
    }

    private var runs: [Run] = []
    private var source: [any RenderNode] = []
    /// Whether the slots are handed over (see `MovedSlot`); not when the engine laying out gave a
    /// node of its tree out (`ComponentEngine.listsEscaped`): a list kept outside must keep its slots.
    private var handsOver = false

    package init() {}

    /// Whether runs can be noted here (the representation `SlotBits` checks holds).
    package static var areAvailable: Bool { SlotBits.holds }

    /// Whether a run was noted (then `merge` must put the nodes together).
    package var isEmpty: Bool { runs.isEmpty }

    /// Notes that the nodes at `at..<at + count` are `previous[from..<from + count]`; false (noting
    /// nothing) when that slice is not in `previous` or another list's runs were noted.
    package mutating func note(at: Int, from: Int, count: Int, of previous: [any RenderNode]) -> Bool {
        // (No closures here and in `merge`: see `LayoutPass.beginAgain()`.)
        guard from >= 0, count > 0, from + count <= previous.count else { return false }
        if let last = runs.last, last.at + last.count > at { return false }
        if runs.isEmpty {
            source = previous
            if let context = LayoutContext.current { handsOver = !context.engine.listsEscaped } else { handsOver = true }
        } else if !source.sharesStorage(with: previous) {
            return false
        }
        runs.append(Run(at: at, from: from, count: count))
        return true
    }

    /// The nodes in order: the runs at their places, `own` (the nodes laid out anew, in order) in
    /// the places between them. Nothing noted: `own` as it is.
    package func merge(_ own: [any RenderNode]) -> [any RenderNode] {
        guard !runs.isEmpty else { return own }
        var total = own.count
        for run in runs { total += run.count }
        return Self.merge(own, runs, source, total, slotType: SlotBits.slotType, moved: SlotBits.movedWords, handsOver: handsOver)
    }

    /// (Not main-actor isolated: a main-actor closure given to the array's initializer would check
    /// the executor.)
    private nonisolated static func merge(
        _ own: [any RenderNode], _ runs: [Run], _ source: [any RenderNode], _ total: Int, slotType: UInt,
        moved: (type: UInt, witnesses: UInt), handsOver: Bool
    ) -> [any RenderNode] {
        own.withUnsafeBufferPointer { own in
            source.withUnsafeBufferPointer { source in
                [any RenderNode](unsafeUninitializedCapacity: total) { buffer, initialized in
                    let (target, previous) = (buffer.baseAddress.unsafelyUnwrapped, source.baseAddress.unsafelyUnwrapped)
                    var (out, next) = (0, 0)
                    // Own nodes fill the places before each run (`note` keeps runs in order and in
                    // bounds; an own list too short for the places only ends the array early).
                    func fill(upTo end: Int) {
                        while out < end && next < own.count {
                            (target + out).initialize(to: own[next])
                            (out, next) = (out + 1, next + 1)
                        }
                    }
                    for run in runs {
                        fill(upTo: run.at)
                        guard out == run.at else {
                            initialized = out
                            return
                        }
                        let (to, from) = (target + out, previous + run.from)
                        var index = 0
                        while index < run.count {
                            // One pass: each slot's words copied and the slot handed over (the
                            // entry it came from marked moved in place: its slot pointer stays, its
                            // type words become `MovedSlot`'s). The previous list is written through
                            // its read-only buffer on purpose — its storage is shared by the holders
                            // that have yet to drop it, and a copy would defeat the hand-over; each
                            // of them reads the same slot through the moved entry. (A loop of word
                            // copies, not `memcpy`: the same work, and valgrind counts a `rep movsb`
                            // once per byte.)
                            let (node, words) = (UnsafeMutableRawPointer(to + index), UnsafeMutableRawPointer(mutating: from + index))
                            let type = words.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
                            if type == slotType {
                                for word in 0..<5 {
                                    node.storeBytes(
                                        of: words.load(fromByteOffset: word * MemoryLayout<UInt>.size, as: UInt.self),
                                        toByteOffset: word * MemoryLayout<UInt>.size, as: UInt.self)
                                }
                                if handsOver {
                                    words.storeBytes(of: moved.type, toByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
                                    words.storeBytes(of: moved.witnesses, toByteOffset: 4 * MemoryLayout<UInt>.size, as: UInt.self)
                                } else {
                                    _ = Unmanaged<LayoutSlot>.fromOpaque(words.load(as: UnsafeRawPointer.self)).retain()
                                }
                            } else if type == moved.type {
                                // Moved already (this list is the source of a second one): the new
                                // list owns the slot by a reference of its own.
                                let slot = Unmanaged<LayoutSlot>.fromOpaque(words.load(as: UnsafeRawPointer.self)).takeUnretainedValue()
                                (to + index).initialize(to: slot)
                            } else {
                                (to + index).initialize(to: from[index])
                            }
                            index &+= 1
                        }
                        out += run.count
                    }
                    fill(upTo: total)
                    initialized = out
                }
            }
        }
    }
}
