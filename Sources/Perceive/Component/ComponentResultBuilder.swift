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
/// Each component a statement makes is moved once onto a shared stack (the builder's own; a small
/// one is made into its `any Component` there, in place), and
/// statements pass around only the range they occupy there (a ``Part``: two integers): a loop of
/// 10,000 rows collects 10,000 pairs of integers and no component is copied or destroyed on the
/// way. The closure's final result moves its range off the stack into the container's array.
@resultBuilder
@MainActor
public enum ComponentResultBuilder {
    /// What one or more statements contributed: their components' range on the builder's stack.
    /// (Made and read by the builder only.)
    public struct Part {
        // Two 32-bit indexes: a loop collects one part per iteration in an array the toolchain
        // grows by copying, so a part's size is copied about twice per row of a list (a 10,000-row
        // list: 320 KB of copies at 16 bytes a part, 160 KB at 8). A stack of more than 2^31
        // components is not a case: its parts would wrap and be taken as empty.
        @usableFromInline let start32: Int32
        @usableFromInline let end32: Int32

        @inlinable var start: Int { Int(start32) }
        @inlinable var end: Int { Int(end32) }

        @inlinable
        init(start: Int, end: Int) {
            start32 = Int32(truncatingIfNeeded: start)
            end32 = Int32(truncatingIfNeeded: end)
        }

        /// Nothing, at the top of the stack.
        @inlinable @MainActor
        static var empty: Part {
            let top = ComponentStack.count
            return Part(start: top, end: top)
        }
    }

    /// A component of a known type: stored onto the builder's stack in place (see
    /// `ComponentStack+InPlace`).
    @inlinable
    public static func buildExpression<C: Component>(_ component: consuming C) -> Part {
        ComponentStack.push(concrete: component)
    }
    /// An `any Component` value. (Disfavored: a component of a known type would otherwise be
    /// erased here first, the overload the type checker prefers.)
    @inlinable @_disfavoredOverload
    public static func buildExpression(_ component: consuming any Component) -> Part {
        ComponentStack.push(component)
    }
    @inlinable
    public static func buildExpression(_ components: consuming [any Component]) -> Part {
        let start = ComponentStack.count
        for component in components { _ = ComponentStack.push(component) }
        return Part(start: start, end: ComponentStack.count)
    }
    @inlinable
    public static func buildExpression(_ component: consuming (any Component)?) -> Part {
        switch consume component {
        case .none: return .empty
        case .some(let component): return ComponentStack.push(component)
        }
    }
    /// Statements with no component (an assignment, a call returning nothing) contribute nothing.
    @inlinable
    public static func buildExpression(_ nothing: Void) -> Part { .empty }
    @inlinable
    public static func buildPartialBlock(first: Part) -> Part { first }
    /// Consecutive statements occupy consecutive ranges: joining them is one comparison.
    @inlinable
    public static func buildPartialBlock(accumulated: Part, next: Part) -> Part {
        if accumulated.end == next.start { return Part(start: accumulated.start, end: next.end) }
        return ComponentStack.join(accumulated, next)
    }
    @inlinable
    public static func buildBlock() -> Part { .empty }
    @inlinable
    public static func buildOptional(_ part: Part?) -> Part { part ?? .empty }
    @inlinable
    public static func buildEither(first part: Part) -> Part { part }
    @inlinable
    public static func buildEither(second part: Part) -> Part { part }
    /// A loop's iterations occupy consecutive ranges: one pass over the ranges checks it.
    @inlinable
    public static func buildArray(_ parts: [Part]) -> Part {
        guard var joined = parts.first else { return .empty }
        var index = 1
        while index < parts.count {
            let next = parts[index]
            joined = joined.end == next.start ? Part(start: joined.start, end: next.end) : ComponentStack.join(joined, next)
            index += 1
        }
        return joined
    }
    @inlinable
    public static func buildLimitedAvailability(_ part: Part) -> Part { part }
    @inlinable
    public static func buildFinalResult(_ part: Part) -> [any Component] { ComponentStack.take(part) }
}
