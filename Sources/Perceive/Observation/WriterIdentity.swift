import Dispatch

/// Tells writes apart by who made them: the main queue (where the main actor runs builds, tap
/// handlers and flushes), or one particular other thread.
///
/// Not by pthread: under `dispatchMain()` — a command-line app's run loop, and Swift Testing's on
/// Linux — libdispatch drains the main queue on worker threads, so main-actor jobs run on different
/// threads over time. Comparing threads took a build's own write for another thread's and put its
/// reload off to the next flush.
enum WriterIdentity {
    /// Marks the main queue, so that any code can ask whether it runs there.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue (the main thread outside `dispatchMain()` included).
    static var isMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

    /// 1 on the main queue; elsewhere the address of the thread's context (never 0 or 1).
    static func current(_ context: ThreadContext) -> UInt { isMainQueue ? 1 : context.identity }
}
