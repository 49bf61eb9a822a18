/// The type-erased part of a store: its place in the tree of stores and event routing.
@MainActor
public class StoreBase {
    /// The nearest ancestor store (through the environment, across perception boundaries).
    public internal(set) weak var parent: StoreBase?
    var children: [WeakChild] = []
    /// False once the component left the tree: events sent to it are dropped.
    public internal(set) var isActive = true
    var environment = EnvironmentValues()
    private var queue: [(event: any Event, route: EventRoute)] = []
    private var isDispatching = false

    struct WeakChild { weak var store: StoreBase? }

    /// Sends `event`: this store reduces it, then (for `.up`) each ancestor in turn until one stops it.
    /// Events sent while a reducer runs are queued and reduced afterwards, in order.
    public func send(_ event: some Event, route: EventRoute = .local) {
        guard isActive else { return }
        queue.append((event, route))
        guard !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        var index = 0
        repeat {
            while index < queue.count {
                let (next, nextRoute) = queue[index]
                index += 1
                dispatch(next, route: nextRoute)
            }
            // Change links raised by these reductions are delivered now, in order; the events
            // they send to this store join the queue above.
            LinkInbox.drain()
        } while index < queue.count
        queue.removeAll()
    }

    private func dispatch(_ event: any Event, route: EventRoute) {
        let stopper = PropagationStopper()
        let handled = reduce(event, broadcast: false, stopper: stopper)
        #if DEBUG
            if !handled && route == .local {
                Diagnostics.report(
                    .events, "Perceive: \(Self.describe(self)) has no reducer for \(type(of: event)); the event was ignored.")
            }
        #endif
        guard route == .up else { return }
        var ancestor = parent
        while let current = ancestor, !stopper.isStopped {
            _ = current.reduce(event, broadcast: false, stopper: stopper)
            ancestor = current.parent
        }
    }

    /// Offers `event` to descendants: each child that receives its type reduces it, and children that
    /// receive or forward it pass it on to their own children.
    public func broadcast(_ event: some Event) {
        for child in children.compactMap(\.store) where child.isActive {
            let stopper = PropagationStopper()
            switch child.broadcastRole(for: event) {
            case .receive:
                _ = child.reduce(event, broadcast: true, stopper: stopper)
                child.broadcast(event)
            case .forward:
                child.broadcast(event)
            case .ignore:
                continue
            }
        }
    }

    func reduce(_ event: any Event, broadcast: Bool, stopper: PropagationStopper) -> Bool { false }
    func broadcastRole(for event: any Event) -> BroadcastRole { .ignore }
    func detach() {
        isActive = false
        parent?.children.removeAll { $0.store === self || $0.store == nil }
    }

    static func describe(_ store: StoreBase) -> String { String(describing: type(of: store)) }
}

/// A component's state and the reducers of its center.
public final class Store<C: Center>: StoreBase {
    /// The state; reducers write it, components read it (and so subscribe to what they read).
    public let state: C.State
    /// The center declaring reducers and links.
    public let center: C
    private let reducers: [Reducer<C.State>]
    var appeared = false
    var dependenciesResolved = false
    var changeScopes: [TrackingScope] = []

    init(center: C, state: C.State) {
        self.center = center
        self.state = state
        self.reducers = center.reducers
    }

    override func reduce(_ event: any Event, broadcast: Bool, stopper: PropagationStopper) -> Bool {
        let context = ReducerContext<C.State>(store: self, environment: environment, stopper: stopper)
        for reducer in reducers where !broadcast || reducer.broadcast == .receive {
            if reducer.reduce(event, state, context) { return true }
        }
        return false
    }

    override func broadcastRole(for event: any Event) -> BroadcastRole {
        let type = ObjectIdentifier(Swift.type(of: event))
        return reducers.first(where: { $0.eventType == type })?.broadcast ?? .ignore
    }

    override func detach() {
        super.detach()
        for scope in changeScopes { scope.cancel() }
        changeScopes = []
    }
}
