/// Builds the children of a container: plain expressions, `if`/`else`, `switch`, `for … in`,
/// optionals and arrays of components.
///
/// ```swift
/// VStack {
///     Text("Title")
///     if showsSubtitle { Text("Subtitle") }
///     for item in items { Text(item) }
/// }
/// ```
@resultBuilder
@MainActor
public enum ComponentResultBuilder {
    public static func buildExpression(_ component: any Component) -> [any Component] { [component] }
    public static func buildExpression(_ components: [any Component]) -> [any Component] { components }
    public static func buildExpression(_ component: (any Component)?) -> [any Component] { component.map { [$0] } ?? [] }
    /// Statements with no component (an assignment, a call returning nothing) contribute nothing.
    public static func buildExpression(_ nothing: Void) -> [any Component] { [] }
    public static func buildBlock(_ parts: [any Component]...) -> [any Component] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any Component]?) -> [any Component] { part ?? [] }
    public static func buildEither(first part: [any Component]) -> [any Component] { part }
    public static func buildEither(second part: [any Component]) -> [any Component] { part }
    public static func buildArray(_ parts: [[any Component]]) -> [any Component] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [any Component]) -> [any Component] { part }
}
