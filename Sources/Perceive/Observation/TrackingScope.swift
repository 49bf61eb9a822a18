/// A persistent subscription to the tracked properties read by its most recent ``track(_:)``.
///
/// The runtime gives every reload scope (every engine) one `TrackingScope`:
///
/// ```swift
/// let scope = TrackingScope { change in print("reload because \(change)") }
/// scope.track { render(model) }   // subscribes to what `render` read
/// model.title = "New"             // handler runs once: "reload because Model.title"
/// scope.track { render(model) }   // replaces the subscription with the new reads
/// ```
///
/// - Each `track` replaces the previous set of reads: there is exactly one live subscription.
/// - The handler runs at most once per `track`, on the thread of the first write to any recorded
///   property (or when an observed object is deallocated), outside every lock.
/// - A write during `track` to a property already read in it fires right after arming.
/// - ``cancel()`` and deinitialization unsubscribe at once and release the handler.
public final class TrackingScope: Sendable {
    @usableFromInline let core: ScopeCore
    /// Whether `track` also observes toolchain `@Observable` models read by its body.
    @usableFromInline let bridges: Bool
    public var bridgesObservation: Bool { bridges }

    /// Creates a scope that calls `onInvalidate` when something it read changes.
    ///
    /// - Parameters:
    ///   - bridgesObservation: also subscribe to `@Observable` properties read by `track`'s body
    ///     (default `true`; turning it off saves the toolchain's per-track bookkeeping).
    ///   - onInvalidate: called once per armed set, on the writing thread, outside every lock.
    public init(bridgesObservation: Bool = true, onInvalidate: @escaping @Sendable (PerceptionChange) -> Void) {
        self.core = ScopeCore(handler: onInvalidate)
        self.bridges = bridgesObservation
    }

    deinit { core.cancel() }

    /// Runs `body`, recording the tracked properties it reads, and subscribes to exactly those.
    @inlinable
    public func track<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try _track(core, bridging: bridges, body)
    }

    /// Unsubscribes from everything and releases the handler; later writes notify nobody.
    ///
    /// A cancelled scope stays cancelled: `track` still runs its body but subscribes to nothing.
    public func cancel() { core.cancel() }

    /// True while the most recent `track`'s subscription is live (armed and not yet fired or cancelled).
    public var isArmed: Bool { core.isArmed }
}

/// Runs `apply`, recording every tracked property it reads, and calls `onChange` once, on the
/// first later write to any of them.
///
/// Reads made inside a nested `withPerceptionTracking` (or inside a nested scope's `track`) belong to
/// that inner call only. Writes to properties `apply` did not read, or to other objects, are ignored;
/// writes of an `Equatable` value equal to the current one are ignored too.
///
/// ```swift
/// let title = withPerceptionTracking {
///     model.title
/// } onChange: {
///     print("title changed")
/// }
/// ```
@inlinable
public func withPerceptionTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    onChange: @autoclosure () -> @Sendable () -> Void
) throws(E) -> T {
    let token = _beginOneShotTracking(onChange())
    // The call's core is its thread's spare (or, nested in a call using it, its token's own):
    // ending the session frees the spare for the next call.
    defer { _endOneShotTracking(token) }
    return try _tracked(token, bridging: true, apply)
}
