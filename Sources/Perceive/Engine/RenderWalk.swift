import Foundation

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
    var wholeList: (slot: ObjectIdentifier, list: RenderedList)?
    /// Some record got a `RenderedList` (its engine may then patch lists: see `ListPatch`).
    var recordedList = false
    /// Records held back until the caller knows the walk's items will be shown (`nil`: written as
    /// they are made). A patch's walk holds them: were its items found not to match the views,
    /// records naming paths no view has been given would let the full render that follows keep a
    /// view under its old key (see `commitRecords`).
    var heldRecords: [HeldRecord]?

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
        // A loop for the few views of a cell (the generic `append(contentsOf:)` of a repeated
        // element costs about 80 instructions even for two).
        if old.count <= 8 {
            for _ in 0..<old.count { taken.append(false) }
        } else {
            taken.append(contentsOf: repeatElement(false, count: old.count))
        }
    }

    /// Gives the buffers back, emptied but with their capacity.
    mutating func finish(into scratch: RenderScratch) {
        items.clearKeepingStorage()
        taken.clearKeepingStorage()
        work.clearKeepingStorage()
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
        let indexes = node.visibleIndexes(in: visible)
        let inline = node._inlineChildCount
        if inline >= 0 {
            push(InlineChildren(count: inline), of: node, indexes)
        } else {
            push(ArrayChildren(children: node.children, positions: node.positions), of: node, indexes)
        }
        drain()
    }

    /// Pushes the children at `indexes` of a view hosting them, the first on top.
    private mutating func push<Children: WalkChildren>(_ children: Children, of parent: borrowing any RenderNode, _ indexes: [Int]) {
        for index in indexes.reversed() where children.has(index) {
            let (node, position) = children.child(index, of: parent)
            work.append(.node(node, position, RenderPath(_decimalSpelling(index))))
        }
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
                        // Collected now (pushed, it would be the next step taken), above the marker.
                        if let id = slot.id { path = path.identified(id) }
                        visit(slot: slot, origin: origin, path: path)
                    } else {
                        work.append(.node(slot.inner, origin, path))
                    }
                case .identified(let identified):
                    // An id only names what it wraps (perhaps a slot): that is collected under the id.
                    var path = path
                    if let id = identified.id { path = path.identified(id) }
                    work.append(.node(identified.base, origin, path))
                case .none:
                    // Collected now: pushed, it would be the next step taken.
                    var path = path
                    if let id = node.id { path = path.identified(id) }
                    visit(NodeHandle(node), origin: origin, path: path)
                }
            case .closeSlot(let slot, let start, let origin, let path):
                record(slot, start: start, count: items.count - start, origin: origin, path: path)
            }
        }
    }

    /// A view-backed node becomes an item; a layout node's visible children are looked at, in order.
    /// (In a handle, as `emit`'s: a bare existential parameter was specialized for the opened type
    /// and the node boxed again on entry.)
    private mutating func visit(_ handle: consuming NodeHandle, origin: CGPoint, path: RenderPath) {
        if handle.node.viewType != nil {
            emit(path.key, CGRect(origin: origin, size: handle.node.size), handle, hint: -1)
            return
        }
        visitLayout(handle.take(), origin: origin, path: path, owner: nil)
    }

    /// `visit` for a slot whose output is plain: its layout node is collected in the slot's place,
    /// read out of the slot once (each question asked through the slot — visible children, their
    /// count, the arrays — copied the node out again).
    private mutating func visit(slot: LayoutSlot, origin: CGPoint, path: RenderPath) {
        if slot.viewType != nil {
            emit(path.key, CGRect(origin: origin, size: slot.size), NodeHandle(slot), hint: -1)
            return
        }
        visitLayout(slot.inner, origin: origin, path: path, owner: slot)
    }

    /// Walks the visible children of a layout node (`owner`'s own, if it is a slot's).
    private mutating func visitLayout(_ node: any RenderNode, origin: CGPoint, path: RenderPath, owner: LayoutSlot?) {
        let indexes = node.visibleIndexes(in: visible.offsetBy(dx: -origin.x, dy: -origin.y))
        let inline = node._inlineChildCount
        if inline >= 0 {
            visit(InlineChildren(count: inline), of: node, indexes, origin: origin, path: path, owner: owner)
        } else {
            visit(
                ArrayChildren(children: node.children, positions: node.positions), of: node, indexes, origin: origin, path: path,
                owner: owner)
        }
    }

    /// Walks the visible `children` (at `indexes`) of a layout node at `origin`.
    private mutating func visit<Children: WalkChildren>(
        _ children: Children, of node: borrowing any RenderNode, _ indexes: [Int], origin: CGPoint, path: RenderPath, owner: LayoutSlot?
    ) {
        // Child paths are spelled out only for the children that need them (no explicit id).
        let parent = path.string
        // Leading children that are single views (a list's rows) become items here, in order; the
        // first other child and the rest go through the work list, last pushed first, so they are
        // collected in the same order.
        var next = 0
        // Every child so far became one view-leaf slot's item, in order (see `RenderedList`).
        var slotLeaves = owner != nil && indexes.count == children.count && children.isComplete
        while next < indexes.count {
            let index = indexes[next]
            next += 1
            guard children.has(index) else {
                slotLeaves = false
                continue
            }
            let (slot, position) = children.entry(index, of: node)
            let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
            if let slot, reuseLeaf(slot, origin: childOrigin, parent: parent, index: index, scope: path.scope) { continue }
            if slot?.isViewLeaf != true { slotLeaves = false }
            let childPath = RenderPath(parent, index, scope: path.scope)
            if children.appendIfLeaf(index, of: node, to: &self, origin: childOrigin, path: childPath) { continue }
            // Pushed after the rest, so that it comes first.
            for later in indexes[next...].reversed() where children.has(later) {
                let (laterNode, laterPosition) = children.child(later, of: node)
                work.append(
                    .node(
                        laterNode, CGPoint(x: origin.x + laterPosition.x, y: origin.y + laterPosition.y),
                        RenderPath(parent, later, scope: path.scope)))
            }
            work.append(.node(children.child(index, of: node).node, childOrigin, childPath))
            return
        }
        if let owner, slotLeaves {
            wholeList = (ObjectIdentifier(owner), children.list(of: node, owner: owner))
        }
    }
}
