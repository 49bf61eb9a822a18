/// Runs `body` as a recording session on the current thread and arms `core` with what it read.
///
/// Shared by ``TrackingScope/track(_:)`` and ``withPerceptionTracking(_:onChange:)``. The session
/// becomes the thread's innermost one, so reads inside a nested session are recorded there only.
///
/// Inlinable so it is specialized for the caller's result type: generic code left unspecialized
/// instantiates `Result<T, E>` metadata at run time on every call. The work itself happens in the
/// non-generic `_beginTracking` / `_endTracking`.
@inlinable
func _track<T, E: Error>(_ core: ScopeCore, bridging: Bool, _ body: () throws(E) -> T) throws(E) -> T {
    let token = _beginTracking(core)
    // The token names the core without retaining it: the core is kept alive until the session
    // that arms it has ended.
    defer {
        _endTracking(token)
        withExtendedLifetime(core) {}
    }
    return try _tracked(token, bridging: bridging, body)
}

/// Runs `body` inside the session `token` began (and, bridging, inside the toolchain's tracking).
/// (Forced inline: called, it added about 100 instructions to every reload.)
@inlinable @inline(__always)
func _tracked<T, E: Error>(_ token: _TrackingToken, bridging: Bool, _ body: () throws(E) -> T) throws(E) -> T {
    guard bridging else { return try body() }
    // The result is moved through uninitialized memory, not held in an optional or a `Result`: an
    // optional existential (a layout's node) is copied, assigned and destroyed through the
    // runtime's generic enum witnesses, about 400 instructions per tracked layout.
    return try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { (buffer) throws(E) -> T in
        let storage = buffer.baseAddress.unsafelyUnwrapped
        var failure: E?
        // The bridge runs its body exactly once, synchronously: `storage` is initialized unless
        // `body` threw.
        _observeToolchainReads(token) {
            do throws(E) { storage.initialize(to: try body()) } catch { failure = error }
        }
        if let failure { throw failure }
        return storage.move()
    }
}

/// What `_endTracking` needs to arm the scope and restore the thread's state.
///
/// The thread's context and the scope's core are named, not retained: the thread's key holds its
/// context, and whoever begins a session holds the core until it ends it (`_track`'s caller, a
/// memoized builder's slot). Retaining them cost two retains and two releases per tracked body.
/// The session is owned by the token, held as `Unmanaged` so that `_endTracking` moves it back to
/// the thread's spares (copied out of the token, it cost a retain and a release): every token is
/// ended exactly once, innermost first (asserted). A `withPerceptionTracking` call's core is its
/// thread's spare, or owned by its token the same way as the session (see `_beginOneShotTracking`).
@usableFromInline
struct _TrackingToken {
    let context: Unmanaged<ThreadContext>
    let ownedSession: Unmanaged<TrackingSession>
    let enclosing: Unmanaged<TrackingSession>?
    let coreReference: Unmanaged<ScopeCore>
    let generation: UInt64

    /// The core the session arms.
    var core: ScopeCore { coreReference.takeUnretainedValue() }
}

@usableFromInline
func _beginTracking(_ core: ScopeCore) -> _TrackingToken {
    let context = ThreadContext.currentUnretained
    return context._withUnsafeGuaranteedRef { thread in
        _beginTracking(Unmanaged.passUnretained(core), on: context, thread)
    }
}

/// Begins a session on `thread` arming `core`.
@inline(__always)
func _beginTracking(
    _ core: Unmanaged<ScopeCore>, on context: Unmanaged<ThreadContext>, _ thread: ThreadContext
) -> _TrackingToken {
    let session = thread.makeSession()
    let enclosing = thread.session
    let generation = core._withUnsafeGuaranteedRef { $0.beginArming() }
    // Reads leave the inlined fast path while any session records, on any thread.
    thread.hooks.add(1)
    thread.session = Unmanaged.passUnretained(session)
    return _TrackingToken(
        context: context, ownedSession: Unmanaged.passRetained(session), enclosing: enclosing,
        coreReference: core, generation: generation)
}

@usableFromInline
func _endTracking(_ token: _TrackingToken) {
    _endTracking(token, keepingReads: false)
}

/// `_endTracking` for a `withPerceptionTracking` call's session (see `endOneShot`).
@usableFromInline
func _endOneShotTracking(_ token: _TrackingToken) {
    _endTracking(token, keepingReads: false, oneShot: true)
}

/// Arms the scope with what the session read and restores the thread's state; returns the
/// recorded cells when asked to (a scope that may have to re-arm without running its body).
// (Forced inline: `_endTracking(token)`, every reload's, then keeps no list and no one-shot steps.)
@discardableResult @inline(__always)
func _endTracking(_ token: _TrackingToken, keepingReads: Bool, oneShot: Bool = false) -> [PerceptionCell] {
    token.context._withUnsafeGuaranteedRef { thread in
        assert(thread.session?.toOpaque() == token.ownedSession.toOpaque(), "Perceive: a tracking session ended twice or out of order")
        thread.session = token.enclosing
        let session = token.ownedSession.takeRetainedValue()
        token.coreReference._withUnsafeGuaranteedRef { core in
            // Arm while still counted in `hooks`, so that writes meanwhile keep bumping versions.
            if !core.isCancelled { session.arm(core, generation: token.generation) }
        }
        let kept = keepingReads ? session.recordedCells : []
        if oneShot { endOneShot(token, after: session, thread) }
        thread.hooks.add(-1)
        thread.recycle(session)
        return kept
    }
}

/// The session recording on this thread right now, if any.
func _currentSession() -> TrackingSession? {
    ThreadContext.withExisting { $0.session?.takeUnretainedValue() } ?? nil
}

extension TrackingScope {
    /// `track(_:)` that also returns the cells it subscribed to.
    func trackKeepingReads<T>(_ body: () -> T) -> (T, [PerceptionCell]) { core.trackKeepingReads(bridging: bridges, body) }

    /// Subscribes to exactly `cells`, as if a `track` body had read them (see `ScopeCore.arm`).
    func arm(cells: [PerceptionCell], versions: [UInt64]? = nil) { core.arm(cells: cells, versions: versions) }
}

/// A core used as a persistent scope directly, as a ``TrackingScope`` uses its own: an engine's
/// scope is its core, with no object around it (32 bytes per engine).
extension ScopeCore {
    /// Runs `body`, recording the tracked properties (and toolchain `@Observable` ones) it reads,
    /// and subscribes to exactly those (see ``TrackingScope/track(_:)``).
    // Typed like `TrackingScope.track` (the body passes to `_track` as it is: a non-throwing
    // closure parameter would be wrapped in a reabstraction thunk on every reload).
    @inline(__always)
    func track<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T { try _track(self, bridging: true, body) }

    /// `track(_:)` that also returns the cells it subscribed to.
    func trackKeepingReads<T>(bridging bridges: Bool = true, _ body: () -> T) -> (T, [PerceptionCell]) {
        let token = _beginTracking(self)
        var result: T?
        if bridges {
            _observeToolchainReads(token) { result = body() }
        } else {
            result = body()
        }
        return (result.unsafelyUnwrapped, _endTracking(token, keepingReads: true))
    }

    /// Subscribes to exactly `cells`, as if a `track` body had read them (no body runs). With
    /// `versions` (the versions at which they were read), fires at once if one has moved since;
    /// without, the current values are the baseline.
    func arm(cells: [PerceptionCell], versions: [UInt64]? = nil) {
        let generation = beginArming()
        guard !isCancelled else { return }
        for cell in cells { cell.link(self, generation: generation) }
        didArm(generation)
        guard let versions else { return }
        for (cell, version) in zip(cells, versions) where cell.version != version {
            fire(generation, cell.changeRecord)
            return
        }
    }
}
