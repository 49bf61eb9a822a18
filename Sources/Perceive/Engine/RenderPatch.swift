import Foundation

/// Where a builder slot's views were last rendered: its run of a container view's subviews, and
/// what collecting its items needs (its origin, structural path and the visible region).
///
/// A class, kept by its slot and updated in place on every render: reading a record never copies
/// it. Its container is compared by identifier; the view itself is reached only to patch. An
/// engine's own view — a boundary's label, a list's rows, most records — is reached through the
/// engine (see ``container(in:)``); only a container with no engine (a view hosting its children's
/// views) is named weakly, since it may leave into a full reuse pool and go. A weak reference gives
/// its view a side table (32 bytes per idle boundary) and sends every retain and release of the
/// view to the runtime's slow path.
///
/// Stored properties are laid out in declaration order: what a patched leaf reads (its render, its
/// range, its origin and its container) comes first, on the object's first cache line, so that a
/// changed row of a large list touches one line of its record rather than three.
@MainActor
final class RenderRecord {
    /// The engine's full render that made it: older records belong to slots that were not visible.
    @exclusivity(unchecked) var render: Int
    @exclusivity(unchecked) var start: Int
    @exclusivity(unchecked) var count: Int
    @exclusivity(unchecked) var origin: CGPoint
    /// The container's identifier when the record was made.
    private(set) var containerID: ObjectIdentifier
    /// Weak: a container removed since (into a full reuse pool) may be gone. `nil` for a view with
    /// an engine (see ``container(in:)``).
    private weak var hostingContainer: PlatformView?
    @exclusivity(unchecked) var visible: CGRect
    @exclusivity(unchecked) var path: RenderPath
    /// The slot's layout node when that render collected it as a whole list (see `RenderedList`).
    @exclusivity(unchecked) var list: RenderedList?

    init(container: PlatformView, start: Int, count: Int, origin: CGPoint, path: RenderPath, visible: CGRect, render: Int) {
        containerID = ObjectIdentifier(container)
        (self.start, self.count, self.origin, self.path, self.visible, self.render) = (start, count, origin, path, visible, render)
        hostingContainer = Self.hosting(container)
    }

    /// What a record names weakly of `container`: the view when it has no engine of its own.
    private static func hosting(_ container: PlatformView) -> PlatformView? {
        container.engineIfCreated == nil ? container : nil
    }

    /// Whether the record is about `container` (alive: the caller holds it). A view made at the
    /// address of a deallocated container would pass for it; its items' keys still decide every
    /// match, and a patch then finds no container and renders in full.
    @inline(__always)
    func isIn(_ container: PlatformView) -> Bool {
        containerID == ObjectIdentifier(container)
    }

    /// The container, for a patch by `engine`: the engine's own view when the record is about it
    /// (it is alive while the engine has it), else the hosting view if it is still there. `nil`
    /// (render in full) for a container that went, or that has an engine of its own other than
    /// `engine` (a view whose `componentEngine` someone asked for, hosting `engine`'s items).
    func container(in engine: ComponentEngine) -> PlatformView? {
        if let view = engine.view, ObjectIdentifier(view) == containerID { return view }
        return hostingContainer
    }

    /// Whether `key` (a view's) is the key of the one item recorded here: a leaf at `path`, named
    /// by `id` when the leaf has one. Asked here, of the stored path: copied out of the record, the
    /// path retained and released its three strings (a patched row's label paid them).
    func isKey(_ key: String?, ofLeafIdentifiedBy id: String?) -> Bool {
        guard let key else { return false }
        return path.isKey(key, identifiedBy: id)
    }

    /// Points the record at `container` (a view that now holds the slot's items).
    func move(to container: PlatformView) {
        containerID = ObjectIdentifier(container)
        hostingContainer = Self.hosting(container)
    }
}

extension RenderRecord {
    /// Notes where `slot`'s items went: its record updated in place (a list rendered again keeps its
    /// weak reference, instead of dropping and forming one), pointed at `container` when it is
    /// another one, or made.
    static func note(
        _ slot: LayoutSlot, in container: PlatformView, start: Int, count: Int, origin: CGPoint, path: RenderPath, visible: CGRect,
        render: Int, list: RenderedList?
    ) {
        if let record = slot.renderRecord {
            if !record.isIn(container) { record.move(to: container) }
            record.start = start
            record.count = count
            record.origin = origin
            record.path = path
            record.visible = visible
            record.render = render
            record.list = list
        } else {
            let made = RenderRecord(
                container: container, start: start, count: count, origin: origin, path: path, visible: visible, render: render)
            made.list = list
            slot.renderRecord = made
        }
    }
}

/// Renders builder slots whose output changed in place (same size, nothing above them laid out
/// again) without walking the rest of the tree: the slot's items are collected again at the place
/// they were rendered and matched one for one with the views they had. Anything else — a different
/// number of items, other keys or view types — falls back to a full render.
@MainActor
enum RenderPatch {
    /// Patches every slot in `slots` (outermost ones only); false when a full render is needed.
    /// (Unretained, as the layout listed them: see `LayoutContext.changedInPlace`.)
    static func apply(_ slots: [Unmanaged<LayoutSlot>], engine: ComponentEngine) -> Bool {
        // Slots of one depth (the rows of a list) cannot contain one another: no set to hash.
        var (shallowest, deepest) = (Int.max, Int.min)
        for slot in slots {
            let depth = Borrowed.with(slot) { $0.depth }
            (shallowest, deepest) = (min(shallowest, depth), max(deepest, depth))
        }
        var changed = Set<ObjectIdentifier>()
        if shallowest != deepest { for slot in slots { changed.insert(ObjectIdentifier(slot.takeUnretainedValue())) } }
        for slot in slots {
            guard Borrowed.with(slot, { patch($0, changed, engine: engine) }) else { return false }
        }
        return true
    }

    /// Patches `slot` unless an ancestor in `changed` renders it; false when a full render is needed.
    private static func patch(_ slot: LayoutSlot, _ changed: Set<ObjectIdentifier>, engine: ComponentEngine) -> Bool {
        guard changed.isEmpty || !hasChangedAncestor(slot, changed) else { return true }
        // Never rendered (not visible so far, or below a node that hides it from render): only a
        // full render knows.
        guard slot.renderRecord != nil else { return false }
        // Borrowed: the slot holds its record, and a patch updates it in place.
        let record = Unmanaged.passUnretained(slot.renderRecord.unsafelyUnwrapped)
        // Rendered before but not by the last full render: not visible, and it did not move.
        guard Borrowed.with(record, { $0.render == engine.renderCount }) else { return true }
        return Borrowed.with(record, { patch(slot, $0, engine: engine) })
    }

    /// (Each ancestor named by its unretained reference, as `LayoutContext.invalidate` walks them.)
    private static func hasChangedAncestor(_ slot: LayoutSlot, _ changed: Set<ObjectIdentifier>) -> Bool {
        var ancestor = slot.parentReference
        while let next = ancestor {
            if changed.contains(ObjectIdentifier(next.takeUnretainedValue())) { return true }
            ancestor = Borrowed.with(next) { $0.parentReference }
        }
        return false
    }

    private static func patch(_ slot: LayoutSlot, _ record: RenderRecord, engine: ComponentEngine) -> Bool {
        guard let container = record.container(in: engine) else { return false }
        if slot.isViewLeaf { return patchLeaf(slot, record, in: container, engine: engine) }
        // A list whose rows only traded places (its builder is memoized: it rebuilt alone).
        if record.list != nil, ListPatch.patch(slot, record, in: container, engine: engine) {
            engine.stats.listPatches += 1
            return true
        }
        // Read before the walk, which records the slot's range anew.
        let (start, expected, visible) = (record.start, record.count, record.visible)
        let scratch = RenderScratch.acquire()
        defer { RenderScratch.release() }
        // Collected where it was rendered, matched against nothing: its items must be the views it
        // had, one for one. Its records wait until they are (see `RenderWalk.heldRecords`).
        var walk = RenderWalk(
            container: container, visible: visible, old: [], scratch: scratch, recordOffset: start, render: engine.renderCount)
        defer { walk.finish(into: scratch) }
        walk.heldRecords = []
        walk.collect(slot, origin: record.origin, path: record.path)
        let count = walk.items.count
        let views = container.subviews
        guard count == expected, start + count <= views.count else { return false }
        var offset = 0
        while offset < count {
            let view = views[start + offset]
            guard view.renderKey == walk.items[offset].key, view.renderViewType == walk.items[offset].node.viewType else { return false }
            offset += 1
        }
        walk.commitRecords()
        offset = 0
        while offset < count {
            Reconciler.update(views[start + offset], with: walk.items[offset], visible: visible, engine: engine)
            offset += 1
        }
        return true
    }

    /// A view-leaf slot (a memoized row's label, a boundary's root): its one item is made directly
    /// at its recorded place and range, which stay as they are. False, having done nothing, when
    /// the view there shows another key or type.
    static func patchLeaf(_ slot: LayoutSlot, _ record: RenderRecord, in container: PlatformView, engine: ComponentEngine) -> Bool {
        let subviews = container.subviews
        guard record.count == 1, record.start >= 0, record.start < subviews.count else { return false }
        // Borrowed from the local copy of the list, which holds the view while it is updated (read
        // out of it, the view was retained and released). The copy, not `container.subviews`: an
        // update may change the container's list.
        return Borrowed.with(Borrowed.element(subviews, record.start)) { view in
            guard view.renderViewType == slot.viewType else { return false }
            // A view last configured for this very slot shows its item (`leafSlot` is never a slot
            // that went: the view's node keeps it), under the key it was matched by: its key, its
            // record's path and the slot's id are not read (lines of three objects, cold in a large
            // list).
            guard view.isLeaf(slot) || record.isKey(view.renderKey, ofLeafIdentifiedBy: slot.id) else { return false }
            Reconciler.updateLeaf(view, frame: CGRect(origin: record.origin, size: slot.size), slot: slot, engine: engine)
            return true
        }
    }
}
