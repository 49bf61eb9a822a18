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
///
/// Statements build `ComponentResultBuilder.Part`s — one component, several, or none — which a
/// block accumulates into one array: a loop of 10,000 rows makes one array of parts and one of
/// components, not an array per row.
@resultBuilder
@MainActor
public enum ComponentResultBuilder {
    /// What one statement contributes.
    public enum Part {
        case none
        case one(any Component)
        case many([any Component])

        /// Moves this part's components to the end of `components`. (`consume` throughout: a
        /// pattern binding lives to the end of its scope, so `append` would get a copy of the
        /// component — a generic value-witness call per row — and the original be destroyed.)
        @inlinable
        consuming func move(into components: inout [any Component]) {
            switch consume self {
            case .none: break
            case .one(let component): components.append(consume component)
            case .many(let more): components.append(contentsOf: more)
            }
        }
    }

    // Parameters are `consuming`: a row's component moves into its part (a borrowed one is copied
    // — a generic value-witness call per row for an id around a builder — and the original destroyed).
    @inlinable
    public static func buildExpression(_ component: consuming any Component) -> Part { .one(component) }
    @inlinable
    public static func buildExpression(_ components: consuming [any Component]) -> Part { .many(components) }
    @inlinable
    public static func buildExpression(_ component: consuming (any Component)?) -> Part {
        switch consume component {
        case .none: return .none
        case .some(let component): return .one(consume component)
        }
    }
    /// Statements with no component (an assignment, a call returning nothing) contribute nothing.
    @inlinable
    public static func buildExpression(_ nothing: Void) -> Part { .none }
    @inlinable
    public static func buildPartialBlock(first: consuming Part) -> Part { first }
    /// A block's statements accumulate into one list, grown in place: copying what came before at
    /// every statement made a block of n statements copy n²/2 components.
    @inlinable
    public static func buildPartialBlock(accumulated: consuming Part, next: consuming Part) -> Part {
        var components: [any Component]
        switch consume accumulated {
        case .none: return next
        case .one(let first):
            components = [consume first]
        case .many(let list):
            components = consume list
        }
        next.move(into: &components)
        return .many(components)
    }
    @inlinable
    public static func buildBlock() -> Part { .none }
    @inlinable
    public static func buildOptional(_ part: consuming Part?) -> Part { part ?? .none }
    @inlinable
    public static func buildEither(first part: consuming Part) -> Part { part }
    @inlinable
    public static func buildEither(second part: consuming Part) -> Part { part }
    @inlinable
    public static func buildArray(_ parts: consuming [Part]) -> Part {
        var components: [any Component] = []
        components.reserveCapacity(parts.count)
        // Each part is moved out (its slot left `.none`), not copied: a loop of 10,000 rows
        // otherwise retains and releases every component once more.
        for index in parts.indices {
            exchange(&parts[index], with: .none).move(into: &components)
        }
        return .many(components)
    }
    @inlinable
    public static func buildLimitedAvailability(_ part: consuming Part) -> Part { part }
    @inlinable
    public static func buildFinalResult(_ part: consuming Part) -> [any Component] {
        switch consume part {
        case .none: return []
        case .one(let component): return [consume component]
        case .many(let components): return consume components
        }
    }
}
