import Foundation

/// A value that can be laid out into a ``RenderNode``.
///
/// Components are cheap value types, rebuilt on every reload of their scope. Write a
/// ``ComponentBuilder`` to compose them; implement `layout` directly to write a new layout.
@MainActor
public protocol Component {
    /// Lays the component out within `constraint`.
    func layout(_ constraint: Constraint) -> any RenderNode
}

/// A component described by other components.
///
/// `build()` runs during layout, inside the reload scope of the engine that lays it out, so every
/// tracked property it reads subscribes that scope.
@MainActor
public protocol ComponentBuilder: Component {
    associatedtype Body: Component
    /// The component this one is made of.
    func build() -> Body
}

extension ComponentBuilder {
    public func layout(_ constraint: Constraint) -> any RenderNode {
        guard NestingGuard.enter(Self.self) else { return EmptyLayout.node(constraint) }
        defer { NestingGuard.leave() }
        BuildContext.willBuild(Self.self)
        if let detector = WastedRebuildDetector.current { return detector.capture(self, constraint) }
        return build().layout(constraint)
    }
}

extension ComponentBuilder where Self: Equatable {
    /// Equal builders are not rebuilt: see ``EquatableBuilder`` and Docs/Diagnostics.md.
    public func layout(_ constraint: Constraint) -> any RenderNode {
        guard NestingGuard.enter(Self.self) else { return EmptyLayout.node(constraint) }
        defer { NestingGuard.leave() }
        guard let memo = BuildMemo.current else {
            BuildContext.willBuild(Self.self)
            return build().layout(constraint)
        }
        return memo.layout(self, constraint)
    }

    /// Marks the builder as memoized explicitly. An `Equatable` builder already is; the modifier
    /// documents the intent where it is used.
    public func equatable() -> EquatableBuilder<Self> { EquatableBuilder(content: self) }
}

/// What takes the place of a part of the tree that is not laid out (see `NestingGuard`).
@MainActor
package enum EmptyLayout {
    package static func node(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: constraint.minSize) }
}

struct EmptyLayoutNode: RenderNode {
    let size: CGSize
}

/// A builder that is rebuilt only when it differs from the one built at the same place last time,
/// or when a tracked property its last build read has changed.
public struct EquatableBuilder<Content: ComponentBuilder & Equatable>: Component {
    /// The memoized builder.
    public let content: Content
    public func layout(_ constraint: Constraint) -> any RenderNode { content.layout(constraint) }
}
