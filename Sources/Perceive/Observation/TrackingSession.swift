/// The reads of one `apply` / `track` body, recorded on the running thread.
///
/// Recording is the hottest path after the inlined accessors, so the session keeps raw buffers:
/// an open-addressing set of the cells already seen (cleared in O(1) by bumping a stamp) and the
/// list of distinct cells, each retained once so that an object dying mid-build cannot leave a
/// dangling link, with the cell's write version at the first read. Repeated reads of a property
/// cost one probe and leave one subscription.
///
/// Only its own thread touches a session, so its stored properties opt out of dynamic exclusivity
/// checks, which would otherwise dominate the cost of a read.
@usableFromInline
final class TrackingSession {
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 16
    @exclusivity(unchecked) private var cells: UnsafeMutablePointer<Unmanaged<PerceptionCell>>
    @exclusivity(unchecked) private var versions: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt>
    @exclusivity(unchecked) private var stamps: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var mask = 63
    /// The mark of this use's entries in `stamps` (bumped by `reset`; internal for the test of its
    /// wrap-around).
    @exclusivity(unchecked) var stamp: UInt32 = 1
    /// Per-builder read captures (rebuild avoidance, diagnostics), innermost last. Every read is
    /// offered to all of them, even when the session itself already has the cell.
    @exclusivity(unchecked) var captures: [ReadCapture] = []
    /// Whether the toolchain's Observation took a change handler for this session's body (it read an
    /// `@Observable` property): the session's core can fire though it recorded no cell.
    @exclusivity(unchecked) var observedToolchain = false

    init() {
        cells = .allocate(capacity: capacity)
        versions = .allocate(capacity: capacity)
        slots = .allocate(capacity: mask + 1)
        stamps = .allocate(capacity: mask + 1)
        stamps.initialize(repeating: 0, count: mask + 1)
    }

    deinit {
        reset()
        cells.deallocate()
        versions.deallocate()
        slots.deallocate()
        stamps.deallocate()
    }

    /// Adds `cell` unless this session already recorded it. Named, not retained, until it is added:
    /// the accessors' path passes it so.
    @inline(__always)
    func record(_ cell: Unmanaged<PerceptionCell>) {
        if !captures.isEmpty { cell._withUnsafeGuaranteedRef { cell in for capture in captures { capture.add(cell) } } }
        let address = UInt(bitPattern: cell.toOpaque())
        // Fibonacci hashing spreads a pointer's alignment-zeroed low bits across the table.
        var index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while stamps[index] == stamp {
            if slots[index] == address { return }
            index = (index &+ 1) & mask
        }
        stamps[index] = stamp
        slots[index] = address
        if count == capacity { growCells() }
        // The version is taken before the caller loads the value, so a write that lands after it
        // is seen by `arm` even if the value read was already the new one (one extra reload at
        // worst, never a lost one).
        versions[count] = cell._withUnsafeGuaranteedRef { $0.version }
        cells[count] = cell.retain()
        count &+= 1
        if count &* 2 > mask { growTable() }
    }

    /// Adds `cell` unless this session already recorded it.
    @inline(__always)
    func record(_ cell: PerceptionCell) { record(Unmanaged.passUnretained(cell)) }

    /// Links each recorded cell to `core` at `generation`, then fires at once if one of them was
    /// written after it was read (its version moved), so that such a write is never lost.
    ///
    /// Linking comes first: a write racing with this call either finds the link (and fires it) or
    /// bumped the version before it is compared here (see `PerceptionCell.link`).
    func arm(_ core: ScopeCore, generation: UInt64) {
        // (Each cell borrowed, not taken: the session holds it, and taking it cost a retain and a
        // release per cell.)
        for index in 0..<count { cells[index]._withUnsafeGuaranteedRef { $0.link(core, generation: generation) } }
        core.didArm(generation)
        if let stale = firstWrittenCell() { core.fire(generation, stale.changeRecord) }
    }

    /// The first recorded cell whose version moved since it was read, if any. (Inlined into `arm`,
    /// its one caller: called, it cost a call and the loop's setup on every arming.)
    @inline(__always)
    func firstWrittenCell() -> PerceptionCell? {
        for index in 0..<count where cells[index]._withUnsafeGuaranteedRef({ $0.version }) != versions[index] {
            return cells[index].takeUnretainedValue()
        }
        return nil
    }

    /// The recorded cells, for a scope that must be able to re-arm without running its body again.
    var recordedCells: [PerceptionCell] {
        (0..<count).map { cells[$0].takeUnretainedValue() }
    }

    /// Releases the recorded cells and empties the session for reuse. (Inlined into every session's
    /// end, with the rare steps out of line.)
    @inline(__always)
    func reset() {
        // (Tested first: emptying an empty array still replaces its buffer.)
        if !captures.isEmpty { captures.removeAll() }
        for index in 0..<count { cells[index].release() }
        count = 0
        observedToolchain = false
        stamp &+= 1
        if stamp == 0 { clearStamps() }
    }

    /// Once every 2³² resets: the stamps start again from a cleared table.
    @inline(never)
    private func clearStamps() {
        stamps.update(repeating: 0, count: mask + 1)
        stamp = 1
    }

    private func growCells() {
        let larger = UnsafeMutablePointer<Unmanaged<PerceptionCell>>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: cells, count: count)
        cells.deallocate()
        cells = larger
        let largerVersions = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
        largerVersions.moveInitialize(from: versions, count: count)
        versions.deallocate()
        versions = largerVersions
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

/// The distinct cells read while one builder built (its own reads, including nested builders'),
/// each with its version at the first read.
final class ReadCapture {
    private(set) var cells: [PerceptionCell] = []
    private(set) var versions: [UInt64] = []
    private var seen: Set<ObjectIdentifier> = []

    func add(_ cell: PerceptionCell) {
        guard seen.insert(ObjectIdentifier(cell)).inserted else { return }
        versions.append(cell.version)
        cells.append(cell)
    }
}
