import Synchronization

/// The shared, tiny part of a subscription: a generation counter and the handler to call.
///
/// State machine (every transition is an atomic operation on `generation`):
/// - *arming* bumps the generation to `g` and links the recorded cells at `g`;
/// - *firing* a link made at `g` succeeds only by exchanging `g` for `g + 1`, so one armed set is
///   delivered at most once however many of its cells are written, on however many threads;
/// - *re-arming* and *cancelling* bump the generation too, which turns every older link stale
///   without touching the cells that hold them (they sweep stale links lazily).
///
/// Cells keep cores alive, never the user's ``TrackingScope``; cancelling clears the handler, so a
/// cancelled or deallocated scope's closure (and whatever it captured) is released at once.
@usableFromInline
final class ScopeCore: Sendable {
    let generation = Atomic<UInt64>(0)
    /// The generation of the most recent completed arming (0 before the first).
    private let armed = Atomic<UInt64>(0)
    private let cancelled = Atomic<Bool>(false)
    // Boxed: reading a closure out of a `Mutex` through `inout` re-wraps it in a reabstraction
    // thunk on every call (observed with Swift 6.3), growing without bound; a class reference does not.
    private let handler: Mutex<HandlerBox?>
    /// A one-shot core (``withPerceptionTracking(_:onChange:)``) forgets its handler after delivery.
    let isOneShot: Bool
    /// What the shared handler's owner subscribed with this core (an engine's memoized slot), named
    /// without being retained; meaningful to that owner only, and only while the core is not
    /// cancelled (the owner cancels the core before it lets the object go).
    nonisolated(unsafe) let owner: UnsafeRawPointer?

    typealias Handler = @Sendable (PerceptionChange) -> Void

    init(oneShot: Bool, handler: @escaping Handler) {
        self.isOneShot = oneShot
        self.handler = Mutex(HandlerBox(handler))
        self.owner = nil
    }

    /// A one-shot core whose handler is not told the change (``withPerceptionTracking(_:onChange:)``):
    /// held as given, with no closure made around it.
    init(oneShot handler: @escaping @Sendable () -> Void) {
        self.isOneShot = true
        self.handler = Mutex(HandlerBox(plain: handler))
        self.owner = nil
    }

    /// A core whose handler is shared with others and told which core fired (an engine's
    /// memoized builders: one handler for all of them); `owner` says which of them it is.
    init(sharing box: HandlerBox, owner: UnsafeRawPointer? = nil) {
        self.isOneShot = false
        self.handler = Mutex(box)
        self.owner = owner
    }

    /// Starts a new armed set and returns its generation; older links become stale.
    func beginArming() -> UInt64 {
        generation.add(1, ordering: .acquiringAndReleasing).newValue
    }

    /// Records that the set started at `generation` is now linked.
    func didArm(_ generation: UInt64) {
        armed.store(generation, ordering: .releasing)
    }

    /// Whether the latest armed set is still waiting for a change.
    var isArmed: Bool {
        let latest = armed.load(ordering: .acquiring)
        return latest != 0 && generation.load(ordering: .acquiring) == latest
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// The handler box (shared with other cores, for a core made with `init(sharing:owner:)`);
    /// `nil` once cancelled.
    var handlerBox: HandlerBox? { handler.withLock { $0 } }

    /// Makes every link stale and drops the handler; the core never arms again.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        generation.add(1, ordering: .acquiringAndReleasing)
        _ = handler.withLock { $0.take() }
    }

    /// Delivers `change` if the set armed at `armed` has not fired yet.
    func fire(_ armed: UInt64, _ change: PerceptionChange) {
        guard claim(armed) else { return }
        Delivery.deliver(PendingDelivery(core: self, change: change))
    }

    /// Takes the right to deliver the set armed at `armed`: true for exactly one caller.
    @inline(__always)
    func claim(_ armed: UInt64) -> Bool {
        generation.compareExchange(expected: armed, desired: armed &+ 1, ordering: .acquiringAndReleasing).exchanged
    }

    /// Runs the handler outside every lock. Called by ``Delivery`` only.
    // Inlined into the delivery loops: the caller's references to the core and the change then
    // serve the call (25 of a firing write's ~700 instructions were the call's own retains).
    @inline(__always)
    func run(_ change: PerceptionChange) {
        let box: HandlerBox? = isOneShot ? handler.withLock { $0.take() } : handler.withLock { $0 }
        // The stored closure is called directly: a wrapper closure would cost a call and a context
        // retain per delivery.
        switch box?.body {
        case .single(let handler): handler(change)
        case .plain(let handler): handler()
        case .target(let target): target.invalidated(change, by: self)
        case nil: return
        }
    }
}

/// Holds a scope's handler behind a class reference (see `ScopeCore.handler`).
final class HandlerBox: Sendable {
    enum Body {
        /// A scope's own handler.
        case single(ScopeCore.Handler)
        /// A handler that is not told the change (a one-shot `onChange`).
        case plain(@Sendable () -> Void)
        /// An object told the change and which core fired, shared by many cores (an engine's
        /// scope and its memoized builders): no closure, and no context for one.
        case target(any InvalidationTarget)
    }

    let body: Body

    init(_ body: @escaping ScopeCore.Handler) { self.body = .single(body) }

    /// A handler that is not told the change.
    init(plain body: @escaping @Sendable () -> Void) { self.body = .plain(body) }

    /// `target`, told the change and which core fired, to share among many cores.
    init(target: any InvalidationTarget) { self.body = .target(target) }
}

/// What a shared ``HandlerBox`` tells directly (an engine's token): called on the writing thread,
/// outside every lock, once per armed set of `core`.
protocol InvalidationTarget: AnyObject, Sendable {
    func invalidated(_ change: PerceptionChange, by core: ScopeCore)
}
