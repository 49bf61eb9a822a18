/// What a reducer can do besides changing its state.
@MainActor
public struct ReducerContext<State> {
    let store: StoreBase
    let environment: EnvironmentValues
    let stopper: PropagationStopper

    /// Sends a follow-up event to this store; it is reduced after the current one, in order.
    public func send(_ event: some Event, route: EventRoute = .local) { store.send(event, route: route) }

    /// Offers `event` to this store's descendants that receive (or forward) its type.
    public func broadcast(_ event: some Event) { store.broadcast(event) }

    /// Runs async work; events it sends are delivered in order on the main actor, to this store,
    /// as long as the store is still in the tree.
    public func run(_ work: @escaping @Sendable (EffectSender) async -> Void) {
        let sender = EffectSender(store: store)
        Task { @MainActor in await work(sender) }
    }

    /// The dependency of `type` provided to this component, or the default.
    public func dependency<Value>(_ type: Value.Type) throws(MissingDependency) -> Value {
        try Dependencies.resolve(type, in: environment)
    }

    /// Stops an upward event here: ancestors further up do not see it.
    public func stopPropagation() { stopper.isStopped = true }

    /// Performs `writes` without notifying anyone: no scope reloads for them (for high-frequency
    /// data; the new values show at the next reload that happens for another reason).
    public func quietly<T>(_ writes: () throws -> T) rethrows -> T { try withPerceptionSilenced(writes) }
}

/// Sends events from an effect's async work back to its store, on the main actor.
public struct EffectSender: Sendable {
    private let store: WeakStore

    init(store: StoreBase) { self.store = WeakStore(store) }

    /// Sends `event` to the store (dropped if it left the tree).
    @MainActor
    public func callAsFunction(_ event: some Event) {
        store.value?.send(event, route: .local)
    }
}

/// A weak reference to a store that may cross to async work (it is only dereferenced on the main actor).
final class WeakStore: @unchecked Sendable {
    weak var value: StoreBase?
    init(_ value: StoreBase) { self.value = value }
}

/// Whether a reducer stopped an upward event.
@MainActor
final class PropagationStopper {
    var isStopped = false
}
