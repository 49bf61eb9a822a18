import Synchronization

/// Link events raised on any thread (a change link fires on the writing thread), delivered on the
/// main actor: at the end of the store dispatch that caused them, at the next flush, or — if
/// neither comes — by a main-actor task.
enum LinkInbox {
    typealias Work = @MainActor @Sendable () -> Void

    private static let pending = Mutex<[Work]>([])
    private static let taskScheduled = Atomic<Bool>(false)

    static func enqueue(_ work: @escaping Work) {
        pending.withLock { $0.append(work) }
        // Cleared only by the task itself (not by other drains), so at most one task is pending.
        guard taskScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        Task { @MainActor in
            taskScheduled.store(false, ordering: .releasing)
            drain()
        }
    }

    /// Delivers everything pending, in order (including what the deliveries raise).
    @MainActor
    static func drain() {
        while true {
            let work = pending.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            if work.isEmpty { return }
            for item in work { item() }
        }
    }
}
