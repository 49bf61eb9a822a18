import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// Per-thread tracking state: the innermost session, a pool of finished sessions to reuse, and the
/// queue that turns re-entrant invalidations into a loop instead of a recursion.
///
/// Only its own thread touches a context, so it needs no lock. It is reached through a pthread key
/// (cheaper than `Thread.current.threadDictionary` and free of Foundation), and the main thread's
/// by comparing the thread's identity with the main thread's (see `MainThreadContext`).
@usableFromInline
final class ThreadContext {
    // Only this thread touches a context: its fields opt out of dynamic exclusivity checks.

    /// The innermost running session; reads are recorded here and nowhere else. Unmanaged because
    /// its tracking token owns it for exactly as long as it is installed here, and a strong
    /// reference would cost a retain and a release on every recorded read.
    @exclusivity(unchecked) var session: Unmanaged<TrackingSession>?
    /// A finished session kept with its buffers, so that a steady-state track allocates nothing.
    @exclusivity(unchecked) var spare: TrackingSession?
    /// More finished sessions (up to 8), for nested sessions.
    @exclusivity(unchecked) var pool: [TrackingSession] = []
    /// The core this thread's outermost `withPerceptionTracking` calls use in turn: the next call
    /// makes it new again instead of allocating one, once nothing else references it (its delivery
    /// done, no cell linking it). See `_beginOneShotTracking`.
    @exclusivity(unchecked) var spareOneShot: OneShotCore?
    /// True while a call uses the spare core: a call nested in it makes a core of its own.
    @exclusivity(unchecked) var spareOneShotInUse = false

    /// The spare core, named without a retain: the thread holds it (there must be one).
    @inline(__always)
    var spareOneShotName: Unmanaged<ScopeCore> { Unmanaged.passUnretained(spareOneShot.unsafelyUnwrapped) }
    /// Depth of `withPerceptionTransaction` on this thread; deliveries wait while it is positive.
    @exclusivity(unchecked) var transactionDepth = 0
    /// Depth of `withPerceptionSilenced` on this thread; writes notify nobody while it is positive.
    @exclusivity(unchecked) var silenceDepth = 0
    /// True while this thread runs invalidation handlers; nested ones are queued, not recursed into.
    @exclusivity(unchecked) var isDelivering = false
    @exclusivity(unchecked) var queue: [PendingDelivery] = []
    /// Depth of `PerceptionChecking.expectingTracking` regions on this thread.
    @exclusivity(unchecked) var expectationDepth = 0
    var expectationLabel = ""
    /// Tracked reads made outside any scope since the last component was set (untracked-read checks).
    var untrackedReads: [PropertyName?] = []
    /// Messages collected by `Diagnostics.capture` on this thread (innermost last).
    var diagnosticCaptures: [[Diagnostics.Message]] = []
    /// The process-wide hook counter's address (`_PerceptionRuntime.hooks`), copied here: every
    /// session counts itself in and out of it, and reaching the lazy global cost a `swift_once`
    /// call each time.
    let hooks = _PerceptionRuntime.hooks
    /// Whether this is the process's main thread, asked once: on Linux `Thread.isMainThread` makes
    /// two system calls (`gettid`, `getpid`) each time, which instruction counts do not show.
    let isMainThread = Thread.isMainThread

    /// A number that identifies this thread while it runs (the context's address).
    var identity: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// This thread's context, if it ever needed one; borrowed, so reading it costs no retain.
    @inline(__always)
    static func withExisting<R>(_ body: (ThreadContext) -> R) -> R? {
        guard let context = existing else { return nil }
        return context._withUnsafeGuaranteedRef(body)
    }

    /// This thread's context, if it ever needed one, unretained (the thread's key holds it, and the
    /// main thread's is also held by `mainThreadContext`).
    @inline(__always)
    static var existing: Unmanaged<ThreadContext>? {
        if let main = mainThreadContext.ifCurrent() { return main }
        guard let key = threadContextKey.keyIfMade, let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadContext>.fromOpaque(raw)
    }

    /// This thread's context, created if needed; borrowed for `body`, so no retain either.
    @inline(__always)
    static func withCurrent<R>(_ body: (ThreadContext) -> R) -> R {
        currentUnretained._withUnsafeGuaranteedRef(body)
    }

    static var current: ThreadContext { currentUnretained.takeUnretainedValue() }

    /// This thread's context, created if needed, unretained (the thread's key holds it, and the
    /// main thread's is also held by `mainThreadContext`).
    @inline(__always)
    static var currentUnretained: Unmanaged<ThreadContext> {
        if let main = mainThreadContext.ifCurrent() { return main }
        return fromKey()
    }

    /// Any other thread's context: through its key (out of line, so the main thread's path stays
    /// short where it is inlined).
    @inline(never)
    private static func fromKey() -> Unmanaged<ThreadContext> { threadObject(threadContextKey, made) }

    /// A new context for the calling thread; the main thread's is published as it is made.
    private static func made() -> ThreadContext {
        let context = ThreadContext()
        if context.isMainThread { mainThreadContext.publish(Unmanaged.passUnretained(context)) }
        return context
    }

    func makeSession() -> TrackingSession {
        // The one spare first: nested sessions are rare, and an array's pop and append cost a
        // uniqueness check and a retain and release per tracked body.
        if let session = spare.take() { return session }
        if let session = pool.popLast() { return session }
        return TrackingSession()
    }

    /// Keeps a finished session for reuse: as the spare, or in the pool. (Inlined into every
    /// session's end, with the pool out of line: nested sessions are rare.)
    @inline(__always)
    func recycle(_ session: consuming TrackingSession) {
        session.reset()
        if spare == nil {
            spare = session
        } else {
            keepInPool(session)
        }
    }

    @inline(never)
    private func keepInPool(_ session: consuming TrackingSession) {
        if pool.count < 8 { pool.append(session) }
    }
}

/// An invalidation waiting for its thread to finish a transaction or the handler it is running.
struct PendingDelivery {
    let core: ScopeCore
    let change: PerceptionChange
}

private let threadContextKey = ThreadObjectKey()

/// The main thread's context, found without the key (see `MainThreadContext`).
let mainThreadContext = MainThreadContext()
