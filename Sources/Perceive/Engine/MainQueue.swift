import Dispatch

/// Whether code runs on the main queue, where the main actor runs builds, tap handlers and flushes.
///
/// Not the main *thread*: under `dispatchMain()` — a command-line app's run loop, and Swift
/// Testing's on Linux — libdispatch drains the main queue on worker threads, so main-actor jobs run
/// on different threads over time. Comparing with the thread that created the scheduler took a
/// build's own write for another thread's and put its reload off to the next flush.
enum MainQueue {
    /// Marks the main queue, so that any code can ask whether it runs there.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// True on the main queue (and on the main thread outside `dispatchMain()`).
    ///
    /// The main thread answers without asking libdispatch: it is where the main queue runs unless
    /// `dispatchMain()` took over (and then the main thread is gone), and the queue-specific lookup
    /// costs about 200 instructions on every invalidation a write delivers. A block the main thread
    /// runs through `someQueue.sync` counts as the main queue too: nothing else can run on the main
    /// actor meanwhile. Whether a thread is the main thread is remembered in its tracking context
    /// (see `ThreadContext.isMainThread`).
    static var isCurrent: Bool {
        ThreadContext.withCurrent(\.isMainThread) || DispatchQueue.getSpecific(key: key) == true
    }

    /// `ReloadScheduler.applyNow`, called from the main queue without a second executor check.
    ///
    /// The caller has just found it runs on the main queue — the main actor's executor — so the
    /// code is isolated to the main actor; `MainActor.assumeIsolated` would ask the runtime again
    /// (about 600 instructions, as much as the rest of the work). Only for the invalidation path.
    static func applyNow(_ token: EngineToken, _ change: PerceptionChange, _ slot: ScopeCore?) -> Bool {
        typealias Apply = (EngineToken, PerceptionChange, ScopeCore?) -> Bool
        let apply: @MainActor (EngineToken, PerceptionChange, ScopeCore?) -> Bool = ReloadScheduler.applyNow
        return unsafeBitCast(apply, to: Apply.self)(token, change, slot)
    }
}
