import Observation

/// Lets scopes observe the toolchain's `@Observable` models alongside `Perceptible` ones.
///
/// The body of a bridged `track` runs inside `withObservationTracking`; a change to any
/// `@Observable` property it read fires the scope's current armed set, exactly like a
/// `@Perceived` write. Two toolchain behaviours carry over and are documented in Observation.md:
/// the toolchain reports the change *before* the value is stored (willSet), and nested
/// `withObservationTracking` calls merge their reads into the enclosing call. The runtime never
/// nests scopes' tracking (a child engine lays out after its parent's tracked layout returns), so
/// boundaries stay isolated; hand-nested bridged tracking does not.
///
/// The core is taken from the token only if the toolchain asks for the change handler (it does when
/// the body read an `@Observable` property): named by the token, it costs no retain otherwise.
@usableFromInline
func _observeToolchainReads(_ token: _TrackingToken, _ body: () -> Void) {
    let generation = token.generation
    withObservationTracking(body, onChange: onChange(token, generation))
}

/// The change handler `_observeToolchainReads` hands the toolchain, which asks for it only when the
/// body read an `@Observable` property: the session notes that its core can fire.
private func onChange(_ token: _TrackingToken, _ generation: UInt64) -> @Sendable () -> Void {
    token.ownedSession._withUnsafeGuaranteedRef { $0.observedToolchain = true }
    let core = token.core
    return { core.fire(generation, PerceptionChange(kind: .observation, property: nil)) }
}
