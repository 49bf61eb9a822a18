import Synchronization

/// Invalidations waiting for the main actor; written from any thread.
final class InvalidationInbox: Sendable {
    struct Entry: Sendable {
        let token: EngineToken
        let change: PerceptionChange
        /// Whether the write happened on the main queue (a build, a tap handler) or elsewhere.
        let fromMainQueue: Bool
        /// The subscription of the memoized builder that read it (`nil`: the engine's own scope).
        let slot: ScopeCore?
    }

    private let pending = Mutex<[Entry]>([])
    let automatic = Atomic<Bool>(true)
    /// Set when an automatic flush task is scheduled, cleared when that task starts: so at most one
    /// task waits for the main actor however many writes (and explicit flushes) happen meanwhile.
    private let flushRequested = Atomic<Bool>(false)

    init() {}

    func enqueue(_ token: EngineToken, _ change: PerceptionChange, slot: ScopeCore? = nil) {
        // The main queue, not the main thread: see ``MainQueue``. (A write's own delivery on the
        // main thread says so in its change: a thread-context lookup less per scope it reaches.)
        let onMainQueue =
            switch change.writer {
            case .mainThread: true
            case .anotherThread: false
            case .thisThread: MainQueue.isCurrent
            }
        // The main queue is the main actor's executor: code running on it is isolated to it.
        if onMainQueue, MainQueue.applyNow(token, change, slot) { return }
        let entry = Entry(token: token, change: change, fromMainQueue: onMainQueue, slot: slot)
        pending.withLock { $0.append(entry) }
        requestAutomaticFlush()
    }

    func contains(_ token: EngineToken) -> Bool {
        pending.withLock { $0.contains { $0.token === token } }
    }

    /// Moves the pending entries into `buffer` (empty), whose storage the inbox keeps for the next
    /// ones.
    func take(into buffer: inout [Entry]) {
        pending.withLock { swap(&$0, &buffer) }
    }

    /// Returns entries a flush put off, ahead of anything that arrived since, and asks for a flush.
    func putBack(_ entries: [Entry]) {
        pending.withLock { $0.insert(contentsOf: entries, at: 0) }
        requestAutomaticFlush()
    }

    func requestAutomaticFlush() {
        guard automatic.load(ordering: .relaxed),
            flushRequested.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        ReloadScheduler.scheduleAutomaticFlush(self)
    }

    func automaticFlushStarted() { flushRequested.store(false, ordering: .releasing) }

    /// Automatic flush tasks scheduled and not yet started.
    let scheduledTasks = Atomic<Int>(0)
}
