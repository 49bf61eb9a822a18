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
        BuildContext.willBuild(Self.self)
        return build().layout(constraint)
    }
}
