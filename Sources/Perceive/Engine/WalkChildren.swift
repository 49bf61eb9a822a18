import Foundation

/// The children of a node render visits, read from its `children` and `positions` arrays or from
/// its own fields (``RenderNode/_inlineChild(_:)``): the walk is written once and specialized for
/// each, so that a node holding one or two children inline is walked with no array made. Each
/// child is asked of the node it belongs to, which the walk holds: inline children are read from
/// the node where it is, not from a copy kept alongside (a copy and a destroy of the node, about a
/// hundred instructions a layout node walked).
@MainActor
protocol WalkChildren {
    /// Whether the children are a runtime node's own fields (see ``RenderNode/_inlineChild(_:)``),
    /// whose visible ones are those whose frames meet the region (`IndexLists.visible`'s rule).
    static var areInline: Bool { get }
    var count: Int { get }
    /// Whether every child has a position (a list recorded whole needs it).
    var isComplete: Bool { get }
    /// Whether `index` names a child that has a position.
    func has(_ index: Int) -> Bool
    /// The child at `index` if it is a builder slot, and its position, the child not copied out
    /// (arrays: the slot read from the stored words; inline children: their wrapping read in place).
    func entry(_ index: Int, of node: borrowing any RenderNode) -> (slot: LayoutSlot?, position: CGPoint)
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint)
    /// `walk.appendIfLeaf` for the child at `index` (arrays: the child passed from its array,
    /// not copied out).
    func appendIfLeaf(_ index: Int, of node: borrowing any RenderNode, to walk: inout RenderWalk, origin: CGPoint, path: RenderPath) -> Bool
    /// The children as a list rendered whole (see `RenderedList`).
    func list(of node: borrowing any RenderNode, owner: LayoutSlot) -> RenderedList
}

/// Children in a node's arrays (read once, when the walk reaches the node: the node is not asked
/// again).
struct ArrayChildren: WalkChildren {
    static var areInline: Bool { false }
    let children: [any RenderNode]
    let positions: [CGPoint]

    var count: Int { children.count }
    var isComplete: Bool { positions.count == children.count }
    func has(_ index: Int) -> Bool { index < children.count && index < positions.count }
    func entry(_ index: Int, of node: borrowing any RenderNode) -> (slot: LayoutSlot?, position: CGPoint) {
        (SlotBits.holds ? SlotBits.slot(in: children, at: index) : children[index].wrappedSlot, positions[index])
    }
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint) {
        (children[index], positions[index])
    }
    func appendIfLeaf(_ index: Int, of node: borrowing any RenderNode, to walk: inout RenderWalk, origin: CGPoint, path: RenderPath) -> Bool
    {
        walk.appendIfLeaf(children[index], origin: origin, path: path)
    }
    func list(of node: borrowing any RenderNode, owner: LayoutSlot) -> RenderedList {
        RenderedList(children: children, positions: positions, owner: owner)
    }
}

/// The `count` children a node keeps in its own fields (the node the walk passes is the one holding
/// them, not a slot forwarding to it: each read would pass through the slot); the arrays are made
/// only for a list recorded whole.
struct InlineChildren: WalkChildren {
    static var areInline: Bool { true }
    let count: Int

    var isComplete: Bool { true }
    func has(_ index: Int) -> Bool { index >= 0 && index < count }
    func entry(_ index: Int, of node: borrowing any RenderNode) -> (slot: LayoutSlot?, position: CGPoint) {
        let (wrapping, position) = node._inlineChildWrapping(index)
        guard case .slot(let slot) = wrapping.kind else { return (nil, position) }
        return (slot, position)
    }
    func child(_ index: Int, of node: borrowing any RenderNode) -> (node: any RenderNode, position: CGPoint) {
        node._inlineChild(index)
    }
    func appendIfLeaf(_ index: Int, of node: borrowing any RenderNode, to walk: inout RenderWalk, origin: CGPoint, path: RenderPath) -> Bool
    {
        walk.appendIfLeaf(node._inlineChild(index).node, origin: origin, path: path)
    }
    func list(of node: borrowing any RenderNode, owner: LayoutSlot) -> RenderedList {
        RenderedList(children: node.children, positions: node.positions, owner: owner)
    }
}
