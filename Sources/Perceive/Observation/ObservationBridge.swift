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
@usableFromInline
func _observeToolchainReads(_ core: ScopeCore, _ token: _TrackingToken, _ body: () -> Void) {
    let generation = token.generation
    withObservationTracking(body) {
        core.fire(generation, PerceptionChange(kind: .observation, property: nil))
    }
}
