/// A key for a value in ``EnvironmentValues``.
///
/// ```swift
/// struct ThemeKey: EnvironmentKey {
///     static let defaultValue = "light"
/// }
/// extension EnvironmentValues {
///     var theme: String {
///         get { self[ThemeKey.self] }
///         set { self[ThemeKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    /// The value seen where no ancestor set one.
    static var defaultValue: Value { get }
}

/// Holds an object weakly, for environment values such as a view controller that the environment
/// must not keep alive. Two references are equal when they point to the same object (or both to none).
public struct WeakReference<Object: AnyObject>: Equatable {
    /// The object, or `nil` once it is gone.
    public weak var object: Object?

    /// Wraps `object` weakly.
    public init(_ object: Object?) { self.object = object }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.object === rhs.object }
}
