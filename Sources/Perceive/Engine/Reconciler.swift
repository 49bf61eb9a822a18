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
        // A builder's slot, the usual root, is read in place (see `SlotBits`).
        if let rendered = SlotBits.withSlot(root, { renderSlotRoot($0, into: container, visible: visible, engine: engine) }) {
            if rendered { return }
        } else {
            switch root._wrapping.kind {
            case .slot(let slot):
                if renderSlotRoot(slot, into: container, visible: visible, engine: engine) { return }
            case .none:
                if renderFlatRoot(plain: root, into: container, visible: visible, engine: engine) { return }
            case .identified:
                break
            }
        }
        let scratch = RenderScratch.acquire()
        defer { RenderScratch.release() }
        var walk = RenderWalk(
            container: container, visible: visible, old: container.subviews, scratch: scratch, recordOffset: 0, render: engine.renderCount)
        walk.collect(root, origin: .zero, path: RenderPath(""))
        apply(&walk, to: container, engine: engine)
        if walk.recordedList { engine.mayPatchLists = true }
        walk.finish(into: scratch)
    }

    /// A root that is a builder's slot rendered without a walk (see `renderLeafRoot` and
    /// `renderFlatRoot`); false, having done nothing, when it needs one.
    @inline(__always)
    private static func renderSlotRoot(_ slot: LayoutSlot, into container: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        renderLeafRoot(slot, into: container, visible: visible, engine: engine)
            || renderFlatRoot(slot, into: container, visible: visible, engine: engine)
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
    private static func renderLeafRoot(_ slot: LayoutSlot, into container: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        guard slot.isViewLeaf, let record = slot.renderRecord, record.isIn(container),
            record.start == 0, record.count == 1, record.origin == .zero
        else { return false }
        let subviews = container.subviews
        guard subviews.count == 1, subviews[0].isLeaf(slot) else { return false }
        guard record.path.isRoot(identifiedBy: slot.explicitID),
            RenderPatch.patchLeaf(slot, record, in: container, engine: engine)
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
        guard let (child, position) = onlyChild(of: node) else { return false }
        guard case .none = child._wrapping.kind, child.id == nil, !child.rendersChildren,
            let type = child.viewType, subviews[0].renderViewType == type
        else { return false }
        // The node decides what is visible (a custom node may say otherwise than its frame).
        let shown = node.visibleIndexes(in: visible)
        guard shown.count == 1, shown[0] == 0 else { return false }
        let frame = CGRect(origin: position, size: child.size)
        // (`update` reads no key: the view keeps the one it has.)
        var item = WalkItem(key: "", frame: frame, node: child, source: 0)
        // (Borrowed from the list, which holds the view: read out of it, it was retained and released.)
        Borrowed.withElement(subviews, 0) { update($0, swapping: &item, visible: visible, engine: engine) }
        return true
    }

    /// The child of a node with exactly one, read without making arrays when the node holds it inline.
    private static func onlyChild(of node: any RenderNode) -> (node: any RenderNode, position: CGPoint)? {
        let inline = node._inlineChildCount
        if inline >= 0 { return inline == 1 ? node._inlineChild(0) : nil }
        let children = node.children
        let positions = node.positions
        guard children.count == 1, positions.count == 1 else { return nil }
        return (children[0], positions[0])
    }

    /// Turns the walk's matches into view operations: every removal first (their views can be
    /// reused by the insertions), then each item in order. A container's subviews are its list of
    /// rendered items: each view knows the key and node it shows.
    private static func apply(_ walk: inout RenderWalk, to container: PlatformView, engine: ComponentEngine) {
        let renames = walk.unmatched > 0 && !resolve(&walk)
        if renames { resolveRepeatedKeys(&walk, engine: engine) }
        // Renamed repeats are named by their order: a list patch, which moves rows without naming
        // them again, must not apply to this container's list (see `ListPatch.patch`).
        if container.hasRenamedSubviews != renames { container.hasRenamedSubviews = renames }
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
}
