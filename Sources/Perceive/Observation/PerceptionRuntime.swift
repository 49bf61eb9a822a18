import Foundation
import Synchronization

/// Process-wide switches read on every tracked-property access.
///
/// `hooks` counts reasons a read or write must leave the inlined fast path: one per tracking session
/// that is running on any thread, plus one while perception checking is enabled. While it is zero a
/// read is a load and a compare, and a write to a property nobody observes is a store and two loads.
///
/// The counter lives at a fixed heap address that every ``Perceived`` property also stores, so inlined
/// accessors reach it with plain loads; reading a global from another module would cost a call to
/// its addressor, and the call forces the caller to retain the model around it.
@usableFromInline
enum _PerceptionRuntime {
    @usableFromInline
    static let hooks = _AtomicAddress.markable()

    /// Serializes the creation of ``Perceived`` properties' cells (rare: once per property that a
    /// session ever reads).
    static let cellCreation = Mutex(())

    /// True when reads must be offered to the current thread's tracking session or to checking.
    @inlinable
    static var readsNeedRecording: Bool { hooks.isNonZero }
}

/// An atomic counter at a stable address, shareable by copying the address: the process-wide hook
/// counter, or a cell's link counter (inside the cell, see `PerceptionCell.linkCount`).
@usableFromInline
struct _AtomicAddress: @unchecked Sendable {
    // Sendable: the pointee is an `Atomic` and is only ever accessed atomically. The global one is
    // never freed; a cell's goes with the cell, which every holder of its address also holds.
    @usableFromInline
    let pointer: UnsafeMutablePointer<Atomic<Int>>

    @usableFromInline
    init(pointer: UnsafeMutablePointer<Atomic<Int>>) { self.pointer = pointer }

    /// The process-wide hook counter: two counters at a boundary of two words, the first at zero,
    /// the second at 1 for ever, so that the address of the second (`markedMutating`) reads as a
    /// non-zero counter and is told apart from the first by one bit.
    static func markable() -> _AtomicAddress {
        let word = MemoryLayout<Atomic<Int>>.stride
        var raw: UnsafeMutableRawPointer?
        guard posix_memalign(&raw, 2 * word, 2 * word) == 0, let raw else { fatalError("Perceive: out of memory") }
        let words = raw.bindMemory(to: Atomic<Int>.self, capacity: 2)
        words.initialize(to: Atomic(0))
        (words + 1).initialize(to: Atomic(1))
        return _AtomicAddress(pointer: words)
    }

    /// The hook counter's address as a property holds it while its value is mutated in place (see
    /// ``Perceived``): the counter after it, which holds 1, so that every access to the property
    /// meanwhile leaves the fast path, where `isMarkedMutating` tells it why.
    @inlinable
    var markedMutating: _AtomicAddress { _AtomicAddress(pointer: pointer + 1) }

    /// Whether this is a marked hook counter's address (`markedMutating`): the counter sits at a
    /// boundary of two words, the marked one a word past it.
    @inlinable
    var isMarkedMutating: Bool { UInt(bitPattern: pointer) & UInt(MemoryLayout<Atomic<Int>>.stride) != 0 }

    @inlinable
    var isNonZero: Bool { pointer.pointee.load(ordering: .acquiring) != 0 }

    func add(_ delta: Int) {
        pointer.pointee.add(delta, ordering: .acquiringAndReleasing)
    }
}
