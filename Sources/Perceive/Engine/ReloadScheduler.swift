import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// Collects invalidated engines and reloads each dirty one once per flush, parents before children.
///
/// Invalidations may arrive on any thread (a write on a background thread); they are queued in a
/// lock-protected inbox and applied on the main actor. A write on the main queue between flushes
/// (a tap handler, a test) marks its engine at once instead: nothing is queued for it.
/// `flush()` is deterministic: tests and benchmarks call it (or ``ComponentEngine/flush()``) to
/// reload now. With ``flushesAutomatically`` (the default) the scheduler also flushes once, soon
/// after an invalidation, in a task on the main actor: that needs the main actor to get a turn (an
/// app's run loop, an `async` test or `main`, or `dispatchMain()`).
@MainActor
public final class ReloadScheduler {
    /// The scheduler every engine uses.
    public static let shared = ReloadScheduler()

    /// Reloads an engine may perform in one flush before it is considered stuck in a loop.
    public static let reloadLimitPerFlush = 100

    nonisolated let inbox: InvalidationInbox

    private init() {
        inbox = InvalidationInbox()
    }
    /// Dirty engines in the order in which they became dirty (each once: see
    /// `ComponentEngine.isScheduled`), so that engines at the same depth reload in a deterministic
    /// order. (Main-actor state on every flush: no dynamic exclusivity check.)
    ///
    /// Unretained, as each round's (see `flush`): listing an engine retained it and taking it
    /// released it, twice per reload. An engine that goes while listed takes itself off (see
    /// `forget`).
    @exclusivity(unchecked) private var dirty: [Unmanaged<ComponentEngine>] = []
    /// Storage for the entries a flush takes from the inbox (see `drainInbox`).
    @exclusivity(unchecked) private var drainBuffer: [InvalidationInbox.Entry] = []
    /// Storage for each round's engines (see `takeRound`).
    @exclusivity(unchecked) private var roundBuffer: [Unmanaged<ComponentEngine>] = []
    /// Engines of the round in progress that went before their turn (see `forget`).
    @exclusivity(unchecked) private var gone: [UnsafeMutableRawPointer] = []
    /// Engines listed for a reload right now (tests check that one that went is not).
    var listedCount: Int { dirty.count }
    /// Turns skipped because the engine went before them, over every flush (tests read it).
    @exclusivity(unchecked) private(set) static var turnsSkipped = 0
    /// Orders each round by depth (see `takeRound`).
    @exclusivity(unchecked) private var order = RoundOrder()
    private var isFlushing = false
    /// Counts flushes, so that per-flush budgets (reader passes) know when a new flush began.
    @exclusivity(unchecked) package private(set) static var flushGeneration = 0
    /// Rounds that reloaded engines, over every flush (tests check how many a flush takes).
    @exclusivity(unchecked) package private(set) static var rounds = 0

    /// Whether invalidations schedule a flush on the main queue (default true).
    public var flushesAutomatically: Bool {
        get { inbox.automatic.load(ordering: .relaxed) }
        set { inbox.automatic.store(newValue, ordering: .relaxed) }
    }

    /// Reloads every dirty engine now.
    public func flush() { flush(within: nil) }

    func markDirty(_ engine: ComponentEngine) {
        if !engine.isScheduled {
            engine.isScheduled = true
            dirty.append(Unmanaged.passUnretained(engine))
        }
        inbox.requestAutomaticFlush()
    }

    /// Reloads every dirty engine whose view is `root`'s view or below it (all of them for `nil`).
    ///
    /// Each round reloads the dirty engines shallowest first, so a parent pushes its new content
    /// into a child before the child reloads, and a child dirty for both reasons reloads once.
    /// Engines dirtied by a round are handled by the next. A flush requested while one is running
    /// (a `build()` that flushes) is ignored and reported.
    ///
    /// Two limits keep a flush finite, and neither strands a change:
    /// - invalidations that arrive from other threads reload an engine at most once per flush; later
    ///   ones wait for the next flush (a background writer cannot keep one flush busy);
    /// - an engine invalidated by its own reloads more than ``reloadLimitPerFlush`` times stops
    ///   for the rest of the flush, reported, still subscribed to what it last read: the next
    ///   change to any of it reloads it. Work that is not a tracked change (new content, a resize)
    ///   waits for the next flush instead.
    func flush(within root: ComponentEngine?) {
        // Inside a flush, or while an engine reloads outside one (`reloadIfNeeded()`, a host's
        // `layoutIfNeeded()`): a flush now could reload an engine inside its own layout or render,
        // which lay out and render its slots in place.
        guard !isFlushing && ComponentEngine.enginesAtWork == 0 else {
            Diagnostics.report(
                .reentrantReload,
                "Perceive: flush() was called during a reload (from build() or a view update); the nested flush was ignored. "
                    + "Changes made there are picked up by \(isFlushing ? "the flush in progress" : "the next flush")."
            )
            return
        }
        // Change links raised outside any dispatch (a direct write) go first: they may write more.
        LinkInbox.drain()
        isFlushing = true
        Self.flushGeneration &+= 1
        // Reads made before this flush did not build what it sets on engines (another task's
        // reads, interleaved at an await, least of all).
        if Diagnostics.isOn(.untrackedReads) { UntrackedReads.clear() }
        let log = ReloadLog.active
        log?.beginFlush()
        var budget = FlushBudget(flush: Self.flushGeneration)
        defer {
            isFlushing = false
            finish(&budget)
            log?.endFlush()
            if Diagnostics.isOn(.untrackedReads) { UntrackedReads.clear() }
        }
        let tree = EngineTree(root: root)
        // A round's list lives in a buffer the scheduler keeps: a like's flush allocates none.
        var round: [Unmanaged<ComponentEngine>] = []
        swap(&round, &roundBuffer)
        defer {
            round.clearKeepingStorage()
            swap(&round, &roundBuffer)
        }
        while true {
            drainInbox(&budget)
            round.clearKeepingStorage()
            takeRound(tree, into: &round)
            guard !round.isEmpty else { return }
            Self.rounds &+= 1
            // Only engines that go during this round's turns can be in it and gone: whatever went
            // before was taken off the dirty list, so not taken into the round.
            gone.clearKeepingStorage()
            for entry in round {
                // (An engine that went earlier in the round is skipped: see `forget`.)
                if !gone.isEmpty && gone.contains(entry.toOpaque()) {
                    Self.turnsSkipped &+= 1
                    continue
                }
                // Held for its turn: its reload may release the last other reference to it.
                let engine = entry.takeUnretainedValue()
                // Scheduled until now, so that an engine dirtied by one earlier in the round (a
                // boundary given new content by its parent's render) is not listed again: it
                // reloads now, once, and the flush needs no further round for it. Dirtied from
                // here on (by its own reload), it is listed for the next round.
                engine.isScheduled = false
                let count = budget.countReload(of: engine)
                guard count <= Self.reloadLimitPerFlush else {
                    cap(engine, &budget)
                    continue
                }
                if count == Self.reloadLimitPerFlush { budget.keepingReads.append(engine) }
                engine.performPendingWork(keepingReads: count == Self.reloadLimitPerFlush)
            }
        }
    }

    /// Takes the dirty engines inside the flushed root, shallowest first and, at equal depth, in
    /// the order they became dirty (see `RoundOrder`); the others stay dirty, the list compacted
    /// in place. The engines taken stay scheduled until their turn (see `flush(within:)`). Nothing
    /// is allocated once the lists have grown (a flush of a parent and its two children allocated
    /// lists in each of its two rounds).
    private func takeRound(_ tree: EngineTree, into round: inout [Unmanaged<ComponentEngine>]) {
        // Nothing left (every flush ends so): the dirty list keeps its storage for the next write.
        if dirty.isEmpty { return }
        // One dirty engine (a like): its depth orders nothing, only whether it is inside the root
        // matters.
        // (Each engine borrowed for its placing, not retained: a listed engine is alive, since one
        // that goes takes itself off the list, see `forget`.)
        if dirty.count == 1 {
            let engine = dirty[0]
            guard Borrowed.with(engine, { tree.place(of: $0) }) != nil else { return }
            dirty.clearKeepingStorage()
            round.append(engine)
            return
        }
        var outside = 0
        var index = 0
        while index < dirty.count {
            let engine = dirty[index]
            if let depth = Borrowed.with(engine, { tree.place(of: $0) }) {
                round.append(engine)
                order.note(depth)
            } else {
                dirty[outside] = engine
                outside += 1
            }
            index += 1
        }
        if outside == 0 { dirty.clearKeepingStorage() } else { dirty.removeLast(dirty.count - outside) }
        order.sort(&round)
    }

    /// Takes `engine`, going away while listed, off the lists: off the dirty list, and, when it
    /// is in the round in progress, skipped there (its entry names freed memory).
    func forget(_ engine: ComponentEngine) {
        let address = Unmanaged.passUnretained(engine).toOpaque()
        // (No closure here: see `LayoutPass.beginAgain()`.)
        var index = 0
        while index < dirty.count {
            if dirty[index].toOpaque() == address {
                dirty.remove(at: index)
                break
            }
            index += 1
        }
        if isFlushing { gone.append(address) }
    }

    /// Stops `engine` for the rest of the flush: see ``flush(within:)``.
    private func cap(_ engine: ComponentEngine, _ budget: inout FlushBudget) {
        if budget.capped.insert(ObjectIdentifier(engine)).inserted {
            Diagnostics.report(
                .reentrantReload,
                "Perceive: the scope of \(engine.scopeDescription) was invalidated by its own reload \(Self.reloadLimitPerFlush) times in one flush (last cause: \(engine.pendingCauseDescription)); its reloads were stopped until the next change. A build() or view update writes a property that the same scope reads."
            )
        }
        if engine.stopReloadingUntilNextChange() == false { budget.carriedOver.append(engine) }
    }

    private func finish(_ budget: inout FlushBudget) {
        for engine in budget.keepingReads {
            engine.keptReads = nil
            engine.layoutContext.releaseKeptReads()
        }
        for engine in budget.carriedOver { markDirty(engine) }
        if !budget.deferred.isEmpty { inbox.putBack(budget.deferred) }
    }

    /// Applies a main-queue invalidation the moment it happens, as draining it at the start of the
    /// next flush would: the engine is marked dirty (and a memoized builder's slot), and a flush is
    /// requested. Only between flushes and layouts: a write made while engines reload or lay out (a
    /// build's own write) is queued, so that the reload in progress sees its state change at the
    /// flush's next round, under the flush's budget. False when it must be queued.
    ///
    /// Queuing costs a lock, an entry made, taken and destroyed, and a weak load: about 500
    /// instructions per write, a third of a memoized row's invalidation.
    static func applyNow(_ token: EngineToken, _ change: PerceptionChange, _ slot: ScopeCore?) -> Bool {
        guard !shared.isFlushing, LayoutContext.current == nil else { return false }
        token.withEngine { $0.invalidated(by: change, slot: slot) }
        return true
    }

    private func drainInbox(_ budget: inout FlushBudget) {
        // The entries arrive in a buffer the scheduler keeps, whose storage then becomes the
        // inbox's: a flush allocates no list of entries once both have grown.
        var entries: [InvalidationInbox.Entry] = []
        swap(&entries, &drainBuffer)
        inbox.take(into: &entries)
        defer {
            entries.clearKeepingStorage()
            swap(&entries, &drainBuffer)
        }
        for entry in entries {
            guard let engine = entry.token.engine else { continue }
            // A write from another thread reloads an engine once per flush; later ones wait.
            if !entry.fromMainQueue && budget.hasReloaded(engine) {
                budget.deferred.append(entry)
                continue
            }
            engine.invalidated(by: entry.change, slot: entry.slot)
        }
    }

    fileprivate func flushAutomatically() {
        guard flushesAutomatically, !isFlushing else { return }
        flush()
    }

    nonisolated static func scheduleAutomaticFlush(_ inbox: InvalidationInbox) {
        inbox.scheduledTasks.add(1, ordering: .relaxed)
        Task { @MainActor in
            inbox.scheduledTasks.subtract(1, ordering: .relaxed)
            // The request flag is cleared by this task only (never by explicit flushes), so at most
            // one task waits for the main actor.
            inbox.automaticFlushStarted()
            shared.flushAutomatically()
        }
    }

    /// Automatic flush tasks scheduled and not yet started (for tests: never more than one).
    package var pendingAutomaticFlushes: Int { inbox.scheduledTasks.load(ordering: .relaxed) }
}
