/// Reads a value from the environment of the layout in progress.
///
/// ```swift
/// struct Greeting: ComponentBuilder {
///     @Environment(\.theme) var theme
///     func build() -> some Component { Text("Hello in \(theme)") }
/// }
/// ```
///
/// The value is read when the property is accessed, i.e. during `build()`.
@MainActor
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads `keyPath` of the current environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The current value.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// Lays out `content` with an environment value changed.
public struct EnvironmentComponent<Content: Component, Value>: Component {
    let content: Content
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value
    let site: String

    public func layout(_ constraint: Constraint) -> any RenderNode {
        var values = EnvironmentValues.current
        (EnvironmentStack.lastKeySet, EnvironmentStack.lastPropertySet) = (nil, nil)
        values[keyPath: keyPath] = value
        if Diagnostics.isOn(.environmentOrdering), let boundary = content as? any PerceptionBoundaryMarker {
            EnvironmentOrdering.report(
                site: site, key: EnvironmentStack.lastKeySet, property: EnvironmentStack.lastPropertySet, valueType: Value.self,
                contentType: boundary.contentTypeName)
        }
        return EnvironmentValues.withValues(values) { content.layout(constraint) }
    }
}

extension Component {
    /// Sets `keyPath` to `value` for the layout of this component (and so for every `build()` below
    /// it in the same engine, and for perception boundaries created below it).
    public consuming func environment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value,
        fileID: String = #fileID, line: Int = #line
    ) -> EnvironmentComponent<Self, Value> {
        EnvironmentComponent(content: self, keyPath: keyPath, value: value, site: "\(fileID):\(line)")
    }
}
