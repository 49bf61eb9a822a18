import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#elseif os(Windows)
    import WinSDK
#endif

/// A lock for critical sections of a few dozen instructions that call out to nothing (a cell
/// taking or adding its links): taking it is one atomic exchange, releasing it a plain store.
///
/// A `Mutex` releases with a second atomic operation (it must wake waiters) and takes with a
/// thread-id lookup; a cell locks on every firing write and every arming, where that operation is
/// a tenth of the write. A thread that finds the lock held spins on a load, then yields the
/// processor between attempts, so a holder that was preempted gets to finish.
struct SpinLock: ~Copyable {
    private let held = Atomic<Bool>(false)

    init() {}

    @inline(__always)
    func lock() {
        if held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inline(__always)
    func unlock() {
        held.store(false, ordering: .releasing)
    }

    @inline(never)
    private func lockContended() {
        var attempts = 0
        while true {
            // Tested with a load first: spinning on exchanges would pull the line back and forth.
            if !held.load(ordering: .relaxed),
                held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
            {
                return
            }
            attempts += 1
            if attempts >= 64 { Self.yieldProcessor() }
        }
    }

    private static func yieldProcessor() {
        #if os(Windows)
            _ = SwitchToThread()
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            _ = sched_yield()
        #endif
    }
}
