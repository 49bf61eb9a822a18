import Foundation

/// What the reconciler does to one view: keeps it (placed, and updated when its content changed),
/// inserts one (from the reuse pool when it has one of the type), or removes one (to the pool).
@MainActor
extension Reconciler {
    /// An item shown before under the same key: its view is kept (replaced if the node now needs
    /// another view type), placed, and updated if its content changed. Returns the view showing it.
    static func keep(_ view: PlatformView, _ item: WalkItem, moved: Bool, visible: CGRect, engine: ComponentEngine) -> PlatformView {
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
        var item = item
        update(view, swapping: &item, visible: visible, engine: engine)
    }

    /// `update(view, with: item, …)` that swaps the item's node into the view: the view's previous
    /// node is left in `item` (destroyed with it), and nothing is copied — a retain and a release
    /// fewer per view than copying the node in, when the caller's item is its own to change.
    static func update(_ view: PlatformView, swapping item: inout WalkItem, visible: CGRect, engine: ComponentEngine) {
        update(view, swapping: &item.node, frame: item.frame, visible: visible, engine: engine)
    }

    /// `update(view, swapping: &item, …)` for a node and its frame.
    static func update(_ view: PlatformView, swapping node: inout any RenderNode, frame: CGRect, visible: CGRect, engine: ComponentEngine) {
        if !sameRect(view.frame, frame) { view.frame = frame }
        // The slot the node is, if any, asked once (each `_wrapping` is a witness call, and its
        // result is destroyed after).
        let slot = node.wrappedSlot
        // A detached boundary (its view went through the reuse pool inside a recycled parent)
        // needs its content again even when the content is equal.
        if view.engineIfCreated?.isDetached == true {
            node.updateView(view)
            engine.stats.viewsUpdated += 1
        } else if !isUnchanged(&node, slot, since: &view.renderNode, engine) {
            // Found different from the node the view shows: a boundary hands its content over
            // without comparing it a second time.
            node._updateChangedView(view)
            engine.stats.viewsUpdated += 1
        } else {
            node.updateHandlers(view)
        }
        view.leafSlot = slot?.isViewLeaf == true ? slot : nil
        let rendersChildren = node.rendersChildren
        swap(&view.renderNode, &node)
        if rendersChildren {
            view.withRenderNode { renderChildren(of: $0, into: view, visible: local(visible, frame), engine: engine) }
        }
    }

    /// `update(view, with:…)` for a view-leaf slot at `frame` (nothing rendered below it, so no
    /// visible region): the slot is passed as itself, not as an item's node, and a view already
    /// showing it keeps it (its node and leaf slot are this slot) — the general path's item and
    /// node assignment cost reference counting on every patched leaf (a boundary's label, a
    /// memoized row). The same outcome, the same counts.
    static func updateLeaf(_ view: PlatformView, frame: CGRect, slot: LayoutSlot, engine: ComponentEngine) {
        if !sameRect(view.frame, frame) { view.frame = frame }
        let shown = view.isLeaf(slot)
        if view.engineIfCreated?.isDetached == true || !isUnchanged(slot, shown: shown, by: view, engine) {
            slot.updateView(view)
            engine.stats.viewsUpdated += 1
        } else {
            slot.updateHandlers(view)
        }
        if !shown {
            view.renderNode = slot
            view.leafSlot = slot
        }
    }

    /// `isUnchanged(slot, since: view.renderNode, engine)`, knowing whether the view's node is
    /// this slot (`shown`).
    private static func isUnchanged(_ slot: LayoutSlot, shown: Bool, by view: PlatformView, _ engine: ComponentEngine) -> Bool {
        if shown ? slot.renderedVersion == slot.version : view.withRenderNode({ slot.isRendered(as: $0) }) { return true }
        engine.stats.nodesCompared += 1
        return view.withRenderNode { slot.isContentEqual(to: $0) }
    }

    /// The visible region in the coordinates of a view at `frame`.
    static func local(_ visible: CGRect, _ frame: CGRect) -> CGRect {
        visible.offsetBy(dx: -frame.origin.x, dy: -frame.origin.y)
    }

    /// `a == b`, field by field: Foundation's `==` on rects is an opaque call on Linux, made for
    /// every item of every render.
    @inline(__always)
    static func sameRect(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width && a.size.height == b.size.height
    }

    /// The same retained slot (`slot`, the one `node` is, if any), unchanged since it configured
    /// the view, is recognised by identity (not counted as compared; its `updateHandlers` returns
    /// at once); anything else is compared. (Both in place, and only read: a node captured in a
    /// closure for `withRenderNode` was copied out of the caller's item first, a retain and a
    /// release per view.)
    static func isUnchanged(
        _ node: inout any RenderNode, _ slot: LayoutSlot?, since previous: inout any RenderNode, _ engine: ComponentEngine
    ) -> Bool {
        if let slot, slot.isRendered(as: previous) { return true }
        engine.stats.nodesCompared += 1
        return node.isContentEqual(to: previous)
    }

    static func insert(_ item: WalkItem, visible: CGRect, engine: ComponentEngine) -> PlatformView {
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
        view.hasRenamedKey = item.renamed
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
        view.forgetRenderedNode()
        engine.stats.viewsRemoved += 1
        if pooled { engine.reusePool.put(view, type: type) }
    }
}

extension Reconciler {
    /// The view-leaf slot an item's node is, if it is one.
    static func leafSlot(of node: any RenderNode) -> LayoutSlot? {
        guard case .slot(let slot) = node._wrapping.kind, slot.isViewLeaf else { return nil }
        return slot
    }
}
