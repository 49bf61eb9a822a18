/// A core for ``withPerceptionTracking(_:onChange:)``: its `onChange`, not told the change, held
/// by the core itself (one allocation per call instead of a core and a box). Its box is the shared
/// `OneShotCall`, which calls the handler of the core that fired; the handler is released when the
/// core drops its box (after its one delivery, or when cancelled), as any core's box is.
final class OneShotCore: ScopeCore, @unchecked Sendable {
    // Unchecked: `handler` is written at initialization and by the one party that drops it, when
    // no delivery can be reading it (see `ScopeCore`). Not optional: an optional closure is called
    // through a reabstraction thunk whose context is allocated per call; dropped, it is replaced
    // by one that captures nothing.
    /// The call's `onChange` (a closure capturing nothing once dropped).
    nonisolated(unsafe) var handler: @Sendable () -> Void

    /// A core for one call, whose one delivery runs `handler`.
    init(_ handler: @escaping @Sendable () -> Void) {
        self.handler = handler
        super.init(oneShotCalling: OneShotCall.shared)
    }

    /// Releases the handler (and what it captured).
    func dropHandler() { handler = {} }
}

/// The box every ``OneShotCore`` shares: calls the handler the core keeps.
private final class OneShotCall: HandlerBox, @unchecked Sendable {
    /// The one instance: it holds nothing of any call.
    static let shared = OneShotCall()
    override func call(_ change: PerceptionChange, by core: ScopeCore) {
        // Entered while not cancelled: the handler is there until the delivery leaves.
        unsafeDowncast(core, to: OneShotCore.self).handler()
    }
}
