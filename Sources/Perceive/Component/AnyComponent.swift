/// A type-erased component.
///
/// Components are already usable as `any Component`; `AnyComponent` exists for APIs that want a
/// concrete type (stored properties, `Equatable` contexts). Erasure keeps the wrapped value as an
/// existential, so there is no force-cast anywhere.
public struct AnyComponent: Component {
    /// The wrapped component.
    public let base: any Component

    /// Wraps `component`.
    public init(_ component: any Component) {
        if let erased = component as? AnyComponent {
            base = erased.base
        } else {
            base = component
        }
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        base.layout(constraint)
    }
}

extension Component {
    /// This component, type-erased.
    public consuming func eraseToAnyComponent() -> AnyComponent { AnyComponent(self) }
}
