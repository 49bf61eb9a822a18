/// Values made available by type to a subtree of components, with process-wide defaults.
///
/// Provide one with `.dependency(value)` on an ancestor, or `Dependencies.setDefault(value)`;
/// read it in a reducer with `try context.dependency(Router.self)`.
@MainActor
public enum Dependencies {
    private static var defaults: [ObjectIdentifier: Any] = [:]

    /// Registers `value` as the default for its type, used where no ancestor provides one.
    public static func setDefault<Value>(_ value: Value) { defaults[ObjectIdentifier(Value.self)] = value }

    /// Removes the default for `type`.
    public static func removeDefault<Value>(_ type: Value.Type) { defaults[ObjectIdentifier(type)] = nil }

    static func resolve<Value>(_ type: Value.Type, in environment: EnvironmentValues) throws(MissingDependency) -> Value {
        if let value = environment.dependencies[ObjectIdentifier(type)] as? Value { return value }
        if let value = defaults[ObjectIdentifier(type)] as? Value { return value }
        throw MissingDependency(typeName: String(describing: type))
    }

    static func isResolvable(_ type: Any.Type, in environment: EnvironmentValues) -> Bool {
        environment.dependencies[ObjectIdentifier(type)] != nil || defaults[ObjectIdentifier(type)] != nil
    }
}

/// A dependency that no ancestor provides and that has no default.
public struct MissingDependency: Error, Equatable, CustomStringConvertible {
    /// The type that was asked for.
    public let typeName: String

    public var description: String {
        "No dependency of type \(typeName) is available here: provide one with .dependency(_:) on an ancestor component, or Dependencies.setDefault(_:)."
    }
}

struct DependenciesKey: EnvironmentKey {
    static var defaultValue: [ObjectIdentifier: Any] { [:] }
}

extension EnvironmentValues {
    var dependencies: [ObjectIdentifier: Any] {
        get { self[DependenciesKey.self] }
        set { self[DependenciesKey.self] = newValue }
    }
}

/// Provides a dependency to a subtree.
public struct DependencyComponent<Content: Component, Value>: Component {
    let content: Content
    let value: Value

    public func layout(_ constraint: Constraint) -> any RenderNode {
        var values = EnvironmentValues.current
        values.dependencies[ObjectIdentifier(Value.self)] = value
        return EnvironmentValues.withValues(values) { content.layout(constraint) }
    }
}

extension Component {
    /// Makes `value` the dependency of its type for this component and everything below it.
    public consuming func dependency<Value>(_ value: Value) -> DependencyComponent<Self, Value> {
        DependencyComponent(content: self, value: value)
    }
}
