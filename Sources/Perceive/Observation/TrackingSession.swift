/// The reads of one `apply` / `track` body, recorded on the running thread.
///
/// Recording is the hottest path after the inlined accessors, so the session keeps raw buffers:
/// an open-addressing set of the cells already seen (cleared in O(1) by bumping a stamp) and the
/// list of distinct cells, each retained once so that an object dying mid-build cannot leave a
/// dangling link. Repeated reads of a property cost one probe and leave one subscription.
///
/// Only its own thread touches a session, so its stored properties opt out of dynamic exclusivity
/// checks, which would otherwise dominate the cost of a read.
@usableFromInline
final class TrackingSession {
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 16
    @exclusivity(unchecked) private var cells: UnsafeMutablePointer<Unmanaged<PerceptionCell>>
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt>
    @exclusivity(unchecked) private var stamps: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var mask = 63
    @exclusivity(unchecked) private var stamp: UInt32 = 1
    @exclusivity(unchecked) weak var parent: TrackingSession?
    /// Per-builder read captures (rebuild avoidance, diagnostics), innermost last. Every read is
    /// offered to all of them, even when the session itself already has the cell.
    @exclusivity(unchecked) var captures: [ReadCapture] = []

    init() {
        cells = .allocate(capacity: capacity)
        slots = .allocate(capacity: mask + 1)
        stamps = .allocate(capacity: mask + 1)
        stamps.initialize(repeating: 0, count: mask + 1)
    }

    deinit {
        reset()
        cells.deallocate()
        slots.deallocate()
        stamps.deallocate()
    }

    /// Adds `cell` unless this session already recorded it.
    @inline(__always)
    func record(_ cell: PerceptionCell) {
        if !captures.isEmpty { for capture in captures { capture.add(cell) } }
        let address = UInt(bitPattern: ObjectIdentifier(cell))
        // Fibonacci hashing spreads a pointer's alignment-zeroed low bits across the table.
        var index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while stamps[index] == stamp {
            if slots[index] == address { return }
            index = (index &+ 1) & mask
        }
        stamps[index] = stamp
        slots[index] = address
        if count == capacity { growCells() }
        cells[count] = Unmanaged.passRetained(cell)
        count &+= 1
        if count &* 2 > mask { growTable() }
    }

    /// Links each recorded cell to `core` at `generation`, then fires at once if a write to one of
    /// them happened after it was read (`pending`), so that such a write is never lost.
    func arm(_ core: ScopeCore, generation: UInt64, pending: [PendingWrite]) {
        for index in 0..<count { cells[index].takeUnretainedValue().link(core, generation: generation) }
        core.didArm(generation)
        for write in pending {
            // A write counts only if the cell was read before it: `readsBefore` is how many distinct
            // cells the session had recorded when the write happened (all of them for other threads).
            let limit = min(write.readsBefore, count)
            if let index = (0..<limit).first(where: { ObjectIdentifier(cells[$0].takeUnretainedValue()) == write.cell }) {
                let cell = cells[index].takeUnretainedValue()
                core.fire(generation, PerceptionChange(kind: .mutation, property: cell.knownName, cellID: ObjectIdentifier(cell)))
                break
            }
        }
    }

    /// Releases the recorded cells and empties the session for reuse.
    func reset() {
        captures.removeAll()
        for index in 0..<count { cells[index].release() }
        count = 0
        parent = nil
        stamp &+= 1
        if stamp == 0 {
            stamps.update(repeating: 0, count: mask + 1)
            stamp = 1
        }
    }

    private func growCells() {
        let larger = UnsafeMutablePointer<Unmanaged<PerceptionCell>>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: cells, count: count)
        cells.deallocate()
        cells = larger
        capacity *= 2
    }

    private func growTable() {
        slots.deallocate()
        stamps.deallocate()
        mask = (mask + 1) * 2 - 1
        slots = .allocate(capacity: mask + 1)
        stamps = .allocate(capacity: mask + 1)
        stamps.initialize(repeating: 0, count: mask + 1)
        stamp = 1
        let recorded = count
        count = 0
        for index in 0..<recorded {
            let cell = cells[index]
            count += 1
            insertAddress(UInt(bitPattern: ObjectIdentifier(cell.takeUnretainedValue())))
        }
    }

    private func insertAddress(_ address: UInt) {
        var index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while stamps[index] == stamp { index = (index &+ 1) & mask }
        stamps[index] = stamp
        slots[index] = address
    }
}

/// A write that happened while a session was recording, for that session's `arm` to check.
///
/// The cell is held by identity only: the session retains the cells it read, so a match is alive.
struct PendingWrite: Sendable {
    let cell: ObjectIdentifier
    /// How many distinct cells the session had recorded when the write happened.
    let readsBefore: Int
}

/// The distinct cells read while one builder built (its own reads, including nested builders').
final class ReadCapture {
    private(set) var cells: [PerceptionCell] = []
    private var seen: Set<ObjectIdentifier> = []

    func add(_ cell: PerceptionCell) {
        if seen.insert(ObjectIdentifier(cell)).inserted { cells.append(cell) }
    }
}
