import Foundation

/// Where a builder slot's views were last rendered: its run of a container view's rendered entries,
/// and what collecting its items needs (its origin, structural path and the visible region).
@MainActor
struct RenderRecord {
    /// Weak: a container removed since (into a full reuse pool) may be gone.
    weak var container: PlatformView?
    var start: Int
    var count: Int
    var origin: CGPoint
    var path: RenderPath
    var visible: CGRect
    /// The engine's full render that made it: older records belong to slots that were not visible.
    var render: Int
}

/// Renders builder slots whose output changed in place (same size, nothing above them laid out
/// again) without walking the rest of the tree: the slot's items are collected again at the place
/// they were rendered and matched one for one with the views they had. Anything else — a different
/// number of items, other ids or view types — falls back to a full render.
@MainActor
enum RenderPatch {
    /// Patches every slot in `slots` (outermost ones only); false when a full render is needed.
    static func apply(_ slots: [LayoutSlot], engine: ComponentEngine) -> Bool {
        let changed = Set(slots.map(ObjectIdentifier.init))
        for slot in slots where !hasChangedAncestor(slot, changed) {
            // Never rendered (not visible so far, or below a node that hides it from render):
            // only a full render knows.
            guard let record = slot.renderRecord else { return false }
            // Rendered before but not by the last full render: not visible, and it did not move.
            guard record.render == engine.renderCount else { continue }
            guard patch(slot, record, engine: engine) else { return false }
        }
        return true
    }

    private static func hasChangedAncestor(_ slot: LayoutSlot, _ changed: Set<ObjectIdentifier>) -> Bool {
        var ancestor = slot.parent
        while let next = ancestor {
            if changed.contains(ObjectIdentifier(next)) { return true }
            ancestor = next.parent
        }
        return false
    }

    private static func patch(_ slot: LayoutSlot, _ record: RenderRecord, engine: ComponentEngine) -> Bool {
        guard let container = record.container else { return false }
        if slot.isViewLeaf { return patchLeaf(slot, record, in: container, engine: engine) }
        var list = RenderList()
        list.collect(slot, origin: record.origin, path: record.path, visible: record.visible)
        guard list.items.count == record.count, record.start + record.count <= container.rendered.count else { return false }
        for (offset, item) in list.items.enumerated() {
            let entry = container.rendered[record.start + offset]
            guard entry.id == item.id, entry.viewType == item.node.viewType else { return false }
        }
        for (offset, item) in list.items.enumerated() {
            let index = record.start + offset
            container.rendered[index] = Reconciler.update(container.rendered[index], with: item, engine: engine)
        }
        Reconciler.record(list.slots, in: container, offset: record.start, engine: engine)
        return true
    }

    /// A view-leaf slot (a memoized row's label): its one item is made directly, and its record
    /// stays as it is (same place, same range).
    private static func patchLeaf(_ slot: LayoutSlot, _ record: RenderRecord, in container: PlatformView, engine: ComponentEngine) -> Bool {
        guard record.count == 1, record.start < container.rendered.count else { return false }
        let item = slot.leafItem(origin: record.origin, path: record.path)
        let entry = container.rendered[record.start]
        guard entry.id == item.id, entry.viewType == slot.viewType else { return false }
        container.rendered[record.start] = Reconciler.update(entry, with: item, engine: engine)
        return true
    }
}
