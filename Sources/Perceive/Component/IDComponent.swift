import Foundation

/// Gives a component's node an explicit identity for reconciliation.
public struct IDComponent<Content: Component>: Component {
    public let content: Content
    public let id: String

    @usableFromInline
    init(content: Content, id: String) {
        self.content = content
        self.id = id
    }

    /// The content's layout under the id (its `_layout(_:identifiedBy:)`, which puts the id in
    /// place of the child index for what the content lays out).
    public func layout(_ constraint: Constraint) -> any RenderNode { content._layout(constraint, identifiedBy: id) }

    /// An id only names its content: a flexible child stays flexible under one.
    public var _flexibility: (grow: CGFloat, shrink: CGFloat)? { content._flexibility }

    /// The same id around a component that is the same.
    public func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool {
        id == self.id && content._isSame(asBuiltBy: builder, id: nil)
    }
}

/// An identified view-backed component is still view-backed.
extension IDComponent: ViewBackedComponent where Content: ViewBackedComponent {
    public typealias View = Content.View

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        IDScope.identified(id) { content.layout(constraint, applying: updates) }
    }
}

extension Component {
    /// Identifies the component's view across reloads: views with the same id are kept (and moved),
    /// whatever their position. Ids must be unique within one engine; a duplicate is renamed
    /// (`id#2`, …) and reported.
    /// (Inlinable: a list's `build()` calls it once per row, and specialized in the caller it
    /// needs no generic metadata lookup.)
    @inlinable
    public consuming func id(_ id: String) -> IDComponent<Self> { IDComponent(content: self, id: id) }

    /// Identifies the component with an integer, spelled as its decimal description (`"42"`).
    @inlinable
    public consuming func id(_ id: Int) -> IDComponent<Self> { IDComponent(content: self, id: _decimalSpelling(id)) }

    /// Identifies the component with any hashable value's description.
    @inlinable
    public consuming func id<ID: Hashable & CustomStringConvertible>(_ id: ID) -> IDComponent<Self> {
        IDComponent(content: self, id: id.description)
    }
}
