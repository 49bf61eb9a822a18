import Foundation

/// One visible, view-backed node found by a render walk: its key, its frame in the container
/// view's coordinates, and — once matched — the rendered entry that shows it.
@MainActor
struct WalkItem {
    /// The reconciler's key (see ``RenderPath/key``).
    var key: String
    var frame: CGRect
    var node: any RenderNode
    /// The index of the rendered entry with the same key (its view is kept), or -1.
    var source: Int
    /// The view at `source` shows exactly this item already (a view-leaf slot unchanged since it
    /// configured the view, at the same path): only its frame may change. Its `key` and `node`
    /// are then placeholders (see `RenderWalk.reusedItem`).
    var reused = false
}

/// Finds the items of one container view and matches each with what the view rendered last time,
/// in one pass over the visible part of the node tree.
///
/// Pure layout nodes are flattened into the container; a node that renders its children becomes
/// one item (its own children are walked when its view is reconciled); builder slots record where
/// their items went (see `RenderPatch`). Each item is matched as it is found, by comparing its key
/// with at most four rendered entries: the one its slot had last time, the one after the last
/// match (the same order), the one at the same position (a swap), and the one after that (one
/// removed). Only items none of these match are looked up by hashing, after the walk (see
/// `Reconciler`). A list that kept its order costs a comparison per item; nothing is allocated
/// per render once the shared buffers have grown.
@MainActor
struct RenderWalk {
    let container: PlatformView
    let visible: CGRect
    /// What the container showed (its subviews, each knowing its item's key), matched against.
    var old: [PlatformView]
    /// Items in the order their views are stacked.
    var items: [WalkItem]
    /// Which old entries an item took.
    var taken: [Bool]
    /// Nodes still to look at (the walk is iterative: deep trees use no stack).
    var work: [WalkStep]
    /// The last old entry an item took (-1: none yet).
    var lastMatched = -1
    /// Items that no probe matched.
    var unmatched = 0
    /// Added to item indexes in slot records (a patch records its items where they already are).
    let recordOffset: Int
    /// The engine's full render count, stamped on every record.
    let render: Int
    /// The last slot collected as a whole list (see `RenderedList`), until its range closes.
    private var wholeList: (slot: ObjectIdentifier, list: RenderedList)?
    /// Some record got a `RenderedList` (its engine may then patch lists: see `ListPatch`).
    private(set) var recordedList = false

    init(container: PlatformView, visible: CGRect, old: [PlatformView], scratch: RenderScratch, recordOffset: Int, render: Int) {
        self.container = container
        self.visible = visible
        self.old = old
        self.recordOffset = recordOffset
        self.render = render
        items = []
        taken = []
        work = []
        swap(&items, &scratch.items)
        swap(&taken, &scratch.taken)
        swap(&work, &scratch.work)
        taken.append(contentsOf: repeatElement(false, count: old.count))
    }

    /// Gives the buffers back, emptied but with their capacity.
    mutating func finish(into scratch: RenderScratch) {
        items.removeAll(keepingCapacity: true)
        taken.removeAll(keepingCapacity: true)
        work.removeAll(keepingCapacity: true)
        swap(&items, &scratch.items)
        swap(&taken, &scratch.taken)
        swap(&work, &scratch.work)
    }

    // MARK: Walking

    /// Collects `root` at `origin` with structural `path`.
    mutating func collect(_ root: any RenderNode, origin: CGPoint, path: RenderPath) {
        work.append(.node(root, origin, path))
        drain()
    }

    /// Collects the visible children of `node`, a view hosting its children's views: their paths
    /// start again at the child index, and their coordinates at the view's origin.
    mutating func collectChildren(of node: any RenderNode) {
        let children = node.children
        let positions = node.positions
        for index in node.visibleIndexes(in: visible).reversed() where index < children.count && index < positions.count {
            work.append(.node(children[index], positions[index], RenderPath(_decimalSpelling(index))))
        }
        drain()
    }

    private mutating func drain() {
        while let next = work.popLast() {
            // Consumed: the payload moves into the bindings (switching over a borrowed step copied
            // it out and destroyed the step, about 150 instructions a step).
            switch consume next {
            case .node(let node, let origin, let path):
                switch node._wrapping.kind {
                case .slot(let slot):
                    // (`if let`, not `map`: a closure here is main-actor isolated, and each call
                    // would check the executor at run time.)
                    var path = path
                    if let id = slot.explicitID { path = path.identified(id) }
                    if slot.isViewLeaf {
                        appendLeaf(slot, origin: origin, path: path)
                        continue
                    }
                    // Its range closes once everything pushed after this marker has been collected.
                    work.append(.closeSlot(slot, start: items.count, origin: origin, path: path))
                    // A slot forwards to what it holds; when that is another slot (or an id around
                    // one) it is collected as itself, so that every slot on the way gets its range.
                    if slot.innerIsPlain {
                        work.append(.slotInner(slot, origin, path))
                    } else {
                        work.append(.node(slot.inner, origin, path))
                    }
                case .identified(let identified):
                    // An id only names what it wraps (perhaps a slot): that is collected under the id.
                    var path = path
                    if let id = identified.id { path = path.identified(id) }
                    work.append(.node(identified.base, origin, path))
                case .none:
                    work.append(.plain(node, origin, path))
                }
            case .plain(let node, let origin, let path):
                var path = path
                if let id = node.id { path = path.identified(id) }
                visit(node, origin: origin, path: path)
            case .slotInner(let slot, let origin, let path):
                var path = path
                if let id = slot.id { path = path.identified(id) }
                visit(slot, origin: origin, path: path, owner: slot)
            case .closeSlot(let slot, let start, let origin, let path):
                record(slot, start: start, count: items.count - start, origin: origin, path: path)
            }
        }
    }

    /// A view-backed node becomes an item; a layout node's visible children are looked at, in order.
    /// `owner` is the slot `node` is (its layout node collected in the slot's place), if it is one.
    private mutating func visit(_ node: any RenderNode, origin: CGPoint, path: RenderPath, owner: LayoutSlot? = nil) {
        if node.viewType != nil {
            emit(path.key, CGRect(origin: origin, size: node.size), node, hint: -1)
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
        // Every child so far became one view-leaf slot's item, in order (see `RenderedList`).
        var slotLeaves = owner != nil && indexes.count == children.count && positions.count == children.count
        while next < indexes.count {
            let index = indexes[next]
            if index < children.count && index < positions.count {
                let position = positions[index]
                let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
                let slot = SlotBits.holds ? SlotBits.slot(in: children, at: index) : children[index].wrappedSlot
                if let slot, reuseLeaf(slot, origin: childOrigin, parent: parent, index: index, scope: path.scope) {
                    next += 1
                    continue
                }
                if slot?.isViewLeaf != true { slotLeaves = false }
                guard appendIfLeaf(children[index], origin: childOrigin, path: RenderPath(parent, index, scope: path.scope)) else { break }
            } else {
                slotLeaves = false
            }
            next += 1
        }
        if let owner, slotLeaves, next == indexes.count {
            wholeList = (ObjectIdentifier(owner), RenderedList(children: children, positions: positions, owner: owner))
        }
        for index in indexes[next...].reversed() where index < children.count && index < positions.count {
            let position = positions[index]
            work.append(
                .node(
                    children[index], CGPoint(x: origin.x + position.x, y: origin.y + position.y),
                    RenderPath(parent, index, scope: path.scope)))
        }
    }

    /// Single views — a view-backed node that hosts nothing rendered below it, perhaps under an id
    /// or in a builder's slot — are most of what a list renders: their item is made here, exactly
    /// as the work list would make it, without passing through it. False, having appended nothing,
    /// for any other node.
    private mutating func appendIfLeaf(_ node: any RenderNode, origin: CGPoint, path: RenderPath) -> Bool {
        switch node._wrapping.kind {
        case .slot(let slot):
            guard slot.isViewLeaf else { return false }
            var path = path
            if let id = slot.explicitID { path = path.identified(id) }
            appendLeaf(slot, origin: origin, path: path)
            return true
        case .identified(let identified):
            // Only the common shape, an id around a plain view; anything else takes the work list.
            let base = identified.base
            guard case .none = base._wrapping.kind, base.viewType != nil, !base.rendersChildren else { return false }
            var path = path
            if let id = identified.id { path = path.identified(id) }
            if let own = base.id { path = path.identified(own) }
            emit(path.key, CGRect(origin: origin, size: base.size), base, hint: -1)
            return true
        case .none:
            // Spelled out twice on purpose: a shared helper taking `any RenderNode` is specialized
            // for the opened node type and boxes the node again (see `NodeHandle`).
            guard node.viewType != nil, !node.rendersChildren else { return false }
            var path = path
            if let own = node.id { path = path.identified(own) }
            emit(path.key, CGRect(origin: origin, size: node.size), node, hint: -1)
            return true
        }
    }

    /// Keeps the view of a view-leaf slot that shows the slot's current output and was rendered
    /// into this container at the same path (child `index` of `parent`, under `scope`) last time:
    /// nothing decides its key but the path, so the view is kept without spelling the key out or
    /// comparing anything. False, having done nothing, otherwise.
    @inline(__always)
    private mutating func reuseLeaf(_ slot: LayoutSlot, origin: CGPoint, parent: String, index: Int, scope: String) -> Bool {
        guard slot.isViewLeaf, slot.renderedVersion == slot.version, let record = slot.renderRecord, record.isIn(container) else {
            return false
        }
        guard isShownUnchanged(slot, record), record.path.isPath(parent: parent, index: index, scope: scope, identifiedBy: slot.explicitID)
        else { return false }
        keep(slot, record, origin: origin)
        return true
    }

    /// Whether the view the slot had in this container still shows it as it is.
    @inline(__always)
    private func isShownUnchanged(_ slot: LayoutSlot, _ record: RenderRecord) -> Bool {
        let hint = record.start - recordOffset
        return hint >= 0 && hint < old.count && !taken[hint] && old[hint].leafSlot === slot
    }

    /// Keeps the view of a reused leaf slot (see `reuseLeaf`) and updates its record in place.
    @inline(__always)
    private mutating func keep(_ slot: LayoutSlot, _ record: RenderRecord, origin: CGPoint) {
        let hint = record.start - recordOffset
        taken[hint] = true
        lastMatched = hint
        let start = items.count
        // The placeholder made here, not copied from `reusedItem`: its type known, it is a few stores.
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
    private mutating func appendLeaf(_ slot: LayoutSlot, origin: CGPoint, path: RenderPath) {
        var hint = -1
        if let record = slot.renderRecord, record.isIn(container) {
            if slot.renderedVersion == slot.version && isShownUnchanged(slot, record) && record.path == path {
                keep(slot, record, origin: origin)
                return
            }
            hint = record.start - recordOffset
        }
        var itemPath = path
        if let id = slot.inner.id { itemPath = itemPath.identified(id) }
        let start = items.count
        emit(itemPath.key, CGRect(origin: origin, size: slot.size), slot, hint: hint)
        record(slot, start: start, count: 1, origin: origin, path: path)
    }

    /// The node a reused item carries in place of its own (which its entry holds): a value with no
    /// reference, so carrying it costs nothing.
    static let reusedItem: any RenderNode = EmptyLayoutNode(size: .zero)

    // MARK: Matching

    /// Appends an item, matched with a rendered entry if one of the probes finds its key.
    private mutating func emit(_ key: String, _ frame: CGRect, _ node: any RenderNode, hint: Int) {
        let index = items.count
        var source = -1
        if !old.isEmpty {
            if probe(hint, key) {
                source = hint
            } else if probe(lastMatched &+ 1, key) {
                source = lastMatched &+ 1
            } else if probe(index, key) {
                source = index
            } else if probe(lastMatched &+ 2, key) {
                source = lastMatched &+ 2
            }
        }
        if source >= 0 {
            taken[source] = true
            lastMatched = source
        } else {
            unmatched += 1
        }
        items.append(WalkItem(key: key, frame: frame, node: node, source: source))
    }

    @inline(__always)
    private func probe(_ index: Int, _ key: String) -> Bool {
        index >= 0 && index < old.count && !taken[index] && old[index].renderKey == key
    }

    // MARK: Records

    /// Remembers where a builder slot's items are among the container's entries (see `RenderPatch`).
    private mutating func record(_ slot: LayoutSlot, start: Int, count: Int, origin: CGPoint, path: RenderPath) {
        var list: RenderedList?
        if let whole = wholeList, whole.slot == ObjectIdentifier(slot) {
            list = whole.list
            wholeList = nil
            recordedList = true
        }
        // Updated in place (a list rendered again keeps its weak reference, instead of dropping and
        // forming one); pointed at the container when it is another one.
        if let record = slot.renderRecord {
            if !record.isIn(container) { record.move(to: container) }
            record.start = recordOffset + start
            record.count = count
            record.origin = origin
            record.path = path
            record.visible = visible
            record.render = render
            record.list = list
        } else {
            let made = RenderRecord(
                container: container, start: recordOffset + start, count: count, origin: origin, path: path, visible: visible,
                render: render)
            made.list = list
            slot.renderRecord = made
        }
    }
}

/// Work left for a walk: a node to look at, one known not to be a slot or an id, or the end of a
/// slot's range.
@MainActor
enum WalkStep {
    case node(any RenderNode, CGPoint, RenderPath)
    case plain(any RenderNode, CGPoint, RenderPath)
    /// A slot whose output is a plain node, collected in its place (the node's children may make a
    /// `RenderedList`).
    case slotInner(LayoutSlot, CGPoint, RenderPath)
    case closeSlot(LayoutSlot, start: Int, origin: CGPoint, path: RenderPath)
}

/// Buffers a render walk borrows, so that rendering allocates nothing once they have grown.
///
/// Shared by every engine: renders run on the main actor and never interleave, but a render can
/// start another inside it (a view hosting its children's views; a view's update that reloads
/// another engine), so each render in progress takes its own level.
@MainActor
final class RenderScratch {
    var items: [WalkItem] = []
    var taken: [Bool] = []
    var work: [WalkStep] = []

    // Main-actor state taken and given back per render: no dynamic exclusivity check.
    @exclusivity(unchecked) private static var levels: [RenderScratch] = []
    @exclusivity(unchecked) private static var inUse = 0

    /// A level's buffers for one render; give them back with ``release()``.
    static func acquire() -> RenderScratch {
        if inUse == levels.count { levels.append(RenderScratch()) }
        inUse += 1
        return levels[inUse - 1]
    }

    static func release() { inUse -= 1 }
}
