import Foundation

/// The children an in-place render pass reads (see `Reconciler.renderFlatRoot`), each asked of the
/// node that holds them, which the pass has at hand: children kept in a runtime node's own fields
/// are then read from the node where it is, not from a copy of it held alongside (copying the
/// node and destroying the copy cost about a hundred instructions a render).
@MainActor
protocol InPlaceChildren {
    /// Whether the children are a runtime node's own fields (see ``RenderNode/_inlineChild(_:)``).
    static var areInline: Bool { get }
    var count: Int { get }
    /// Whether every child has a position.
    var isComplete: Bool { get }
    /// Child `index` of `node` (the node these children belong to) and its position.
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint)
}

/// Children in a node's arrays (the node is not asked again).
extension ArrayChildren: InPlaceChildren {
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint) { child(index) }
}

/// The `count` children a node keeps in its own fields.
struct InlineChildCount: InPlaceChildren {
    static var areInline: Bool { true }
    let count: Int
    var isComplete: Bool { true }
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint) { node._inlineChild(index) }
}
