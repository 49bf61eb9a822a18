import Foundation

/// A render with nothing to find: the root is a builder's layout of a few single views (a stack of
/// a label and a boundary), every one visible and shown, in order, by the container's subviews
/// under the key a walk would give it. Each view is updated in place and the builder's record
/// written as the walk writes it — no walk, no items list, no matching.
extension Reconciler {
    /// At most this many children are checked before walking: a list whose keys differ late would
    /// otherwise have compared most of them twice.
    static let flatRootLimit = 16

    /// Renders that took this path, in the whole process (main-actor state): tests read it to know
    /// the path ran. (Not an engine counter: one more field in every engine's stats made an idle
    /// boundary 16 bytes larger.)
    @exclusivity(unchecked) static var inPlaceRenders = 0

    /// Renders the root slot `slot` as above; false, having changed nothing, when anything differs
    /// from that shape: a child that is a builder's slot, hosts views of its own or is hidden, a
    /// view with another key or view type, another number of views, or a root named by an id.
    static func renderFlatRoot(_ slot: LayoutSlot, into container: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        // The walk's path for such a root: a slot with no id whose plain node is walked at the
        // container's origin, under the empty structural path (see `RenderWalk.drain`). Only a node
        // with arrays of children (a stack's): one holding its children inline (an overlay, a
        // decoration) would copy each child out to be asked, more than a walk costs.
        guard slot.innerHasChildArrays, slot.explicitID == nil, slot.id == nil else { return false }
        let node = slot.inner
        let (nodes, positions) = (node.children, node.positions)
        let count = nodes.count
        guard count > 0, count <= flatRootLimit, positions.count == count else { return false }
        let views = container.subviews
        guard views.count == count else { return false }
        var index = 0
        while index < count {
            guard isShown(nodes, index, by: views[index]) else { return false }
            index += 1
        }
        // Every child visible, in order (what the walk would collect, asked as it asks: the region
        // offset by the root's origin).
        let origin = CGPoint.zero
        let indexes = node.visibleIndexes(in: visible.offsetBy(dx: -origin.x, dy: -origin.y))
        guard indexes.count == count else { return false }
        index = 0
        while index < count {
            guard indexes[index] == index else { return false }
            index += 1
        }
        // Recorded before the views are updated, as the walk records it before they are.
        RenderRecord.note(
            slot, in: container, start: 0, count: count, origin: .zero, path: RenderPath(""), visible: visible, render: engine.renderCount,
            list: nil)
        inPlaceRenders &+= 1
        index = 0
        while index < count {
            // (`update` reads no key: each view keeps the one it has, which is the item's.)
            let shown: any RenderNode
            if case .identified(let identified) = nodes[index]._wrapping.kind { shown = identified.base } else { shown = nodes[index] }
            // (The origin added as the walk adds it: a position of -0 becomes 0.)
            let frame = CGRect(origin: CGPoint(x: origin.x + positions[index].x, y: origin.y + positions[index].y), size: shown.size)
            update(views[index], with: WalkItem(key: "", frame: frame, node: shown, source: index), visible: visible, engine: engine)
            index += 1
        }
        return true
    }

    /// Whether child `index` is a single view (see `RenderWalk.appendIfLeaf`: a plain view-backed
    /// node hosting nothing, perhaps under an id) that `view` shows: the walk would give it `view`'s
    /// key, and `view` was made for its view type.
    private static func isShown(_ nodes: [any RenderNode], _ index: Int, by view: PlatformView) -> Bool {
        guard let key = view.renderKey, let type = view.renderViewType else { return false }
        switch nodes[index]._wrapping.kind {
        case .slot:
            return false
        case .identified(let identified):
            let base = identified.base
            guard case .none = base._wrapping.kind, base.viewType == type, !base.rendersChildren else { return false }
            // Named twice, differently (an id around a view with its own): the scoped key is left
            // to the walk. Named once, by either, the item takes that name.
            let own = base.id
            if let id = identified.id, let own, own != id { return false }
            return RenderPath.isKey(key, ofRootChild: index, identifiedBy: identified.id ?? own)
        case .none:
            guard nodes[index].viewType == type, !nodes[index].rendersChildren else { return false }
            return RenderPath.isKey(key, ofRootChild: index, identifiedBy: nodes[index].id)
        }
    }
}
