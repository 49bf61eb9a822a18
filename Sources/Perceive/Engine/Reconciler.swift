import Foundation

/// Applies a list of ``RenderItem``s to a container view: the keyed diff turned into view operations.
@MainActor
enum Reconciler {
    /// Makes `container`'s subviews show `items`, in order, reusing what it can:
    /// - an item whose id was shown before keeps its view (moved if the diff says so), and the view
    ///   is reconfigured only when its node's content changed;
    /// - a new item takes a view of its type from the engine's reuse pool, or creates one;
    /// - a view whose item disappeared is removed, its nested engine detached, and pooled.
    static func apply(_ list: RenderList, to container: PlatformView, engine: ComponentEngine) {
        let old = container.rendered
        var items = list.items
        var shown: [RenderedEntry] = []
        shown.reserveCapacity(items.count)
        if old.count == items.count && sameIDs(old, items) {
            // The same ids in the same order (the common case): no diff, nothing moves, and the
            // ids are unique because the shown ones were.
            for index in items.indices { shown.append(keep(old[index], items[index], moved: false, engine: engine)) }
        } else {
            let sources: [Int]
            if let aligned = KeyedDiff.sources(old: old.lazy.map(\.id), new: items.lazy.map(\.id)) {
                sources = aligned
            } else {
                items = uniquingIDs(items, in: { engine.scopeDescription })
                sources = KeyedDiff.hashedSources(old: old.map(\.id), new: items.map(\.id))
            }
            for action in KeyedDiff.actions(sources: sources, oldCount: old.count) {
                switch action {
                case .delete(let oldIndex):
                    remove(old[oldIndex], engine: engine)
                case .insert(let newIndex):
                    shown.append(insert(items[newIndex], engine: engine))
                case .keep(let oldIndex, let newIndex):
                    shown.append(keep(old[oldIndex], items[newIndex], moved: false, engine: engine))
                case .move(let oldIndex, let newIndex):
                    shown.append(keep(old[oldIndex], items[newIndex], moved: true, engine: engine))
                }
            }
        }
        container.rendered = shown
        record(list.slots, in: container, offset: 0, engine: engine)
        // One pass over the subview list: per-view inserts and removals would be quadratic. When
        // nothing was added, removed or moved (a like, a selection), the list already stands.
        if !container.hasSubviews(inOrderOf: shown) { container.setSubviews(shown) }
    }

    /// Whether `old` and `items` (same count) have the same ids in the same order. A loop, not
    /// `allSatisfy`: a closure here is main-actor isolated and would check the executor per item.
    private static func sameIDs(_ old: [RenderedEntry], _ items: [RenderItem]) -> Bool {
        var index = 0
        while index < old.count {
            if old[index].id != items[index].id { return false }
            index += 1
        }
        return true
    }

    /// An item shown before under the same id: its view is kept (replaced if the node now needs
    /// another view type), placed, and updated if its content changed.
    private static func keep(_ previous: RenderedEntry, _ item: RenderItem, moved: Bool, engine: ComponentEngine) -> RenderedEntry {
        // The type the view was made for (a retained node may since show another type).
        guard previous.viewType == item.node.viewType else {
            remove(previous, engine: engine)
            return insert(item, engine: engine)
        }
        if moved { engine.stats.viewsMoved += 1 }
        return update(previous, with: item, engine: engine)
    }

    /// Brings a view showing `previous` up to date with `item` (same id and view type).
    static func update(_ previous: RenderedEntry, with item: RenderItem, engine: ComponentEngine) -> RenderedEntry {
        let view = previous.view
        if !sameRect(view.frame, item.frame) { view.frame = item.frame }
        // A detached boundary (its view went through the reuse pool inside a recycled parent)
        // needs its content again even when the content is equal.
        if view.engineIfCreated?.isDetached == true || !isUnchanged(item.node, since: previous.node, engine) {
            item.node.updateView(view)
            engine.stats.viewsUpdated += 1
        } else {
            item.node.updateHandlers(view)
        }
        if item.node.rendersChildren { apply(item.children, to: view, engine: engine) }
        return RenderedEntry(id: item.id, node: item.node, viewType: previous.viewType, view: view)
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

    /// Remembers where each slot's items were rendered (see `RenderPatch`).
    static func record(_ ranges: [SlotRange], in container: PlatformView, offset: Int, engine: ComponentEngine) {
        for range in ranges {
            let slot = range.slot
            // Rendered into the same container last time (a list rendered again): the record is
            // updated in place, which keeps its weak reference instead of dropping and forming one.
            if slot.renderRecord?.container === container {
                slot.renderRecord!.start = offset + range.start
                slot.renderRecord!.count = range.count
                slot.renderRecord!.origin = range.origin
                slot.renderRecord!.path = range.path
                slot.renderRecord!.visible = range.visible
                slot.renderRecord!.render = engine.renderCount
            } else {
                slot.renderRecord = RenderRecord(
                    container: container, start: offset + range.start, count: range.count,
                    origin: range.origin, path: range.path, visible: range.visible,
                    render: engine.renderCount)
            }
        }
    }

    private static func insert(_ item: RenderItem, engine: ComponentEngine) -> RenderedEntry {
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
        (view.componentID, view.componentIDIsExplicit) = RenderItem.display(item.id)
        view.frame = item.frame
        item.node.updateView(view)
        if item.node.rendersChildren { apply(item.children, to: view, engine: engine) }
        return RenderedEntry(id: item.id, node: item.node, viewType: item.node.viewType, view: view)
    }

    private static func remove(_ entry: RenderedEntry, engine: ComponentEngine) {
        // Leaves the container in the bulk `setSubviews` at the end of `apply`.
        let view = entry.view
        view.detachBoundaryEngines()
        view.prepareForReuseRecursively(shownBy: entry.node)
        engine.stats.viewsRemoved += 1
        engine.reusePool.put(view, type: ObjectIdentifier(type(of: view)))
    }

    /// Renames repeated ids (`id#2`, `id#3`, …) so every view keeps a distinct identity, and
    /// reports each repeated id once. A generated name never takes an id that some item really
    /// has: `["x", "x", "x#2"]` becomes `["x", "x#3", "x#2"]`.
    static func uniquingIDs(_ items: [RenderItem], in scope: () -> String) -> [RenderItem] {
        var seen = Set<String>()
        seen.reserveCapacity(items.count)
        var repeats: [Int] = []
        for index in items.indices where !seen.insert(items[index].id).inserted { repeats.append(index) }
        guard !repeats.isEmpty else { return items }
        // `seen` now holds every id given, so generated names skip them all.
        var result = items
        for index in repeats {
            let id = result[index].id
            var ordinal = 2
            while seen.contains("\(id)#\(ordinal)") { ordinal += 1 }
            let renamed = "\(id)#\(ordinal)"
            seen.insert(renamed)
            result[index] = RenderItem(id: renamed, frame: result[index].frame, node: result[index].node, children: result[index].children)
            let (shown, shownRenamed) = (RenderItem.display(id).id, RenderItem.display(renamed).id)
            Diagnostics.report(
                .invalidInput,
                "Perceive: duplicate id \"\(shown)\" among siblings in the scope of \(scope()); the repeat was renamed \"\(shownRenamed)\". Give each item a unique .id."
            )
        }
        return result
    }
}

/// What a container currently shows for one item.
@MainActor
struct RenderedEntry {
    let id: String
    let node: any RenderNode
    /// The view type the node asked for when the view was made or last kept.
    let viewType: ObjectIdentifier?
    let view: PlatformView
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
        for entry in rendered {
            var node = entry.node
            while true {
                switch node._wrapping.kind {
                case .slot(let slot):
                    slot.forgetRendered()
                    node = slot.inner
                    continue
                case .identified(_, let base):
                    node = base
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
