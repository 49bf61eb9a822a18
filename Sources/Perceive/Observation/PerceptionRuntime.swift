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

/// A heap-allocated atomic counter at a stable address, shareable by copying the address.
@usableFromInline
struct _AtomicAddress: @unchecked Sendable {
    // Sendable: the pointee is an `Atomic` and is only ever accessed atomically. The global one is
    // never freed; a cell frees its own in `deinit`, after every copy of the address is gone with it.
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

    /// A counter at zero, with `payload` kept in the word after it (see `payload`).
    init(payload: Int = 0) {
        // From `malloc`: the standard library's `allocate` asks the runtime for the default
        // alignment, which it serves with `posix_memalign` (about 75 instructions more than
        // `malloc` and `free`), and every cell makes one. `malloc`'s blocks suit any word, and its
        // smallest block (32 bytes with glibc, 16 elsewhere) has room for a second word.
        guard let raw = malloc(2 * MemoryLayout<Int>.size) else { fatalError("Perceive: out of memory") }
        raw.storeBytes(of: payload, toByteOffset: MemoryLayout<Int>.size, as: Int.self)
        pointer = raw.bindMemory(to: Atomic<Int>.self, capacity: 1)
        pointer.initialize(to: Atomic(0))
    }

    /// A constant kept beside the counter, in room the allocator gives anyway (a cell keeps its
    /// storage's offset there: see `PerceptionCell.storageOffset`).
    var payload: Int {
        UnsafeRawPointer(pointer).load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
    }

    @inlinable
    var isNonZero: Bool { pointer.pointee.load(ordering: .acquiring) != 0 }

    func add(_ delta: Int) {
        pointer.pointee.add(delta, ordering: .acquiringAndReleasing)
    }

    func store(_ value: Int) {
        pointer.pointee.store(value, ordering: .releasing)
    }

    func load() -> Int {
        pointer.pointee.load(ordering: .acquiring)
    }

    func storeSequentially(_ value: Int) {
        pointer.pointee.store(value, ordering: .sequentiallyConsistent)
    }

    func loadSequentially() -> Int {
        pointer.pointee.load(ordering: .sequentiallyConsistent)
    }

    func deallocate() {
        pointer.deinitialize(count: 1)
        free(pointer)
    }
}
