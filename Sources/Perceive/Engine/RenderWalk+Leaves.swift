import Foundation

/// How a walk collects a view-leaf slot (a memoized row's label, a boundary's root): as one item,
/// kept where it was when it is shown unchanged, without walking its node.
extension RenderWalk {
    /// Single views — a view-backed node that hosts nothing rendered below it, perhaps under an id
    /// or in a builder's slot — are most of what a list renders: their item is made here, exactly
    /// as the work list would make it, without passing through it. False, having appended nothing,
    /// for any other node.
    mutating func appendIfLeaf(_ node: any RenderNode, origin: CGPoint, path: RenderPath) -> Bool {
        switch node._wrapping.kind {
        // (A slot's path, or a plain view's key, is taken from the path as it is unless an id names
        // the item: copied into a variable to be replaced, the path was copied — three strings
        // retained and released.)
        case .slot(let slot):
            guard slot.isViewLeaf else { return false }
            if let id = slot.explicitID {
                appendLeaf(slot, origin: origin, path: path.identified(id))
            } else {
                appendLeaf(slot, origin: origin, path: path)
            }
            return true
        case .identified(let identified):
            // Only the common shape, an id around a plain view; anything else takes the work list.
            let base = identified.base
            guard case .none = base._wrapping.kind, base.viewType != nil, !base.rendersChildren else { return false }
            var path = path
            if let id = identified.id { path = path.identified(id) }
            if let own = base.id { path = path.identified(own) }
            emit(path.key, CGRect(origin: origin, size: base.size), NodeHandle(base), hint: -1)
            return true
        case .none:
            // Spelled out twice on purpose: a shared helper taking `any RenderNode` is specialized
            // for the opened node type and boxes the node again (see `NodeHandle`).
            guard node.viewType != nil, !node.rendersChildren else { return false }
            let key: String
            if let own = node.id { key = path.identified(own).key } else { key = path.key }
            emit(key, CGRect(origin: origin, size: node.size), NodeHandle(node), hint: -1)
            return true
        }
    }

    /// Keeps the view of a view-leaf slot that shows the slot's current output and was rendered
    /// into this container at the same path (child `index` of `parent`, under `scope`) last time:
    /// nothing decides its key but the path, so the view is kept without spelling the key out or
    /// comparing anything. False, having done nothing, otherwise.
    @inline(__always)
    mutating func reuseLeaf(_ slot: LayoutSlot, origin: CGPoint, parent: String, index: Int, scope: String) -> Bool {
        guard slot.isViewLeaf, slot.renderedVersion == slot.version, let record = slot.renderRecord, record.isIn(container) else {
            return false
        }
        guard isShownUnchanged(slot, record), record.path.isPath(parent: parent, index: index, scope: scope, identifiedBy: slot.explicitID)
        else { return false }
        keep(slot, record, origin: origin)
        return true
    }

    /// Whether the view the slot had in this container still shows it as it is, under a key its
    /// path alone decides: a renamed repeat (`id#2`) depends on its siblings, so its item is walked
    /// and renamed again (see `Reconciler.resolveRepeatedKeys`).
    @inline(__always)
    func isShownUnchanged(_ slot: LayoutSlot, _ record: RenderRecord) -> Bool {
        let hint = record.start - recordOffset
        return hint >= 0 && hint < old.count && !taken[hint] && old[hint].isLeaf(slot) && !old[hint].hasRenamedKey
    }

    /// Keeps the view of a reused leaf slot (see `reuseLeaf`) and updates its record in place.
    @inline(__always)
    mutating func keep(_ slot: LayoutSlot, _ record: RenderRecord, origin: CGPoint) {
        let hint = record.start - recordOffset
        taken[hint] = true
        lastMatched = hint
        let start = items.count
        // The placeholder node is an empty one, made here: its type known, it is a few stores.
        items.append(
            WalkItem(
                key: "", frame: CGRect(origin: origin, size: slot.size), node: EmptyLayoutNode(size: .zero), source: hint, reused: true))
        record.start = recordOffset + start
        record.origin = origin
        record.visible = visible
        record.render = render
    }

    /// A view-leaf slot's one item (`path` has the slot's own id applied) and its record; the
    /// slot's place in the last render is the first entry its item is compared with.
    mutating func appendLeaf(_ slot: LayoutSlot, origin: CGPoint, path: RenderPath) {
        var hint = -1
        if let record = slot.renderRecord, record.isIn(container) {
            if slot.renderedVersion == slot.version && isShownUnchanged(slot, record) && record.path == path {
                keep(slot, record, origin: origin)
                return
            }
            hint = record.start - recordOffset
        }
        // The item's key from the path as it is unless the slot's output names itself (a row's
        // label does not): copied into a variable to be replaced, the path was copied, three
        // strings retained and released per leaf a render collects. (`slot.id` asks the output
        // only when it has an id; `slot.inner.id` copied the output out first.)
        let key: String
        if let id = slot.id { key = path.identified(id).key } else { key = path.key }
        let start = items.count
        emit(key, CGRect(origin: origin, size: slot.size), NodeHandle(slot), hint: hint)
        record(slot, start: start, count: 1, origin: origin, path: path)
    }
}
