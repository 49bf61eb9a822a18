import Synchronization

// How a `withPerceptionTracking` call gets its core: a finished call's core, made new again once
// nothing references it, instead of an allocation per call (see `ThreadContext.spareOneShot`).

/// Begins a `withPerceptionTracking` call's session, with a core calling `handler`: the thread's
/// spare core made new again when nothing else references it any more (the previous call's
/// delivery is over and no cell links it), otherwise a new one. The token owns the core.
///
/// Reusing the core saves its allocation and its deallocation, about a sixth of a one-read cycle.
/// A spare still linked (its call is waiting for a write) is let go and a new core made.
@usableFromInline
func _beginOneShotTracking(_ handler: @escaping @Sendable () -> Void) -> _TrackingToken {
    let context = ThreadContext.currentUnretained
    return context._withUnsafeGuaranteedRef { thread in
        // Taken out while the call runs: a call nested in it must not find it spare.
        let core: OneShotCore
        if var spare = thread.spareOneShot.take(), isKnownUniquelyReferenced(&spare) {
            // The last release of another reference may have come from another thread (a delivery
            // there): its writes to the core happen before what follows.
            atomicMemoryFence(ordering: .acquiring)
            spare.revive(handler)
            core = spare
        } else {
            core = OneShotCore(handler)
        }
        return _beginTracking(Unmanaged.passRetained(core as ScopeCore), on: context, thread)
    }
}

/// Keeps a finished `withPerceptionTracking` call's core (which its token owns) as the thread's
/// spare, unless a nested call's took the place. A call that read nothing (no tracked property, no
/// `@Observable` one) can never fire: its core is cancelled, which releases its `onChange` now, as
/// freeing the core did before cores were reused. (Out of line: a scope's own sessions, which own
/// no core, never come here.)
@inline(never)
func keepSpareOneShot(_ token: _TrackingToken, readNothing: Bool, _ thread: ThreadContext) {
    let core = token.coreReference.takeRetainedValue()
    if readNothing { core.cancel() }
    guard thread.spareOneShot == nil else { return }
    thread.spareOneShot = unsafeDowncast(core, to: OneShotCore.self)
}
