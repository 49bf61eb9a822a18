/// Declares a component's state, the reducers for its events, and its links.
///
/// ```swift
/// struct CounterCenter: Center {
///     func makeState() -> CounterState { CounterState() }
///     var reducers: [Reducer<CounterState>] {
///         Reducer(Increment.self) { _, state, _ in state.count += 1 }
///     }
/// }
/// ```
@MainActor
public protocol Center {
    /// The state object the store owns (or adopts).
    associatedtype State: Perceptible
    /// A fresh state, used when the component owns its state.
    func makeState() -> State
    /// The reducers, at most one per event type (the first wins).
    @ReducerBuilder<State> var reducers: [Reducer<State>] { get }
    /// Events fired automatically (on appear, once dependencies resolve, on reload, on a change).
    var links: [Link<State>] { get }
    /// Dependency types the component needs; `Link.onDependenciesResolved` fires once all resolve.
    var dependencies: [Any.Type] { get }
}

extension Center {
    public var links: [Link<State>] { [] }
    public var dependencies: [Any.Type] { [] }
}
