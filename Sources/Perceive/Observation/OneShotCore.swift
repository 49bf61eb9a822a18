/// A core for ``withPerceptionTracking(_:onChange:)``: its `onChange`, not told the change, held
/// by the core itself (one object per call instead of a core and a box; a thread's outermost calls
/// reuse one such core in turn, see `_beginOneShotTracking`). A delivery calls it
/// directly (see `ScopeCore.run`); it is released after the one delivery, or when the core is
/// cancelled, as any core's box is.
final class OneShotCore: ScopeCore, @unchecked Sendable {
    // Unchecked: `handler` is written at initialization and by the one party that drops it, when
    // no delivery can be reading it (see `ScopeCore`). Not optional: an optional closure is called
    // through a reabstraction thunk whose context is allocated per call; dropped, it is replaced
    // by one that captures nothing.
    /// The call's `onChange` (a closure capturing nothing once dropped).
    nonisolated(unsafe) var handler: @Sendable () -> Void
    /// Whether this is its thread's spare core, which the thread holds and hands to its calls in
    /// turn; any other core belongs to the one call that made it (see `_beginOneShotTracking`).
    let isSpare: Bool

    /// A core for one call, whose one delivery runs `handler`.
    init(isSpare: Bool, _ handler: @escaping @Sendable () -> Void) {
        self.handler = handler
        self.isSpare = isSpare
        super.init(oneShot: ())
    }

    /// Releases the handler (and what it captured).
    func dropHandler() { handler = {} }

    /// Makes a finished core new again for another call, with `handler`. Only for a spare core
    /// nothing else references (its thread checked it is uniquely referenced): no cell links it
    /// and no delivery holds it, so nothing reads its state or its handler meanwhile. The caller's
    /// acquiring fence after that check orders this after everything a thread that held the core
    /// did before releasing it (its delivery's exchange, then `dropHandler`'s write).
    func revive(_ handler: @escaping @Sendable () -> Void) {
        self.handler = handler
        reviveOneShot()
    }
}
