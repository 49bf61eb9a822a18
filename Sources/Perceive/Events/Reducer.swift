/// What a store does with one type of event.
///
/// ```swift
/// Reducer(Increment.self) { event, state, context in
///     state.count += 1
/// }
/// ```
@MainActor
public struct Reducer<State> {
    /// How the reducer takes part in broadcasts from ancestors.
    public typealias Broadcast = BroadcastRole

    let eventType: ObjectIdentifier
    let eventName: String
    let broadcast: Broadcast
    /// Returns false when `event` is not of the reducer's type (then nothing ran).
    let reduce: (any Event, State, ReducerContext<State>) -> Bool

    /// Reduces events of type `Value`.
    public init<Value: Event>(
        _ type: Value.Type, broadcast: Broadcast = .ignore,
        _ reduce: @escaping (Value, State, ReducerContext<State>) -> Void
    ) {
        self.eventType = ObjectIdentifier(type)
        self.eventName = String(describing: type)
        self.broadcast = broadcast
        self.reduce = { event, state, context in
            guard let event = event as? Value else { return false }
            reduce(event, state, context)
            return true
        }
    }

    /// Relays broadcasts of `Value` to this store's descendants without reducing them.
    public static func forward<Value: Event>(_ type: Value.Type) -> Reducer {
        Reducer(type, broadcast: .forward) { _, _, _ in }
    }
}

/// How a store takes part in broadcasts of one event type from its ancestors.
public enum BroadcastRole: Sendable {
    /// Reduces events sent to this store (and bubbled to it); ignores broadcasts.
    case ignore
    /// Also reduces broadcasts, and relays them to its own descendants.
    case receive
    /// Does not reduce broadcasts but relays them to its own descendants.
    case forward
}

/// Collects reducers: `@ReducerBuilder<State> var reducers: [Reducer<State>] { … }`.
@resultBuilder
@MainActor
public enum ReducerBuilder<State> {
    public static func buildExpression(_ reducer: Reducer<State>) -> [Reducer<State>] { [reducer] }
    public static func buildBlock(_ parts: [Reducer<State>]...) -> [Reducer<State>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Reducer<State>]?) -> [Reducer<State>] { part ?? [] }
    public static func buildEither(first part: [Reducer<State>]) -> [Reducer<State>] { part }
    public static func buildEither(second part: [Reducer<State>]) -> [Reducer<State>] { part }
    public static func buildArray(_ parts: [[Reducer<State>]]) -> [Reducer<State>] { parts.flatMap { $0 } }
}
