import Foundation

/// Single views — a view-backed node that hosts nothing rendered below it, perhaps under an id or
/// in a builder's slot — are most of what a list renders. `collect` makes their item (and slot
/// range) directly instead of passing each through its work list three times (node, plain, end
/// of slot), each pass copying the node, its origin and its path.
extension RenderList {
    /// Appends `node`'s item if it is a single view (see above), exactly as the work list would
    /// collect it at `origin` with `path`; false, having appended nothing, otherwise.
    mutating func appendIfLeaf(_ node: any RenderNode, origin: CGPoint, path: RenderPath, visible: CGRect) -> Bool {
        switch node._wrapping.kind {
        case .slot(let slot):
            guard slot.isViewLeaf else { return false }
            var path = path
            if let id = slot.explicitID { path = path.identified(id) }
            appendLeaf(slot, origin: origin, path: path, visible: visible)
            return true
        case .identified(let id, let base):
            // Only the common shape, an id around a plain view; anything else takes the work list.
            guard case .none = base._wrapping.kind, base.viewType != nil, !base.rendersChildren else { return false }
            var path = path
            if let id { path = path.identified(id) }
            if let own = base.id { path = path.identified(own) }
            items.append(RenderItem(id: path.key, frame: CGRect(origin: origin, size: base.size), node: base, children: RenderList()))
            return true
        case .none:
            // Spelled out twice on purpose: a shared helper taking `any RenderNode` is specialized
            // for the opened node type and boxes the node again (see `NodeHandle`): +1 % on a
            // plain list's select, measured.
            guard node.viewType != nil, !node.rendersChildren else { return false }
            var path = path
            if let own = node.id { path = path.identified(own) }
            items.append(RenderItem(id: path.key, frame: CGRect(origin: origin, size: node.size), node: node, children: RenderList()))
            return true
        }
    }

    /// A view-leaf slot's item and its one-item range (`path` has the slot's own id applied).
    mutating func appendLeaf(_ slot: LayoutSlot, origin: CGPoint, path: RenderPath, visible: CGRect) {
        items.append(slot.leafItem(origin: origin, path: path))
        slots.append(SlotRange(slot: slot, start: items.count - 1, count: 1, origin: origin, path: path, visible: visible))
    }
}

extension LayoutSlot {
    /// The one item of a view-leaf slot (see ``LayoutSlot/isViewLeaf``) collected at `origin`
    /// with `path` (the slot's own id already applied): what `collect` makes of it.
    func leafItem(origin: CGPoint, path: RenderPath) -> RenderItem {
        var path = path
        if let id = inner.id { path = path.identified(id) }
        return RenderItem(id: path.key, frame: CGRect(origin: origin, size: size), node: self, children: RenderList())
    }
}
