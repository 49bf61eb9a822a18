import Foundation

/// Where a store's state comes from.
@MainActor
public enum StateSource<State: Perceptible> {
    /// The store makes its own (the center's `makeState()`), kept as long as the component is in the tree.
    case owned
    /// This object, passed in at construction.
    case provided(State)
    /// The object a dependency holds: the state outlives the component.
    case injected((EnvironmentValues) throws(MissingDependency) -> State)

    /// The state held at `keyPath` of the dependency of type `Holder`.
    public static func inject<Holder>(_ type: Holder.Type, _ keyPath: KeyPath<Holder, State>) -> StateSource {
        .injected { environment throws(MissingDependency) in try Dependencies.resolve(type, in: environment)[keyPath: keyPath] }
    }
}

/// A component with a store: state that survives the parent's rebuilds, reducers for its events,
/// links, and a place in the tree of stores for events that bubble up or are broadcast down.
///
/// ```swift
/// WithStore(CounterCenter()) { store in
///     Text("\(store.state.count)").tappableView { store.send(Increment()) }
/// }
/// ```
///
/// The store is kept by the component's identity in its engine — its call site, `id` and position
/// among siblings from the same call site — and released when the component leaves the tree.
public struct WithStore<C: Center>: ComponentBuilder {
    let center: C
    let source: StateSource<C.State>
    let id: AnyHashable?
    let site: String
    let content: (Store<C>) -> any Component

    /// A store-backed component. Give `id` to components created in a loop.
    public init(
        _ center: C, state: StateSource<C.State> = .owned, id: AnyHashable? = nil,
        fileID: String = #fileID, line: Int = #line, column: Int = #column,
        @ComponentResultBuilder content: @escaping (Store<C>) -> [any Component]
    ) {
        self.center = center
        self.source = state
        self.id = id
        self.site = "\(fileID):\(line):\(column)"
        self.content = { ComponentGroup(content($0)) }
    }

    public func build() -> some Component {
        let environment = EnvironmentValues.current
        let registry = StoreRegistry.current
        let make = { () -> StoreBase in Store(center: center, state: resolveState(environment)) }
        var (base, created) = registry?.store(site: site, id: id, make: make) ?? (make(), true)
        if !(base is Store<C>) {
            // An identity is a call site, so its store always has this center type; never reached.
            base = make()
            created = true
        }
        guard let store = base as? Store<C> else { preconditionFailure("unreachable: make() returns Store<C>") }
        attach(store, created: created, environment: environment, registry: registry)
        var values = environment
        values.currentStore = WeakReference(store)
        return EnvironmentOverride(values: values, content: content(store))
    }

    private func resolveState(_ environment: EnvironmentValues) -> C.State {
        switch source {
        case .owned: return center.makeState()
        case .provided(let state): return state
        case .injected(let resolve):
            do {
                return try resolve(environment)
            } catch {
                Diagnostics.report(.events, "Perceive: \(C.self) could not inject its state: \(error) A fresh state is used instead.")
                return center.makeState()
            }
        }
    }

    private func attach(_ store: Store<C>, created: Bool, environment: EnvironmentValues, registry: StoreRegistry?) {
        store.environment = environment
        if let parent = environment.currentStore.object, parent !== store, store.parent !== parent {
            store.parent = parent
            parent.children.append(StoreBase.WeakChild(store: store))
        }
        if created {
            for link in center.links {
                if case .change(let read) = link.trigger { store.changeScopes.append(Self.changeScope(store, link.event, read)) }
            }
        }
        let deliver = { (trigger: (Link<C.State>) -> Bool) in
            let events = store.center.links.filter(trigger).map(\.event)
            guard !events.isEmpty else { return }
            let send = { [weak store] in for event in events { store?.send(event) } }
            if let registry { registry.afterLayout(send) } else { send() }
        }
        if !store.appeared {
            store.appeared = true
            deliver { if case .appear = $0.trigger { true } else { false } }
        }
        if !store.dependenciesResolved,
            center.dependencies.allSatisfy({ Dependencies.isResolvable($0, in: environment) })
        {
            store.dependenciesResolved = true
            deliver { if case .dependenciesResolved = $0.trigger { true } else { false } }
        }
        deliver { if case .reload = $0.trigger { true } else { false } }
    }

    /// A scope that sends `event` each time the property `read` reads changes, re-arming after each.
    /// The handler runs on the writing thread; the event is delivered on the main actor.
    private static func changeScope(_ store: Store<C>, _ event: any Event, _ read: @escaping (C.State) -> Void) -> TrackingScope {
        let weakStore = WeakStore(store)
        let box = ScopeBox()
        // Only called on the main actor (inside the delivered work).
        nonisolated(unsafe) let read = read
        let scope = TrackingScope(bridgesObservation: false) { _ in
            LinkInbox.enqueue {
                guard let store = weakStore.value as? Store<C>, store.isActive, let scope = box.scope else { return }
                scope.track { read(store.state) }
                store.send(event)
            }
        }
        box.scope = scope
        scope.track { read(store.state) }
        return scope
    }
}

final class ScopeBox: @unchecked Sendable {
    // Set once before the scope can fire; read on the main actor only.
    weak var scope: TrackingScope?
}

/// Lays content out under the store's own environment (so descendants find it as their parent).
struct EnvironmentOverride: Component {
    let values: EnvironmentValues
    let content: any Component
    func layout(_ constraint: Constraint) -> any RenderNode {
        EnvironmentValues.withValues(values) { content.layout(constraint) }
    }
}

struct CurrentStoreKey: EnvironmentKey {
    static var defaultValue: WeakReference<StoreBase> { WeakReference(nil) }
}

extension EnvironmentValues {
    var currentStore: WeakReference<StoreBase> {
        get { self[CurrentStoreKey.self] }
        set { self[CurrentStoreKey.self] = newValue }
    }
}
