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
    defer { _endTracking(token) }
    guard bridging else { return try body() }
    var result: Result<T, E>?
    _observeToolchainReads(core, token) { result = Result { () throws(E) -> T in try body() } }
    // The bridge runs its body exactly once, synchronously.
    return try result.unsafelyUnwrapped.get()
}

/// What `_endTracking` needs to arm the scope and restore the thread's state.
@usableFromInline
struct _TrackingToken {
    let context: ThreadContext
    let session: TrackingSession
    let enclosing: Unmanaged<TrackingSession>?
    let core: ScopeCore
    let generation: UInt64
}

@usableFromInline
func _beginTracking(_ core: ScopeCore) -> _TrackingToken {
    let context = ThreadContext.current
    let session = context.makeSession()
    let enclosing = context.session
    session.parent = enclosing?.takeUnretainedValue()
    let generation = core.beginArming()
    ActiveSessions.begin(session)
    context.session = Unmanaged.passUnretained(session)
    return _TrackingToken(context: context, session: session, enclosing: enclosing, core: core, generation: generation)
}

@usableFromInline
func _endTracking(_ token: _TrackingToken) {
    token.context.session = token.enclosing
    let pending = ActiveSessions.end(token.session)
    if !token.core.isCancelled {
        token.session.arm(token.core, generation: token.generation, pending: pending)
    }
    token.context.recycle(token.session)
}

/// The session recording on this thread right now, if any.
func _currentSession() -> TrackingSession? {
    ThreadContext.withExisting { $0.session?.takeUnretainedValue() } ?? nil
}

extension TrackingScope {
    /// Subscribes to exactly `cells`, as if a `track` body had read them (no body runs).
    func arm(cells: [PerceptionCell]) {
        let generation = core.beginArming()
        guard !core.isCancelled else { return }
        for cell in cells { cell.link(core, generation: generation) }
        core.didArm(generation)
    }
}
