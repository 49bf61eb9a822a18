/// A class whose tracked properties can be observed by perception scopes.
///
/// Conform a model class and mark its tracked stored properties with ``Perceived``:
///
/// ```swift
/// final class Counter: Perceptible {
///     @Perceived var count = 0
/// }
/// ```
///
/// Conformance is a marker: the tracking state lives in each property's ``PerceptionCell``, so a
/// model needs no registrar of its own unless it writes hand-made accessors (see ``PerceptionRegistrar``).
/// `@Perceived` tracks the properties of any class; APIs that take a model (a store's state)
/// ask for this conformance.
public protocol Perceptible: AnyObject {}
