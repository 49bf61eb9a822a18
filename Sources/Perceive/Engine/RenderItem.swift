import Foundation

/// A visible, view-backed node with its identity and frame, as the reconciler consumes it.
@MainActor
struct RenderItem {
    /// The reconciler's key: an explicit id (scoped by the explicit ids above it), or — marked with
    /// ``RenderItem/automaticMark`` so that it never equals an explicit one — the structural path
    /// of child indexes from the nearest explicit id.
    let id: String

    /// Starts every automatic key: explicit and automatic ids live in separate namespaces.
    nonisolated static let automaticMark: Character = "\u{1}"

    /// `key` as views show it (`componentID`), and whether it is an explicit id.
    nonisolated static func display(_ key: String) -> (id: String, isExplicit: Bool) {
        key.first == automaticMark ? (String(key.dropFirst()), false) : (key, true)
    }
    /// The frame in the container view's coordinates.
    let frame: CGRect
    let node: any RenderNode
    /// Items rendered inside this item's view (for nodes that render their children).
    let children: RenderList
}

/// The items of one container view, and where each builder slot's items are among them (so that
/// a slot whose content changed in place can later be rendered alone: see `RenderPatch`).
@MainActor
struct RenderList {
    var items: [RenderItem] = []
    var slots: [SlotRange] = []

    /// The view-backed nodes of `root` that intersect `visible`, in back-to-front order.
    ///
    /// Pure layout nodes are flattened into their container; a node that renders its children
    /// gets its own list. Only visible children are visited (`visibleIndexes(in:)`), so the cost is
    /// proportional to what is on screen.
    static func collect(_ root: any RenderNode, visible: CGRect) -> RenderList {
        var list = RenderList()
        list.collect(root, origin: .zero, path: RenderPath(""), visible: visible)
        return list
    }

    /// Collects `node` at `origin` (in this list's view coordinates) with structural `path`.
    ///
    /// Iterative over layout containers and slots (however deep a tree nests, render uses no more
    /// stack for it); only a view that hosts its children's views starts a nested list.
    mutating func collect(_ root: any RenderNode, origin: CGPoint, path: RenderPath, visible: CGRect) {
        var pending: [Pending] = [.node(root, origin, path)]
        while let next = pending.popLast() {
            switch next {
            case .node(let node, let origin, let path):
                switch node._wrapping.kind {
                case .slot(let slot):
                    // (`if let`, not `map`: a closure here is main-actor isolated, and each call
                    // would check the executor at run time.)
                    var path = path
                    if let id = slot.explicitID { path = path.identified(id) }
                    if slot.isViewLeaf {
                        appendLeaf(slot, origin: origin, path: path, visible: visible)
                        continue
                    }
                    // Its range closes once everything pushed after this marker has been collected.
                    pending.append(.closeSlot(slot, start: items.count, origin: origin, path: path))
                    // A slot forwards to what it holds; when that is another slot (or an id around
                    // one) it is collected as itself, so that every slot on the way gets its range.
                    if slot.innerIsPlain {
                        pending.append(.plain(slot, origin, path))
                    } else {
                        pending.append(.node(slot.inner, origin, path))
                    }
                case .identified(let id, let base):
                    // An id only names what it wraps (perhaps a slot): that is collected under the id.
                    var path = path
                    if let id { path = path.identified(id) }
                    pending.append(.node(base, origin, path))
                case .none:
                    pending.append(.plain(node, origin, path))
                }
            case .plain(let node, let origin, let path):
                var path = path
                if let id = node.id { path = path.identified(id) }
                visit(node, origin: origin, path: path, visible: visible, pending: &pending)
            case .closeSlot(let slot, let start, let origin, let path):
                slots.append(SlotRange(slot: slot, start: start, count: items.count - start, origin: origin, path: path, visible: visible))
            }
        }
    }

    /// A view-backed node becomes an item (its own list holding its children's views, if it hosts
    /// them); a layout node's visible children are queued, first child on top.
    private mutating func visit(_ node: any RenderNode, origin: CGPoint, path: RenderPath, visible: CGRect, pending: inout [Pending]) {
        if node.viewType != nil {
            var children = RenderList()
            if node.rendersChildren {
                // Children are placed in the item's own view: their coordinates start at its origin.
                let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
                children.collectChildren(of: node, origin: .zero, visible: local)
            }
            items.append(
                RenderItem(
                    id: path.key, frame: CGRect(origin: origin, size: node.size),
                    node: node, children: children))
            return
        }
        let children = node.children
        let positions = node.positions
        let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
        // Child paths are spelled out only for the children that need them (no explicit id).
        let parent = path.string
        let indexes = node.visibleIndexes(in: local)
        // Leading children that are single views (a list's rows) become items here, in order; from
        // the first other child on, the rest go through the work list, last pushed first, so they
        // are collected in the same order.
        var next = 0
        while next < indexes.count {
            let index = indexes[next]
            if index < children.count && index < positions.count {
                let position = positions[index]
                let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
                let childPath = RenderPath(parent, index, scope: path.scope)
                guard appendIfLeaf(children[index], origin: childOrigin, path: childPath, visible: visible) else { break }
            }
            next += 1
        }
        for index in indexes[next...].reversed() where index < children.count && index < positions.count {
            let position = positions[index]
            pending.append(
                .node(
                    children[index], CGPoint(x: origin.x + position.x, y: origin.y + position.y),
                    RenderPath(parent, index, scope: path.scope)))
        }
    }

    /// Collects the visible children of `node` (a view hosting its children's views) into this list.
    private mutating func collectChildren(of node: any RenderNode, origin: CGPoint, visible: CGRect) {
        let children = node.children
        let positions = node.positions
        for index in node.visibleIndexes(in: visible) where index < children.count && index < positions.count {
            let position = positions[index]
            let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
            let childPath = RenderPath(String(index))
            // A single view (a button's label) needs no work list of its own.
            if appendIfLeaf(children[index], origin: childOrigin, path: childPath, visible: visible) { continue }
            collect(children[index], origin: childOrigin, path: childPath, visible: visible)
        }
    }

    /// Work left for `collect`: a node to look at, one known not to be a slot or an id, or the end of
    /// a slot's range.
    private enum Pending {
        case node(any RenderNode, CGPoint, RenderPath)
        case plain(any RenderNode, CGPoint, RenderPath)
        case closeSlot(LayoutSlot, start: Int, origin: CGPoint, path: RenderPath)
    }
}

/// A structural path (`"0.3.1"`), spelled out only when used: most items in long lists carry an
/// explicit id instead, and building the string for each would cost more than the rest of render.
///
/// An explicit id met below another explicit id is scoped by it (`row-3/toggle`): stacks make no
/// views, so without the scope the rows of a list would all put their `toggle` in one container.
struct RenderPath {
    let parent: String
    /// The child index appended to `parent`, or -1 when `parent` is the whole path.
    let index: Int
    /// The scoped key of the nearest explicit id at or above this path ("" when there is none).
    let scope: String
    /// The id itself when this path is an explicit id (not a child index below one).
    let explicitID: String?

    /// A structural path with no explicit id above it.
    init(_ path: String) { (parent, index, scope, explicitID) = (path, -1, "", nil) }
    init(_ parent: String, _ index: Int, scope: String) {
        (self.parent, self.index, self.scope, self.explicitID) = (parent, index, scope, nil)
    }
    private init(explicit id: String, key: String) {
        (parent, index, scope, explicitID) = (key, -1, key, id)
    }

    /// The path of an explicit `id` met here: scoped by the nearest explicit id above. (The same
    /// id met again — a slot collected again at its recorded path — is this path.)
    func identified(_ id: String) -> RenderPath {
        if explicitID == id { return self }
        return RenderPath(explicit: id, key: scope.isEmpty ? id : scope + "/" + id)
    }

    var string: String {
        guard index >= 0 else { return parent }
        return parent.isEmpty ? String(index) : parent + "." + String(index)
    }

    /// The reconciler's key for an item at this path (see ``RenderItem/id``).
    var key: String {
        if explicitID != nil { return parent }
        let path = string
        return String(RenderItem.automaticMark) + (path.isEmpty ? "root" : path)
    }
}

/// Where a builder slot's items were collected: a run of its container's list.
@MainActor
struct SlotRange {
    let slot: LayoutSlot
    let start: Int
    let count: Int
    let origin: CGPoint
    let path: RenderPath
    let visible: CGRect
}
