import Foundation

/// A value that can be laid out into a ``RenderNode``.
///
/// Components are cheap value types, rebuilt on every reload of their scope. Write a
/// ``ComponentBuilder`` to compose them; implement `layout` directly to write a new layout.
@MainActor
public protocol Component {
    /// Lays the component out within `constraint`. Return the node this layout made (the nodes
    /// its children's layouts return are valid for this layout; a node kept from an earlier layout
    /// may name rows the engine has since dropped — keep ``ComponentEngine/rootNode`` instead).
    func layout(_ constraint: Constraint) -> any RenderNode
    /// The share of a stack's free space the component takes (`grow`) and of an overflow it gives
    /// up (`shrink`), for the layout library's flexible components; keep the default (`nil`: neither).
    /// It must depend on the component's value alone: a stack may reuse the answer it had for a
    /// child bit for bit the same, or ask again.
    var _flexibility: (grow: CGFloat, shrink: CGFloat)? { get }
    /// Whether this component would lay out into the builder slot that `builder` built (with
    /// `id`, the explicit id around it), taking it as it is: an `Equatable` builder equal to
    /// `builder`, under the same id. Lets containers skip unchanged children; keep the default
    /// (`false`) in your components.
    func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool
    /// Builds this builder again into the slot it was built in (the runtime's incremental
    /// reloads). Keep the default (nothing: only builders have slots) in your components.
    func _rebuild(_ rebuild: _SlotRebuild)
    /// Lays the component out under the explicit id `id` (`.id(_:)` around it). The default
    /// lays it out with the id in place of its child index (the position of every slot below it)
    /// and names the node (a builder's slot takes the id; another node is wrapped); keep it in
    /// your components.
    func _layout(_ constraint: Constraint, identifiedBy id: String) -> any RenderNode
    /// Lays the component out as an engine's own component, when it is a builder (`nil`
    /// otherwise). Keep the default in your components.
    func _layoutAsEngineRoot(_ root: _EngineRoot) -> (any RenderNode)?
}

extension Component {
    public var _flexibility: (grow: CGFloat, shrink: CGFloat)? { nil }
    public func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool { false }
    public func _rebuild(_ rebuild: _SlotRebuild) {}
    public func _layout(_ constraint: Constraint, identifiedBy id: String) -> any RenderNode {
        IDScope.identified(id) { layout(constraint) }
    }
    public func _layoutAsEngineRoot(_ root: _EngineRoot) -> (any RenderNode)? { nil }
}

/// An engine's component about to lay out as its root (see ``Component/_layoutAsEngineRoot(_:)``);
/// made by the runtime only.
@MainActor
public struct _EngineRoot {
    let context: LayoutContext
    let constraint: Constraint
    let environment: EnvironmentValues
}

/// A builder slot to build again (see ``Component/_rebuild(_:)``); made by the runtime only.
@MainActor
public struct _SlotRebuild {
    let context: LayoutContext
    let slot: LayoutSlot
}

extension ComponentBuilder {
    public func _rebuild(_ rebuild: _SlotRebuild) { rebuild.context.rebuild(rebuild.slot, self) }
    public func _layoutAsEngineRoot(_ root: _EngineRoot) -> (any RenderNode)? {
        root.context.layoutRoot(builder: self, root.constraint, root.environment)
    }
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
        layout(constraint, isEquatable: false, equalToPrevious: { _ in false })
    }

    /// Lays the builder out through its slot in the layout in progress. The context is borrowed,
    /// not retained (a retain and a release per builder): the engine laying out holds it
    /// throughout. Debug builds, which inline nothing but transparent functions, take it as a
    /// reference instead: the borrowing closure would be a second frame per nesting level, and
    /// the documented depth would not fit the stack. (The branch follows `DEBUG`, which SwiftPM
    /// sets exactly for unoptimized builds; both branches make the same calls in the same order.)
    @_transparent
    func layout(_ constraint: Constraint, isEquatable: Bool, equalToPrevious: (any Component) -> Bool) -> any RenderNode {
        #if DEBUG
            guard let context = LayoutContext.current else { return layoutOutsideEngine(constraint) }
            return layOut(constraint, in: context, isEquatable: isEquatable, equalToPrevious: equalToPrevious)
        #else
            guard let reference = LayoutContext.currentReference else { return layoutOutsideEngine(constraint) }
            return Borrowed.with(reference) { layOut(constraint, in: $0, isEquatable: isEquatable, equalToPrevious: equalToPrevious) }
        #endif
    }

    /// `LayoutContext.layOut(_:)` and what precedes it, written out (transparent, so one frame per
    /// nesting level, not two, in debug builds too).
    @_transparent
    func layOut(
        _ constraint: Constraint, in context: LayoutContext, isEquatable: Bool, equalToPrevious: (any Component) -> Bool
    ) -> any RenderNode {
        guard let slot = context.prepare(self, constraint, isEquatable: isEquatable, equalToPrevious: equalToPrevious) else {
            return EmptyLayout.node(constraint)
        }
        if slot.pendingWork != .none { context.finish(slot, LayoutSlot.layOut(&slot.body, context.enter(slot))) }
        return context.leave(slot)
    }

    /// Outside an engine there is nothing to retain: build and lay out.
    func layoutOutsideEngine(_ constraint: Constraint) -> any RenderNode {
        guard NestingGuard.enter(Self.self) else { return EmptyLayout.node(constraint) }
        defer { NestingGuard.leave() }
        return build().layout(constraint)
    }
}

extension ComponentBuilder where Self: Equatable {
    /// Equal builders are not rebuilt: see ``EquatableBuilder`` and Docs/Incremental.md.
    public func layout(_ constraint: Constraint) -> any RenderNode {
        layout(constraint, isEquatable: true, equalToPrevious: { isEqual(to: $0) })
    }

    /// An equal builder of the same type, with no id around it (see `ChildReuse`).
    /// (Inlinable: the conformance's witness in the builder's own module then compares with the
    /// builder's own `==`, not through the generic default — a list compares every row with it.)
    @inlinable
    public func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool { id == nil && isEqual(to: builder) }

    /// Whether `previous` (the builder laid out here last time) is this builder's type and equal to
    /// it. Opening the existential and comparing types is far cheaper than a dynamic cast. The
    /// opened value comes back as `Self` and is compared here, where `Self` is known: inside the
    /// helper, generic over the opened type, `==` would be a call through the witness table.
    @inlinable
    func isEqual(to previous: any Component) -> Bool {
        guard let previous = _component(previous, as: Self.self) else { return false }
        return previous == self
    }

    /// Marks the builder as memoized explicitly. An `Equatable` builder already is; the modifier
    /// documents the intent where it is used.
    public consuming func equatable() -> EquatableBuilder<Self> { EquatableBuilder(content: self) }
}

/// What takes the place of a part of the tree that is not laid out (see `NestingGuard`).
@MainActor
package enum EmptyLayout {
    package static func node(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: constraint.minSize) }
}

struct EmptyLayoutNode: RenderNode {
    let size: CGSize
}

/// Lays out nothing, at the smallest size allowed: the placeholder a builder slot holds until its
/// first build.
struct EmptyComponent: Component {
    func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayout.node(constraint) }
}

/// A builder that is rebuilt only when it differs from the one built at the same place last time,
/// or when a tracked property its last build read has changed.
public struct EquatableBuilder<Content: ComponentBuilder & Equatable>: Component {
    /// The memoized builder.
    public let content: Content
    public func layout(_ constraint: Constraint) -> any RenderNode { content.layout(constraint) }

    public func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool {
        content._isSame(asBuiltBy: builder, id: id)
    }
}

/// `component` as a `Target`, when that is the type it holds: opening the existential and
/// comparing types costs a few instructions, where `as?` looks up metadata and conformances
/// (thousands). Inlinable, so that the value comes back where `Target` is known.
@inlinable
func _component<Target: Component>(_ component: any Component, as _: Target.Type) -> Target? {
    func open<Held: Component>(_ held: Held) -> Target? {
        Held.self == Target.self ? unsafeBitCast(held, to: Target.self) : nil
    }
    return open(component)
}
