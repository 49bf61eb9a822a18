import Synchronization

// How a `withPerceptionTracking` call gets its core: a finished call's core, made new again once
// nothing references it, instead of an allocation per call (see `ThreadContext.spareOneShot`).

/// Begins a `withPerceptionTracking` call's session, with a core calling `handler`. An outermost
/// call uses the thread's spare core: made new again when nothing else references it any more (the
/// previous call's delivery is over and no cell links it), otherwise replaced by a new spare (the
/// old one lives on in the cells linking it). The thread holds the spare; the token only names it.
/// A call nested in one using the spare makes a core of its own, which its token owns.
///
/// Reusing the core saves its allocation and its deallocation, about a sixth of a one-read cycle;
/// the spare is checked and revived where it is stored, with no reference counting.
@usableFromInline
func _beginOneShotTracking(_ handler: @escaping @Sendable () -> Void) -> _TrackingToken {
    let context = ThreadContext.currentUnretained
    return context._withUnsafeGuaranteedRef { thread in
        guard !thread.spareOneShotInUse else {
            return _beginTracking(Unmanaged.passRetained(OneShotCore(isSpare: false, handler)), on: context, thread)
        }
        thread.spareOneShotInUse = true
        if isKnownUniquelyReferenced(&thread.spareOneShot) {
            // The last release of another reference may have come from another thread (a delivery
            // there): its writes to the core happen before what follows.
            atomicMemoryFence(ordering: .acquiring)
            // Named, not loaded into a reference: borrowed, it was retained and released around
            // the release of its previous handler (two atomic operations of a one-read cycle's 15).
            // The thread keeps holding it meanwhile: that handler's release may run any code, but
            // a call it makes finds the spare in use and makes a core of its own, and nothing else
            // assigns `spareOneShot`.
            let spare = thread.spareOneShotName
            spare._withUnsafeGuaranteedRef { unsafeDowncast($0, to: OneShotCore.self).revive(handler) }
            return _beginTracking(spare, on: context, thread)
        }
        // None yet, or still referenced (linked by a cell, held by a delivery or the toolchain).
        thread.spareOneShot = OneShotCore(isSpare: true, handler)
        return _beginTracking(thread.spareOneShotName, on: context, thread)
    }
}

/// Ends a `withPerceptionTracking` call's use of its core, once `session` armed it: the spare is
/// free again for the next call; a core of the call's own is released by its token (cells linking
/// it keep it). A call that read nothing (no tracked property, no `@Observable` one) can never
/// fire: its core is cancelled, which releases its `onChange` now, as freeing the core did before
/// cores were reused. A spare whose call read `@Observable` properties only is given up to the
/// toolchain, which alone holds it then: were the object to go unchanged, the toolchain releases
/// its handler and the core with it, instead of the thread keeping `onChange` until its next call.
/// (Out of line, and reached through `_endOneShotTracking` only: a scope's own sessions never come
/// here.)
@inline(never)
func endOneShot(_ token: _TrackingToken, after session: TrackingSession, _ thread: ThreadContext) {
    let recordedNoCell = session.count == 0
    let isSpare = token.coreReference._withUnsafeGuaranteedRef { core in
        if recordedNoCell && !session.observedToolchain { core.cancel() }
        return unsafeDowncast(core, to: OneShotCore.self).isSpare
    }
    guard isSpare else { return token.coreReference.release() }
    thread.spareOneShotInUse = false
    if recordedNoCell && session.observedToolchain { thread.spareOneShot = nil }
}
