import Synchronization

/// A thread-safe handle on an engine, and the handler of its tracking scope and of its memoized
/// builders' scopes (their shared box): `nil` once the engine is gone.
final class EngineToken: HandlerBox, @unchecked Sendable {
    /// The engine, set on the main actor before the scope can fire, cleared by the engine's
    /// (isolated) deinitializer; read only on the main actor.
    // Unretained rather than weak: a weak reference gives the engine a side table, and every
    // retain and release of the engine then takes the runtime's slow path (about 700 instructions
    // per boundary reload). Kept as `Unmanaged` so that `withEngine` can lend it without a retain.
    var engine: ComponentEngine? {
        get { engineReference?.takeUnretainedValue() }
        set { engineReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    private var engineReference: Unmanaged<ComponentEngine>?

    /// `body` with the engine, if it is still there, not retained around the call (read into a
    /// local, an unretained reference is retained and released).
    @inline(__always)
    func withEngine(_ body: (ComponentEngine) -> Void) {
        engineReference?._withUnsafeGuaranteedRef(body)
    }

    /// Where its invalidations wait for the main actor.
    let inbox: InvalidationInbox

    init(inbox: InvalidationInbox) { self.inbox = inbox }

    /// Runs on the writing thread: the invalidation waits in the inbox for the main actor. The
    /// engine's own scope has no owner; a memoized builder's core names its slot.
    override func call(_ change: PerceptionChange, by core: ScopeCore) {
        inbox.enqueue(self, change, slot: core.owner == nil ? nil : core)
    }
}
