import Synchronization

/// Collects invalidated engines and reloads each dirty one once per flush, parents before children.
///
/// Invalidations may arrive on any thread (a write on a background thread); they are queued in a
/// lock-protected inbox and applied on the main actor. `flush()` is deterministic: tests and
/// benchmarks call it (or ``ComponentEngine/flush()``) to reload now. With
/// ``flushesAutomatically`` (the default) the scheduler also flushes once, soon after an
/// invalidation, in a task on the main actor: that needs the main actor to get a turn (an app's run
/// loop, an `async` test or `main`, or `dispatchMain()`).
@MainActor
public final class ReloadScheduler {
    /// The scheduler every engine uses.
    public static let shared = ReloadScheduler()

    /// Reloads an engine may perform in one flush before it is considered stuck in a loop.
    public static let reloadLimitPerFlush = 100

    nonisolated let inbox = InvalidationInbox()
    /// Dirty engines with the order in which they became dirty, so that engines at the same depth
    /// reload in a deterministic order.
    private var dirty: [ObjectIdentifier: (engine: ComponentEngine, order: Int)] = [:]
    private var nextOrder = 0
    private var isFlushing = false

    /// Whether invalidations schedule a flush on the main queue (default true).
    public var flushesAutomatically: Bool {
        get { inbox.automatic.load(ordering: .relaxed) }
        set { inbox.automatic.store(newValue, ordering: .relaxed) }
    }

    /// Reloads every dirty engine now.
    public func flush() { flush(within: nil) }

    func markDirty(_ engine: ComponentEngine) {
        if dirty[ObjectIdentifier(engine)] == nil {
            dirty[ObjectIdentifier(engine)] = (engine, nextOrder)
            nextOrder += 1
        }
        inbox.requestAutomaticFlush()
    }

    /// Reloads every dirty engine whose view is `root`'s view or below it (all of them for `nil`).
    ///
    /// Each round reloads the dirty engines shallowest first, so a parent pushes its new content
    /// into a child before the child reloads, and a child dirty for both reasons reloads once.
    /// Engines dirtied by a round are handled by the next. A flush requested while one is running
    /// (a `build()` that flushes) is ignored and reported.
    func flush(within root: ComponentEngine?) {
        guard !isFlushing else {
            Diagnostics.report(.reentrantReload, "Perceive: flush() was called during a reload (from build() or a view update); the nested flush was ignored. Changes made there are picked up by the flush in progress.")
            return
        }
        // Change links raised outside any dispatch (a direct write) go first: they may write more.
        LinkInbox.drain()
        isFlushing = true
        let log = ReloadLog.active
        log?.beginFlush()
        defer {
            isFlushing = false
            log?.endFlush()
            if Diagnostics.isOn(.untrackedReads) { UntrackedReads.clear() }
        }
        var reloads: [ObjectIdentifier: Int] = [:]
        while true {
            drainInbox()
            let round = dirty.values.filter { root == nil || $0.engine.isInSubtree(of: root!) }
                .map { (engine: $0.engine, order: $0.order, depth: $0.engine.depth) }
                .sorted { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order < $1.order }
                .map(\.engine)
            guard !round.isEmpty else { return }
            for engine in round { dirty[ObjectIdentifier(engine)] = nil }
            for engine in round {
                let count = reloads[ObjectIdentifier(engine), default: 0] + 1
                reloads[ObjectIdentifier(engine)] = count
                if count > Self.reloadLimitPerFlush {
                    engine.abandonPendingWork()
                    Diagnostics.report(.reentrantReload, "Perceive: an engine was invalidated by its own reload \(Self.reloadLimitPerFlush) times in one flush (last cause: \(engine.pendingCauseDescription)); its reloads were stopped until the next change. A build() or view update writes a property that the same scope reads.")
                    continue
                }
                engine.performPendingWork()
            }
        }
    }

    private func drainInbox() {
        for (token, change) in inbox.take() {
            token.engine?.invalidated(by: change)
        }
    }

    fileprivate func flushAutomatically() {
        guard flushesAutomatically, !isFlushing else { return }
        flush()
    }

    nonisolated static func scheduleAutomaticFlush() {
        Task { @MainActor in ReloadScheduler.shared.flushAutomatically() }
    }
}

/// Invalidations waiting for the main actor; written from any thread.
final class InvalidationInbox: Sendable {
    private let pending = Mutex<[(EngineToken, PerceptionChange)]>([])
    let automatic = Atomic<Bool>(true)
    private let flushRequested = Atomic<Bool>(false)

    func enqueue(_ token: EngineToken, _ change: PerceptionChange) {
        pending.withLock { $0.append((token, change)) }
        requestAutomaticFlush()
    }

    func contains(_ token: EngineToken) -> Bool {
        pending.withLock { $0.contains { $0.0 === token } }
    }

    func take() -> [(EngineToken, PerceptionChange)] {
        flushRequested.store(false, ordering: .releasing)
        return pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }

    func requestAutomaticFlush() {
        guard automatic.load(ordering: .relaxed),
              flushRequested.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        ReloadScheduler.scheduleAutomaticFlush()
    }
}

/// A weak, thread-safe handle on an engine, captured by its tracking scope's handler.
final class EngineToken: @unchecked Sendable {
    // Written once on the main actor before the scope can fire; read only on the main actor.
    weak var engine: ComponentEngine?
}
