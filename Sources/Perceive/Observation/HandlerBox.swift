/// Holds a scope's handler behind a class reference: one subclass per kind of handler, each with
/// its one field, which a delivery reads in place (an enum's payload is copied out to be matched: a
/// retain and a release of the closure's context), in the smallest box. An engine's token is its
/// own subclass, shared by the engine's scope and its memoized builders' (see
/// `init(sharing:owner:)`): told the change and which core fired, with no closure and no box
/// around it. A one-shot core keeps its handler itself and has no box (see ``OneShotCore``).
class HandlerBox: @unchecked Sendable {
    // Unchecked: the boxes here keep only `let`s of `Sendable` types; an engine's token says why
    // it is safe.

    /// A box for a scope's own handler, told the change.
    static func single(_ body: @escaping ScopeCore.Handler) -> HandlerBox { SingleHandlerBox(body) }

    /// Calls the handler with `change`, fired by `core`.
    func call(_ change: PerceptionChange, by core: ScopeCore) {}
}

private final class SingleHandlerBox: HandlerBox, @unchecked Sendable {
    let body: ScopeCore.Handler
    init(_ body: @escaping ScopeCore.Handler) { self.body = body }
    override func call(_ change: PerceptionChange, by core: ScopeCore) { body(change) }
}
