/// Lays out content with automatic scopes: every builder in it is memoized and reloads on its own.
///
/// By default a builder without a boundary rebuilds whenever its parent rebuilds, and a write to
/// what it read rebuilds its nearest memoized ancestor (or the whole scope). Under automatic scopes
/// every builder records its own reads, so a write rebuilds exactly the builders that read it —
/// code written with a perception boundary in the wrong place still pays only for what changed.
/// Builders whose parent rebuilt still rebuild unless they are `Equatable` and equal.
public struct AutomaticScopesComponent<Content: Component>: Component {
    public let content: Content

    public func layout(_ constraint: Constraint) -> any RenderNode {
        var values = EnvironmentValues.current
        values.automaticScopes = true
        guard let context = LayoutContext.current else {
            return EnvironmentValues.withValues(values) { content.layout(constraint) }
        }
        let saved = context.automatic
        context.automatic = true
        defer { context.automatic = saved }
        return EnvironmentValues.withValues(values) { content.layout(constraint) }
    }
}

extension Component {
    /// Turns on automatic scopes for this component and everything below it, perception
    /// boundaries included: see ``AutomaticScopesComponent``.
    public consuming func automaticScopes() -> AutomaticScopesComponent<Self> { AutomaticScopesComponent(content: self) }
}

struct AutomaticScopesKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    /// Whether builders are memoized by default (see ``Component/automaticScopes()``).
    public var automaticScopes: Bool {
        get { self[AutomaticScopesKey.self] }
        set { self[AutomaticScopesKey.self] = newValue }
    }
}
