import Foundation

/// A component rendered by a view of a known type, so view properties can be set on it:
/// `.with(\.layer.cornerRadius, 25)` or, through dynamic members, `.clipsToBounds(true)`.
@MainActor
@dynamicMemberLookup
public protocol ViewBackedComponent: Component {
    /// The view class that renders this component.
    associatedtype View: PlatformView
    /// Lays out with `updates` applied to the view after the component's own configuration.
    func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode
}

extension ViewBackedComponent {
    // Inlinable: specialized for each leaf type (a label), the empty update list needs no generic
    // metadata lookup per layout.
    @inlinable
    public func layout(_ constraint: Constraint) -> any RenderNode { layout(constraint, applying: []) }

    /// Sets `value` at `keyPath` on the rendering view whenever it is configured.
    public consuming func with<Value>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) -> ViewUpdatingComponent<Self> {
        ViewUpdatingComponent(base: self, updates: [ViewPropertyUpdate(keyPath, value)])
    }

    /// `component.someViewProperty(value)` sets `someViewProperty` on the rendering view.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<View, Value>) -> (Value) -> ViewUpdatingComponent<Self> {
        { value in with(keyPath, value) }
    }
}

/// One view property assignment. Two updates are equal when they set the same key path to equal
/// (`Equatable`) values, which lets the engine skip unchanged views.
@MainActor
public struct ViewPropertyUpdate<View: PlatformView> {
    let keyPath: AnyKeyPath
    let value: Any
    let apply: @MainActor (View) -> Void
    /// Copies the property from a prototype of the class (its default) onto a view.
    let restore: @MainActor (View, View) -> Void

    /// An update setting `keyPath` to `value`.
    public init<Value>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) {
        self.keyPath = keyPath
        self.value = value
        self.apply = { view in view[keyPath: keyPath] = value }
        self.restore = { view, prototype in view[keyPath: keyPath] = prototype[keyPath: keyPath] }
    }

    func isEqual(to other: ViewPropertyUpdate<View>) -> Bool {
        keyPath == other.keyPath && valuesEqual(value, other.value)
    }
}

/// A view-backed component with extra view property updates.
public struct ViewUpdatingComponent<Base: ViewBackedComponent>: ViewBackedComponent {
    public typealias View = Base.View
    let base: Base
    let updates: [ViewPropertyUpdate<View>]

    public func layout(_ constraint: Constraint, applying more: [ViewPropertyUpdate<View>]) -> any RenderNode {
        base.layout(constraint, applying: updates + more)
    }

    public consuming func with<Value>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) -> ViewUpdatingComponent<Base> {
        ViewUpdatingComponent(base: base, updates: updates + [ViewPropertyUpdate(keyPath, value)])
    }
}
