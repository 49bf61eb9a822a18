import Synchronization

/// Link events raised on any thread (a change link fires on the writing thread), delivered on the
/// main actor: at the end of the store dispatch that caused them, at the next flush, or — if
/// neither comes — by a main-actor task.
enum LinkInbox {
    typealias Work = @MainActor @Sendable () -> Void

    private static let pending = Mutex<[Work]>([])
    /// `pending.count`, changed under the lock: every flush drains, and an empty inbox is then
    /// seen without taking the lock (a like's flush spent ~400 instructions on it).
    private static let count = Atomic<Int>(0)
    private static let taskScheduled = Atomic<Bool>(false)

    static func enqueue(_ work: @escaping Work) {
        pending.withLock {
            $0.append(work)
            count.add(1, ordering: .releasing)
        }
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
        // Whatever was enqueued before this drain began is counted (the count moves under the lock).
        while count.load(ordering: .acquiring) > 0 {
            let work = pending.withLock { pending in
                defer { pending.removeAll() }
                count.subtract(pending.count, ordering: .releasing)
                return pending
            }
            if work.isEmpty { return }
            for item in work { item() }
        }
    }
}
