import Foundation

/// Gives a component's node an explicit identity for reconciliation.
public struct IDComponent<Content: Component>: Component {
    public let content: Content
    public let id: String

    public func layout(_ constraint: Constraint) -> any RenderNode {
        IDNode(base: content.layout(constraint), id: id)
    }
}

/// An identified view-backed component is still view-backed.
extension IDComponent: ViewBackedComponent where Content: ViewBackedComponent {
    public typealias View = Content.View

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        IDNode(base: content.layout(constraint, applying: updates), id: id)
    }
}

/// A node with an explicit id; everything else is the wrapped node's.
struct IDNode: RenderNode {
    let base: any RenderNode
    let id: String?

    var size: CGSize { base.size }
    var children: [any RenderNode] { base.children }
    var positions: [CGPoint] { base.positions }
    func visibleIndexes(in frame: CGRect) -> [Int] { base.visibleIndexes(in: frame) }
    func makeView() -> PlatformView? { base.makeView() }
    var viewType: ObjectIdentifier? { base.viewType }
    func updateView(_ view: PlatformView) { base.updateView(view) }
    func updateHandlers(_ view: PlatformView) { base.updateHandlers(view) }
    var rendersChildren: Bool { base.rendersChildren }
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard let other = other as? IDNode else { return false }
        return base.isContentEqual(to: other.base)
    }
}

extension Component {
    /// Identifies the component's view across reloads: views with the same id are kept (and moved),
    /// whatever their position. Ids must be unique within one engine; a duplicate is renamed
    /// (`id#2`, …) and reported.
    public func id(_ id: String) -> IDComponent<Self> { IDComponent(content: self, id: id) }

    /// Identifies the component with any hashable value's description.
    public func id<ID: Hashable & CustomStringConvertible>(_ id: ID) -> IDComponent<Self> {
        IDComponent(content: self, id: id.description)
    }
}
