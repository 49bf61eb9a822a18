import Synchronization

/// What one flush has spent: reloads per engine, and the work it put off.
@MainActor
struct FlushBudget {
    /// The flush the budget belongs to (reload counts are kept on the engines, stamped with it:
    /// counting a reload allocates nothing).
    let flush: Int
    /// Engines reported as capped in this flush.
    var capped: Set<ObjectIdentifier> = []
    /// Engines whose last allowed reload kept its reads (released when the flush ends).
    var keepingReads: [ComponentEngine] = []
    /// Capped engines with work that is not a tracked change: dirty again for the next flush.
    var carriedOver: [ComponentEngine] = []
    /// Invalidations from other threads for engines that already reloaded in this flush.
    var deferred: [InvalidationInbox.Entry] = []

    init(flush: Int) { self.flush = flush }

    mutating func countReload(of engine: ComponentEngine) -> Int {
        let count = engine.flushReloads.flush == flush ? engine.flushReloads.count + 1 : 1
        engine.flushReloads = (flush, count)
        return count
    }

    func hasReloaded(_ engine: ComponentEngine) -> Bool { engine.flushReloads.flush == flush }
}
