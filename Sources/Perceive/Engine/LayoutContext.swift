/// An engine's retained layout: the tree of builder slots, and the state of the layout in
/// progress (which slot's body is laying out, where in it, and whether its values are new).
///
/// Builders find their slot by their position (see `SlotKey`): containers name each child by its
/// index (`layoutChild`), an explicit `.id` replaces the index, so a reordered keyed list keeps its
/// slots. A builder's slot is reused without building when
/// - its values are the ones it was laid out from last time (the body of a slot that is only being
///   replayed: nothing above it was rebuilt), or it is `Equatable` and equal to them; and
/// - its constraint and environment are unchanged, and nothing it read has changed.
/// Otherwise it builds again. Memoized slots record their reads in a session of their own (nested
/// sessions keep reads apart), so a write reaches exactly the memoized builders that read it.
///
/// Fields marked `@exclusivity(unchecked)` are touched on every reload, per row: main-actor state
/// whose accesses never overlap, so the dynamic exclusivity check (about 40 instructions each)
/// is skipped.
@MainActor
final class LayoutContext {
    /// The engine whose layout this is (set once, by the engine's initializer: the context is made
    /// with the engine, before the engine can name itself).
    var engine: ComponentEngine { engineReference.unsafelyUnwrapped.takeUnretainedValue() }
    private var engineReference: Unmanaged<ComponentEngine>?
    /// The slot of the engine's component itself: when the component is a builder, that builder's
    /// own slot (a boundary's content mostly is one: a second slot above it held nothing but the
    /// builder, and cost a body's bookkeeping per reload and 540 bytes); otherwise a slot whose
    /// body is the component, whose children are the top-level builders.
    @exclusivity(unchecked) var root: LayoutSlot
    /// The slot whose builder is running `build()`, if one is: per-engine state the build makes
    /// (a store) belongs to that slot (see `LayoutSlot.buildKeys`), numbered per call site by
    /// `buildOccurrences` (see LayoutContext+Keys.swift). (These and the root's fields are touched on every reload: main-actor
    /// state whose accesses never overlap, so they skip the dynamic exclusivity check.)
    @exclusivity(unchecked) unowned(unsafe) var building: LayoutSlot?
    @exclusivity(unchecked) var buildOccurrences: [String: Int] = [:]

    /// The context of the layout in progress on the main actor, if any. Named, not retained: the
    /// engine laying out holds its context for the whole layout (and is itself held by whoever
    /// asked it to reload), and a strong reference saved and restored around every reload cost a
    /// retain and a release each way. (`BuildContext.engine` is instead a strong reference written
    /// uncounted: its readers, one per build, borrow a strong global in place, but retain what
    /// they take out of an `Unmanaged`. This one's readers retained it either way; a builder's
    /// layout now borrows it through `Borrowed.with`, in release builds.)
    @exclusivity(unchecked) static var currentReference: Unmanaged<LayoutContext>?
    static var current: LayoutContext? {
        @inline(__always) get { currentReference?.takeUnretainedValue() }
    }

    /// The slot whose body is laying out. Unretained, as the saved states' (see `SavedState`): it
    /// is `root` between layouts (replacing the root moves it) and, during one, a slot whose body
    /// is laying out, which its caller holds; retaining it cost a retain and a release per body.
    var current: LayoutSlot {
        @inline(__always) get { currentReference.takeUnretainedValue() }
        @inline(__always) set { currentReference = Unmanaged.passUnretained(newValue) }
    }
    /// `current`, as it is saved and restored: an unowned reference copied into another (an
    /// unowned field) is made strong in between, a retain and a release per body.
    @exclusivity(unchecked) var currentReference: Unmanaged<LayoutSlot>
    /// Where in that body: a hash of the container child indexes (or ids) from it.
    var path = 0
    /// `path` with every child index kept where an id replaced it: two siblings that repeat an id
    /// share a `path` but not this. Process-wide, as the saved states are: bodies nest strictly.
    @exclusivity(unchecked) static var positionalPath = 0
    /// `positionalPath` as a slot's `claim`: its low 32 bits, which `combine` computes from the low
    /// 32 bits alone (a 32-bit hash of the indexes; siblings at different indexes always differ).
    @inline(__always)
    static func claim(_ positional: Int) -> UInt32 { UInt32(truncatingIfNeeded: positional) }
    /// The claim of child `index` of the container at `container` (a `positionalPath`): what
    /// `slot(for:)` stamps when that child's builder is visited, for a slot taken without a visit.
    @inline(__always)
    static func claim(child index: Int, of container: Int) -> UInt32 { claim(combine(container, index)) }
    /// The path at the innermost container (an explicit id replaces the index it pushed).
    var containerPath = 0
    // The context's flags, together: stored properties are laid out in declaration order, and a
    // flag after a wider field takes a word of its own.
    /// Components being laid out are the ones stored last time (a replay), not new values.
    var replaying = false
    /// Laying out a child again in the same layout with the same values (a stack stretching it).
    var repeating = false
    /// Laying out a child again at the same positions with new values (a reader's next pass).
    var revisiting = false
    /// Automatic scopes are on for the builders being laid out.
    var automatic = false
    /// `root` is the slot of the builder that is the engine's component.
    @exclusivity(unchecked) var rootHoldsBuilder = false
    /// The next slot asked for is the root's: the engine's component is a builder about to lay out
    /// (see LayoutContext+Root.swift).
    @exclusivity(unchecked) var claimsRoot = false
    /// Memoized builds keep the cells they read (the last reload a flush allows, see
    /// `ReloadScheduler.flush`), so that they can be re-armed without building again.
    var keepingReads = false
    /// This layout reuses nothing: a toolchain `@Observable` change cannot be traced to the
    /// builders that read it.
    var rebuildsEverything = false
    /// Whether the slots in `changedInPlace` are all that changed (see there).
    @exclusivity(unchecked) var changesStayedInPlace = false
    /// Measurement reader passes enclosing the layout in progress. (32 bits, after the flags: with
    /// them in one word, a context is 168 bytes, in glibc's 176-byte size class instead of 192.)
    var readerDepth: Int32 = 0
    /// Bumped by every layout (full or incremental).
    private(set) var generation = 0
    /// The states replaced by the slot bodies laying out now, innermost last — of every engine:
    /// bodies nest strictly (a boundary's engine lays out inside its parent's layout and finishes
    /// first), so one stack serves them all, and an idle engine keeps none of its own.
    static var saved: UnsafeMutablePointer<[SavedState]> {
        @inline(__always) get { savedStack ?? makeStack(&savedStack) }
    }
    /// The sessions of the memoized builders building now, innermost last: a build ends before the
    /// build around it (see `saved`), so they live here rather than in a field of every slot (56
    /// bytes each).
    static var sessions: UnsafeMutablePointer<[_TrackingToken]> {
        @inline(__always) get { sessionStack ?? makeStack(&sessionStack) }
    }
    // Each stack is an array behind a pointer made on first use: a static array is initialized
    // lazily, and every access called `swift_once` (twice a body), where a static set to nil is
    // initialized statically.
    @exclusivity(unchecked) private static var savedStack: UnsafeMutablePointer<[SavedState]>?
    @exclusivity(unchecked) private static var sessionStack: UnsafeMutablePointer<[_TrackingToken]>?

    /// An empty stack, stored in `stack` (which the process keeps).
    @inline(never)
    private static func makeStack<Element>(_ stack: inout UnsafeMutablePointer<[Element]>?) -> UnsafeMutablePointer<[Element]> {
        let made = UnsafeMutablePointer<[Element]>.allocate(capacity: 1)
        made.initialize(to: [])
        stack = made
        return made
    }

    private var nextSerial = 1
    /// Subscriptions of memoized slots still in the tree. (A subscription names its slot itself,
    /// see `invalidate(core:)`: a dictionary from cores to slots cost a hash per write delivered and
    /// per slot subscribed, and its growth rehashed every entry.)
    var subscriptionCount = 0
    /// Slots whose own reads changed since the last layout, unretained: a changed row is listed
    /// and dropped on every update, and a retain and a release are two atomic operations on a line a
    /// large table has let go cold. A listed slot is alive: only a layout drops slots from the tree,
    /// and one that drops a listed slot keeps it in `discardedWhileListed` until the reload ends.
    @exclusivity(unchecked) var dirtySlots: [Unmanaged<LayoutSlot>] = []
    /// Counts the slots marked dirty (see `cleanBodyStamp`).
    @exclusivity(unchecked) private(set) var invalidationCount = 0
    /// `invalidationCount` when the body laying out began, if no slot below it was dirty then; -1
    /// otherwise. While the two are equal, every slot below the body is clean (a write during the
    /// layout, from a builder, marks one and moves the count on).
    @exclusivity(unchecked) var cleanBodyStamp = -1
    /// Whether every slot below the body laying out is clean (see `cleanBodyStamp`).
    var bodyIsClean: Bool { cleanBodyStamp == invalidationCount }
    /// After an incremental layout: the slots laid out again in place (their size unchanged), while
    /// `changesStayedInPlace` (a size change that reached a parent clears it: everything renders).
    /// Emptied by the reload that renders them, keeping its storage: an update of 1,000 rows would
    /// otherwise grow a new array to 8 KiB every reload, and glibc answers a request that size by
    /// consolidating every small block freed since (the rows' old nodes and strings).
    /// Unretained, as `dirtySlots` is.
    @exclusivity(unchecked) var changedInPlace: [Unmanaged<LayoutSlot>] = []
    /// Slots a layout dropped from the tree while `dirtySlots` or `changedInPlace` could list them,
    /// kept alive until the reload that reads those lists is over (see `endReload`). (In the word
    /// a capped flush's slots keeping reads had: they are with the engine's other kept reads, in
    /// its extras.)
    @exclusivity(unchecked) private var discardedWhileListed: [LayoutSlot] = []
    /// Builds skipped and children reused by this layout, added to the engine's stats when it
    /// ends (counted here: reaching the engine's stats through its unowned reference retains and
    /// releases the engine for every count).
    @exclusivity(unchecked) var buildsSkipped = 0
    @exclusivity(unchecked) var childrenReused = 0

    init() {
        self.root = LayoutSlot(key: SlotKey(path: 0, type: ObjectIdentifier(ComponentEngine.self), occurrence: 0), serial: 0, parent: nil)
        self.currentReference = Unmanaged.passUnretained(root)
    }

    /// Makes this the layout of `engine` (which holds it).
    func attach(to engine: ComponentEngine) { engineReference = Unmanaged.passUnretained(engine) }

    /// Starts a layout: bumps the generation.
    func beginLayout() {
        generation &+= 1
    }

    func makeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    // MARK: Finding slots

    /// The slot for a builder of `type` at the current position under `current`, marked visited;
    /// `revisit` when it was already visited in this layout (the same child laid out again);
    /// `samePlace` when the child that visited it last was at this position (ids aside), so that
    /// a replayed body's child is the one it holds — siblings repeating an id are told apart by
    /// their positions only, and a list taken by value may have given them each other's slots.
    func slot(for type: ObjectIdentifier) -> (slot: LayoutSlot, revisit: Bool, samePlace: Bool) {
        if claimsRoot {
            claimsRoot = false
            return (rootSlot(forBuilder: type), false, true)
        }
        let claim = Self.claim(Self.positionalPath)
        // The slot whose body is laying out, borrowed: its caller holds it.
        return Borrowed.with(currentReference) { parent in
            var occurrence = 0
            while true {
                let key = SlotKey(path: path, type: type, occurrence: occurrence)
                let slot = parent.existingChild(key) ?? LayoutSlot(key: key, serial: makeSerial(), parent: parent)
                if slot.generation != generation {
                    slot.generation = generation
                    let samePlace = slot.claim == claim
                    slot.claim = claim
                    parent.list(slot)
                    return (slot, false, samePlace)
                }
                // Visited already in this layout: the same child laid out again (a stack stretching
                // it, a reader's next pass: the slot its position claimed), or — a sibling
                // repeating its id, a custom layout laying out several builders without naming
                // them — the next one at this position.
                if (repeating || revisiting) && slot.claim == claim {
                    // The body may be laying out again (a reader's next pass): it still has this child.
                    parent.list(slot)
                    return (slot, true, true)
                }
                occurrence += 1
            }
        }
    }

    // MARK: Invalidation

    /// A memoized slot's subscription fired: it (and every slot above it) needs a visit. False
    /// when that changes nothing (its slot left the tree, or is dirty already).
    func invalidate(core: ScopeCore) -> Bool {
        // A cancelled core's slot left the tree (`discard` cancels before the slot can go): a
        // delivery queued before that names a slot that may be gone.
        guard let owner = core.owner, !core.isCancelled else { return false }
        return SlotName(pointer: owner).withSlot { slot in
            guard !slot.isDirty else { return false }
            slot.isDirty = true
            invalidationCount &+= 1
            dirtySlots.append(Unmanaged.passUnretained(slot))
            // Ancestors borrowed: the tree holds them. (`while let next = ancestor` made a strong
            // copy of each, a retain and a release per invalidation.)
            var ancestor = slot.parentReference
            while let next = ancestor {
                ancestor = Borrowed.with(next) { next in
                    guard !next.hasDirtyDescendant else { return nil }
                    next.hasDirtyDescendant = true
                    return next.parentReference
                }
            }
            return true
        }
    }

    /// The reload cap stopped this engine: dirty slots stay subscribed to what their last build read
    /// (the current values as baseline), so the next change to any of it reloads them.
    func settleDirtySlots() {
        for reference in dirtySlots {
            Borrowed.with(reference) { slot in
                guard let core = slot.core, let cells = slot.keptReads else { return }
                core.arm(cells: cells)
                slot.isDirty = false
            }
        }
        dirtySlots.removeAll()
    }

    /// The reload that read `dirtySlots` and `changedInPlace` is over: slots dropped meanwhile go.
    @inline(__always)
    func endReload() {
        changedInPlace.clearKeepingStorage()
        if !discardedWhileListed.isEmpty { discardedWhileListed.removeAll() }
    }

    /// Forgets reads kept for the reload cap (the flush is over).
    func releaseKeptReads() {
        guard let extras = engine.extrasIfMade else { return }
        for slot in extras.slotsKeepingReads { slot.keptReads = nil }
        extras.slotsKeepingReads.removeAll()
    }

    /// Drops slots that left the tree: their subscriptions and the per-engine state they own.
    func discard(_ slots: [LayoutSlot]) {
        guard !slots.isEmpty else { return }
        // (A dirty slot may be dropped by its parent's layout before the list reaches it.)
        let keepsAlive = !dirtySlots.isEmpty || !changedInPlace.isEmpty
        var pending = slots
        while let slot = pending.popLast() {
            slot.isDiscarded = true
            if keepsAlive { discardedWhileListed.append(slot) }
            if let core = slot.core {
                core.cancel()
                subscriptionCount -= 1
                slot.core = nil
            }
            if let keyed = slot.keyed {
                for owned in keyed.keys { owned.state.dropKey(owned.key) }
                for owned in keyed.buildKeys { owned.state.dropKey(owned.key) }
                (keyed.keys, keyed.buildKeys) = ([], [])
            }
            pending.append(contentsOf: slot.childSlots)
        }
    }
}
