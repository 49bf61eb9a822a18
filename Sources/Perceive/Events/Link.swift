/// An event a store sends to itself automatically.
@MainActor
public struct Link<State> {
    enum Trigger {
        case appear
        case dependenciesResolved
        case reload
        /// Reads the watched property (so a scope tracking it subscribes to exactly that).
        case change(read: (State) -> Void)
    }

    let trigger: Trigger
    let event: any Event

    /// Once, when the component first appears (after its first layout).
    public static func onAppear(_ event: some Event) -> Link { Link(trigger: .appear, event: event) }

    /// Once, after the first layout in which every type in the center's `dependencies` resolves.
    public static func onDependenciesResolved(_ event: some Event) -> Link {
        Link(trigger: .dependenciesResolved, event: event)
    }

    /// After every layout of the component's scope. A reducer for it that changes what the
    /// component reads makes the scope reload again; keep such updates quiet.
    public static func onReload(_ event: some Event) -> Link { Link(trigger: .reload, event: event) }

    /// Each time the state property at `keyPath` changes (equal writes do not count).
    public static func onChange<Value>(of keyPath: KeyPath<State, Value>, _ event: some Event) -> Link {
        Link(trigger: .change(read: { state in _ = state[keyPath: keyPath] }), event: event)
    }
}
