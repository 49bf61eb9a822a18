import Foundation

/// Renders a node tree into a container view: the keyed diff turned into view operations.
@MainActor
enum Reconciler {
    /// Makes `container`'s subviews show the visible view-backed nodes of `root`, in order,
    /// reusing what it can:
    /// - an item whose key was shown before keeps its view (moved if it changed places among the
    ///   survivors, as few moves as possible), and the view is reconfigured only when its node's
    ///   content changed;
    /// - a new item takes a view of its type from the engine's reuse pool, or creates one;
    /// - a view whose item disappeared is removed, its nested engine detached, and pooled.
    static func render(_ root: any RenderNode, into container: PlatformView, visible: CGRect, engine: ComponentEngine) {
        if renderLeafRoot(root, into: container, visible: visible, engine: engine) { return }
        let scratch = RenderScratch.acquire()
        defer { RenderScratch.release() }
        var walk = RenderWalk(
            container: container, visible: visible, old: container.subviews, scratch: scratch, recordOffset: 0, render: engine.renderCount)
        walk.collect(root, origin: .zero, path: RenderPath(""))
        apply(&walk, to: container, engine: engine)
        if walk.recordedList { engine.mayPatchLists = true }
        walk.finish(into: scratch)
    }

    /// Renders the children of `node` into `view`, the view hosting them.
    static func renderChildren(of node: any RenderNode, into view: PlatformView, visible: CGRect, engine: ComponentEngine) {
        if updateOnlyChild(of: node, in: view, visible: visible, engine: engine) { return }
        let scratch = RenderScratch.acquire()
        defer { RenderScratch.release() }
        var walk = RenderWalk(
            container: view, visible: visible, old: view.subviews, scratch: scratch, recordOffset: 0, render: engine.renderCount)
        walk.collectChildren(of: node)
        apply(&walk, to: view, engine: engine)
        walk.finish(into: scratch)
    }

    /// A root that is one view-leaf slot (a boundary's label) shown by the container's one subview
    /// from where it was rendered last: patched like a memoized row (see `RenderPatch.patchLeaf`),
    /// with this render's visible region, instead of walked. False, having done nothing, for
    /// anything else (another key or view type, more views, another place).
    private static func renderLeafRoot(_ root: any RenderNode, into container: PlatformView, visible: CGRect, engine: ComponentEngine)
        -> Bool
    {
        guard case .slot(let slot) = root._wrapping.kind, slot.isViewLeaf, let record = slot.renderRecord, record.isIn(container),
            record.start == 0, record.count == 1, record.origin == .zero
        else { return false }
        let subviews = container.subviews
        guard subviews.count == 1, subviews[0].leafSlot === slot else { return false }
        guard record.path.isRoot(identifiedBy: slot.explicitID),
            RenderPatch.patchLeaf(slot, record, in: container, visible: visible, engine: engine)
        else {
            return false
        }
        record.visible = visible
        record.render = engine.renderCount
        return true
    }

    /// A view hosting one plain view that it already shows in its one subview (a tappable label):
    /// the subview is updated in place, with no walk and no list. False, having done nothing, for
    /// anything else. The same outcome as the walk: the child's key is the first child's
    /// structural key, and a plain node records nothing.
    private static func updateOnlyChild(of node: any RenderNode, in view: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        let subviews = view.subviews
        guard subviews.count == 1, subviews[0].renderKey == RenderKey.firstChildren[0] else { return false }
        let children = node.children
        let positions = node.positions
        guard children.count == 1, positions.count == 1 else { return false }
        let child = children[0]
        guard case .none = child._wrapping.kind, child.id == nil, !child.rendersChildren,
            let type = child.viewType, subviews[0].renderViewType == type
        else { return false }
        // The node decides what is visible (a custom node may say otherwise than its frame).
        let shown = node.visibleIndexes(in: visible)
        guard shown.count == 1, shown[0] == 0 else { return false }
        let frame = CGRect(origin: positions[0], size: child.size)
        update(
            subviews[0], with: WalkItem(key: RenderKey.firstChildren[0], frame: frame, node: child, source: 0), visible: visible,
            engine: engine)
        return true
    }

    /// Turns the walk's matches into view operations: every removal first (their views can be
    /// reused by the insertions), then each item in order. A container's subviews are its list of
    /// rendered items: each view knows the key and node it shows.
    private static func apply(_ walk: inout RenderWalk, to container: PlatformView, engine: ComponentEngine) {
        if walk.unmatched > 0 && !resolve(&walk) { resolveRepeatedKeys(&walk, engine: engine) }
        var old: [PlatformView] = []
        swap(&old, &walk.old)
        let count = walk.items.count
        var removed = false
        // The views removed here may show the items inserted below (see `ReusePool`). A render
        // that inserts nothing (a like, a reorder) leaves the pool as it is.
        let inserts = walk.unmatched > 0 ? insertCount(walk.items) : 0
        let pooling = inserts > 0 ? engine.reusePool.beginRender(inserts: inserts) : nil
        defer { if let pooling { engine.reusePool.endRender(pooling) } }
        if count < old.count || walk.unmatched > 0 {
            var index = 0
            while index < old.count {
                if !walk.taken[index] {
                    remove(old[index], engine: engine)
                    removed = true
                }
                index += 1
            }
        }
        // The same views in the same order (a like, a selection, an update): nothing moves.
        if !removed && count == old.count && inOrder(walk.items) {
            var replaced: [PlatformView]?
            var index = 0
            while index < count {
                let view = old[index]
                if walk.items[index].reused && reuse(view, frame: walk.items[index].frame) {
                    index += 1
                    continue
                }
                let kept = keep(view, item(walk.items[index], shownBy: view), moved: false, visible: walk.visible, engine: engine)
                if kept !== view {
                    if replaced == nil { replaced = old }
                    replaced![index] = kept
                }
                index += 1
            }
            if let replaced { container.setSubviews(replaced) }
            return
        }
        var sources: [Int] = []
        sources.reserveCapacity(count)
        for index in 0..<count { sources.append(walk.items[index].source) }
        let stable = KeyedDiff.longestIncreasingSubsequence(sources)
        var shown: [PlatformView] = []
        shown.reserveCapacity(count)
        var index = 0
        while index < count {
            let source = walk.items[index].source
            if source < 0 {
                shown.append(insert(walk.items[index], visible: walk.visible, engine: engine))
            } else if walk.items[index].reused && reuse(old[source], frame: walk.items[index].frame) {
                if !stable[index] { engine.stats.viewsMoved += 1 }
                shown.append(old[source])
            } else {
                let view = old[source]
                shown.append(
                    keep(view, item(walk.items[index], shownBy: view), moved: !stable[index], visible: walk.visible, engine: engine))
            }
            index += 1
        }
        // One pass over the subview list: per-view inserts and removals would be quadratic.
        if !sameViews(container.subviews, shown) { container.setSubviews(shown) }
    }

    /// Places the view of a reused item (see ``WalkItem/reused``) at its `frame`; false when the
    /// view needs its content again after all (a boundary detached while its view was pooled).
    /// (Takes the frame, not the item: passing an item copies it, and its node, per row.)
    @inline(__always)
    private static func reuse(_ view: PlatformView, frame: CGRect) -> Bool {
        if view.engineIfCreated?.isDetached == true { return false }
        if !sameRect(view.frame, frame) { view.frame = frame }
        return true
    }

    /// `item` with its own key and node (a reused item carries placeholders: its view has them).
    private static func item(_ item: WalkItem, shownBy view: PlatformView) -> WalkItem {
        guard item.reused else { return item }
        return WalkItem(key: view.renderKey ?? "", frame: item.frame, node: view.renderNode, source: item.source)
    }

    /// Whether `a` and `b` are the same views in the same order.
    private static func sameViews(_ a: [PlatformView], _ b: [PlatformView]) -> Bool {
        guard a.count == b.count else { return false }
        var index = 0
        while index < a.count {
            if a[index] !== b[index] { return false }
            index += 1
        }
        return true
    }

    /// How many items no rendered entry shows (each will be inserted).
    private static func insertCount(_ items: [WalkItem]) -> Int {
        var count = 0
        var index = 0
        while index < items.count {
            if items[index].source < 0 { count += 1 }
            index += 1
        }
        return count
    }

    /// Whether every item took the entry at its own index.
    private static func inOrder(_ items: [WalkItem]) -> Bool {
        var index = 0
        while index < items.count {
            if items[index].source != index { return false }
            index += 1
        }
        return true
    }

    /// Matches the items no probe matched by hashing the entries nobody took. False when an item
    /// repeats a key (another item's, or one among the old entries that another item took).
    private static func resolve(_ walk: inout RenderWalk) -> Bool {
        let old = walk.old
        // Every old key (unique: an earlier render renamed repeats); `walk.taken` says which
        // entries are no longer free.
        var olds = KeyTable(capacity: old.count)
        var index = 0
        while index < old.count {
            if let key = old[index].renderKey { olds.insert(key, index) }
            index += 1
        }
        var fresh = KeyTable(capacity: walk.unmatched)
        index = 0
        while index < walk.items.count {
            if walk.items[index].source < 0 {
                let key = walk.items[index].key
                if let source = olds.value(for: key) {
                    // Among the old keys but taken by another item: a repeat.
                    guard !walk.taken[source] else { return false }
                    walk.items[index].source = source
                    walk.taken[source] = true
                } else if !fresh.insert(key, index) {
                    return false
                }
            }
            index += 1
        }
        return true
    }

    /// Items repeat a key: repeats are renamed and reported, then everything is matched by hashing.
    private static func resolveRepeatedKeys(_ walk: inout RenderWalk, engine: ComponentEngine) {
        let keys = uniquingIDs(walk.items.map(\.key), in: { engine.scopeDescription })
        let sources = KeyedDiff.hashedSources(old: walk.old.map { $0.renderKey }, new: keys)
        for index in walk.taken.indices { walk.taken[index] = false }
        for index in walk.items.indices {
            walk.items[index].key = keys[index]
            walk.items[index].source = sources[index]
            if sources[index] >= 0 { walk.taken[sources[index]] = true }
        }
        // Forces the general path (the matches are no longer the probes').
        walk.unmatched = max(walk.unmatched, 1)
    }

    /// An item shown before under the same key: its view is kept (replaced if the node now needs
    /// another view type), placed, and updated if its content changed. Returns the view showing it.
    private static func keep(_ view: PlatformView, _ item: WalkItem, moved: Bool, visible: CGRect, engine: ComponentEngine) -> PlatformView
    {
        // The type the view was made for (a retained node may since show another type).
        guard view.renderViewType == item.node.viewType else {
            remove(view, engine: engine)
            return insert(item, visible: visible, engine: engine)
        }
        if moved { engine.stats.viewsMoved += 1 }
        update(view, with: item, visible: visible, engine: engine)
        return view
    }

    /// Brings `view` (showing an item with the same key and view type) up to date with `item`;
    /// `visible` is the container's visible region.
    static func update(_ view: PlatformView, with item: WalkItem, visible: CGRect, engine: ComponentEngine) {
        if !sameRect(view.frame, item.frame) { view.frame = item.frame }
        // A detached boundary (its view went through the reuse pool inside a recycled parent)
        // needs its content again even when the content is equal.
        if view.engineIfCreated?.isDetached == true || !isUnchanged(item.node, since: view.renderNode, engine) {
            item.node.updateView(view)
            engine.stats.viewsUpdated += 1
        } else {
            item.node.updateHandlers(view)
        }
        view.renderNode = item.node
        view.leafSlot = leafSlot(of: item.node)
        if item.node.rendersChildren { renderChildren(of: item.node, into: view, visible: local(visible, item.frame), engine: engine) }
    }

    /// The visible region in the coordinates of a view at `frame`.
    private static func local(_ visible: CGRect, _ frame: CGRect) -> CGRect {
        visible.offsetBy(dx: -frame.origin.x, dy: -frame.origin.y)
    }

    /// `a == b`, field by field: Foundation's `==` on rects is an opaque call on Linux, made for
    /// every item of every render.
    @inline(__always)
    private static func sameRect(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width && a.size.height == b.size.height
    }

    /// The same retained slot, unchanged since it configured the view, is recognised by identity
    /// (not counted as compared; its `updateHandlers` returns at once); anything else is compared.
    private static func isUnchanged(_ node: any RenderNode, since previous: any RenderNode, _ engine: ComponentEngine) -> Bool {
        if case .slot(let slot) = node._wrapping.kind, slot.isRendered(as: previous) { return true }
        engine.stats.nodesCompared += 1
        return node.isContentEqual(to: previous)
    }

    private static func insert(_ item: WalkItem, visible: CGRect, engine: ComponentEngine) -> PlatformView {
        let view: PlatformView
        if let type = item.node.viewType, let pooled = engine.reusePool.take(type) {
            view = pooled
            engine.stats.viewsReused += 1
        } else if let made = item.node.makeView() {
            view = made
            engine.stats.viewsCreated += 1
        } else {
            view = PlatformView(frame: .zero)
            engine.stats.viewsCreated += 1
        }
        view.renderKey = item.key
        view.renderViewType = item.node.viewType
        view.frame = item.frame
        item.node.updateView(view)
        view.renderNode = item.node
        view.leafSlot = leafSlot(of: item.node)
        if item.node.rendersChildren { renderChildren(of: item.node, into: view, visible: local(visible, item.frame), engine: engine) }
        return view
    }

    static func remove(_ view: PlatformView, engine: ComponentEngine) {
        // Leaves the container in the bulk `setSubviews` at the end of `apply`. A view the engine
        // did not place (added by hand) only leaves.
        guard view.renderKey != nil else { return }
        view.detachBoundaryEngines()
        let type = ObjectIdentifier(type(of: view))
        // Only a view the pool keeps is prepared for reuse (its defaults restored, its subtree's
        // slots told): one the pool has no room for is dropped as it is, as `prepareForReuse()`
        // promises — clearing a list of 1,000 rows prepared 936 views only to free them.
        let pooled = engine.reusePool.hasRoom(for: type)
        if pooled { view.prepareForReuseRecursively(shownBy: view.renderNode) }
        // No node describes it any more, and a view (pooled, or still held by someone) must not keep
        // one (and what it holds) alive.
        view.renderNode = RenderWalk.reusedItem
        view.leafSlot = nil
        engine.stats.viewsRemoved += 1
        if pooled { engine.reusePool.put(view, type: type) }
    }

    /// Renames repeated keys (`id#2`, `id#3`, …) so every view keeps a distinct identity, and
    /// reports each repeated id once. A generated name never takes a key that some item really
    /// has: `["x", "x", "x#2"]` becomes `["x", "x#3", "x#2"]`.
    static func uniquingIDs(_ keys: [String], in scope: () -> String) -> [String] {
        var seen = Set<String>()
        seen.reserveCapacity(keys.count)
        var repeats: [Int] = []
        for index in keys.indices where !seen.insert(keys[index]).inserted { repeats.append(index) }
        guard !repeats.isEmpty else { return keys }
        // `seen` now holds every key given, so generated names skip them all.
        var result = keys
        for index in repeats {
            let key = result[index]
            var ordinal = 2
            while seen.contains("\(key)#\(ordinal)") { ordinal += 1 }
            let renamed = "\(key)#\(ordinal)"
            seen.insert(renamed)
            result[index] = renamed
            let (shown, shownRenamed) = (RenderKey.display(key).id, RenderKey.display(renamed).id)
            Diagnostics.report(
                .invalidInput,
                "Perceive: duplicate id \"\(shown)\" among siblings in the scope of \(scope()); the repeat was renamed \"\(shownRenamed)\". Give each item a unique .id."
            )
        }
        return result
    }
}

extension Reconciler {
    /// The view-leaf slot an item's node is, if it is one.
    static func leafSlot(of node: any RenderNode) -> LayoutSlot? {
        guard case .slot(let slot) = node._wrapping.kind, slot.isViewLeaf else { return nil }
        return slot
    }
}

extension PlatformView {
    /// Readies a removed view for the reuse pool: it returns to its class's defaults (no node
    /// describes it any more), and every view below it drops what it holds (handlers). Views below
    /// keep their content: the engine that placed them still knows them by their nodes and
    /// reconciles them when the view is reused.
    func prepareForReuseRecursively(shownBy node: any RenderNode) {
        restoreDefaults(make: { node.makeView() })
        forgetRenderedSlots()
        for subview in subviews { subview.prepareSubtreeForReuse() }
    }

    private func prepareSubtreeForReuse() {
        prepareForReuse()
        forgetRenderedSlots()
        for subview in subviews { subview.prepareSubtreeForReuse() }
    }

    /// The views below lost their handlers: the retained slots that configured them must not
    /// take them for configured when the view comes back (its engine may reuse those slots as
    /// they are — a memoized row — and would otherwise skip the handlers).
    private func forgetRenderedSlots() {
        for subview in subviews where subview.renderKey != nil {
            var node = subview.renderNode
            while true {
                switch node._wrapping.kind {
                case .slot(let slot):
                    slot.forgetRendered()
                    node = slot.inner
                    continue
                case .identified(let identified):
                    node = identified.base
                    continue
                case .none:
                    break
                }
                break
            }
        }
    }

    /// Stops the perception boundaries in this view's subtree from observing anything: the view
    /// left the tree (and may be reused for other content). Engines of other views (a user's view
    /// subclass driving its own engine) keep their content.
    func detachBoundaryEngines() {
        if let engine = engineIfCreated, engine.isBoundary { engine.detach() }
        for subview in subviews { subview.detachBoundaryEngines() }
    }
}
