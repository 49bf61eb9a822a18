import Foundation

/// A slot's layout node as a full render collected it whole: every child visible, each one a
/// view-leaf slot showing one view, in order — the rows of a list. The views of child `i` are the
/// container's subviews at the slot's record start + `i`.
///
/// It also notes how far `slotOutputChanges` was ahead of its slot's `version` when it was made:
/// while the two move together — no other slot's output replaced since, nor any view's rendering
/// dropped — every row still shows what it showed then (a render that collects a list whole
/// configures every row's view), and a patch need not look at each row.
///
/// A class: a render record keeps one word for it (most records are a row's or a label's, and
/// hold no list) instead of three.
@MainActor
final class RenderedList {
    let children: [any RenderNode]
    let positions: [CGPoint]
    /// `slotOutputChanges` less the slot's `version` when the list was made: the two move together
    /// while only the slot's own output is replaced. (One word: a record is kept per slot.)
    let changesBeyondOwner: Int

    init(children: [any RenderNode], positions: [CGPoint], owner: LayoutSlot) {
        (self.children, self.positions) = (children, positions)
        changesBeyondOwner = slotOutputChanges &- owner.version
    }

    /// Whether every row still shows what it showed when the list was made (see above): all
    /// replaced outputs since were `owner`'s own.
    func rowsAreAsRendered(_ owner: LayoutSlot) -> Bool {
        slotOutputChanges &- owner.version == changesBeyondOwner
    }
}

/// Renders a reordered list without walking it: when a slot's node is the list it last rendered
/// whole (see `RenderedList`), with the same children at the same positions except some rows that
/// traded places (a swap, a move within the list), only those rows' views are moved — the rest
/// are not looked at beyond comparing their nodes' words and versions. The outcome is the full
/// render's: the same views in the same order, at the same frames, the same count of moves.
/// Anything else — another count of children, a row changed since it was rendered, a row without
/// an explicit id that changed places, a scroll, rows repeating an id — renders in full.
@MainActor
enum ListPatch {
    /// Whether `root` is a slot whose last full render collected its list whole (the first thing
    /// `apply` needs; most roots are not).
    @inline(__always)
    static func mayApply(_ root: any RenderNode) -> Bool {
        guard let slot = root.wrappedSlot else { return false }
        return slot.renderRecord?.list != nil
    }

    /// Patches the engine's root node into `container`, which shows `visible`; false, having done
    /// nothing, when a full render is needed.
    static func apply(_ root: any RenderNode, in container: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        guard let owner = root.wrappedSlot, let record = owner.renderRecord, sameRect(record.visible, visible) else { return false }
        return patch(owner, record, in: container, engine: engine)
    }

    /// Patches `owner`'s list where `record` says it was rendered (in `container`, with the same
    /// visible region); false, having done nothing, when that is not possible.
    static func patch(_ owner: LayoutSlot, _ record: RenderRecord, in container: PlatformView, engine: ComponentEngine) -> Bool {
        // (Rows repeating an id are renamed by their order: a full render names them again.)
        guard SlotBits.holds, owner.innerIsPlain, let list = record.list, record.isIn(container), record.render == engine.renderCount,
            !container.hasRenamedSubviews
        else { return false }
        let children = owner.inner.children
        let positions = owner.inner.positions
        let (count, start) = (children.count, record.start)
        guard list.children.count == record.count, start >= 0, container.subviews.count >= start + record.count else { return false }
        if count < list.children.count {
            return removeRows(owner, record, list, children, positions, in: container, engine: engine)
        }
        guard count == list.children.count, NodeWords.samePoints(positions, list.positions) else { return false }
        // The rows whose node differs from the one at their index last time.
        let changed = NodeWords.differing(children, list.children)
        guard !changed.isEmpty else { return false }
        // Each must be a row of the list that moved here, unchanged since it was rendered; together
        // they must fill exactly the places they left.
        var sources: [Int] = []
        sources.reserveCapacity(changed.count)
        for index in changed {
            guard let slot = SlotBits.slot(in: children, at: index), slot.isViewLeaf, slot.isNamed,
                slot.renderedVersion == slot.version, let rowRecord = slot.renderRecord, rowRecord.isIn(container),
                rowRecord.render == engine.renderCount, rowRecord.count == 1
            else { return false }
            let source = rowRecord.start - start
            guard source >= 0, source < count, NodeWords.same(children, index, list.children, source) else { return false }
            sources.append(source)
        }
        guard Set(sources) == Set(changed) else { return false }
        // Rows that kept their place must still show what they showed.
        guard list.rowsAreAsRendered(owner) || unchangedSinceRendered(children, except: changed) else { return false }
        move(changed, from: sources, children: children, positions: positions, at: (start, record.origin), in: container, engine: engine)
        record.list = RenderedList(children: children, positions: positions, owner: owner)
        return true
    }

    /// The list lost one run of rows and kept the others in order (a removal): the run's views go
    /// (to the reuse pool, as a full render's would), the views after it take their new frames and
    /// places. Only for a list at the end of its container (the places of views after it would
    /// change too).
    private static func removeRows(
        _ owner: LayoutSlot, _ record: RenderRecord, _ list: RenderedList, _ children: [any RenderNode], _ positions: [CGPoint],
        in container: PlatformView, engine: ComponentEngine
    ) -> Bool {
        let (old, start, count) = (list.children, record.start, children.count)
        guard start + old.count == container.subviews.count, positions.count == count else { return false }
        let prefix = NodeWords.commonPrefix(children, old)
        let suffix = NodeWords.commonSuffix(children, old, limit: count - prefix)
        // Every row kept, in order; the rows before the removed ones where they were.
        guard prefix + suffix == count, NodeWords.samePoints(positions, list.positions, first: prefix),
            list.rowsAreAsRendered(owner) || unchangedSinceRendered(children, except: [])
        else { return false }
        let removed = old.count - count
        container.reorderSubviews { views in
            for view in views[(start + prefix)..<(start + prefix + removed)] { Reconciler.remove(view, engine: engine) }
            let gone = Array(views[(start + prefix)..<(start + prefix + removed)])
            views.removeSubrange((start + prefix)..<(start + prefix + removed))
            for view in gone { view.leaveSuperview() }
        }
        // The rows after the removed ones take their new frames and places: half a list on
        // average. Each row's slot is held unretained (the list holds it), and so is its view (read
        // from an immutable copy of the subviews: one retain of the list, none per view).
        let views = container.subviews
        var index = prefix
        let (slotType, listOrigin) = (SlotBits.slotType, record.origin)
        while index < count {
            let placed = SlotBits.withSlot(in: children, at: index, type: slotType) { slot in
                let origin = CGPoint(x: listOrigin.x + positions[index].x, y: listOrigin.y + positions[index].y)
                if let rowRecord = slot.renderRecord { (rowRecord.start, rowRecord.origin) = (start + index, origin) }
                return CGRect(origin: origin, size: slot.size)
            }
            guard let frame = placed else { break }
            views.withUnretained(at: start + index) { view in
                if !sameRect(view.frame, frame) { view.frame = frame }
            }
            index += 1
        }
        record.count = count
        record.list = RenderedList(children: children, positions: positions, owner: owner)
        return true
    }

    /// Whether every row not in `changed` (sorted) shows its slot's current output.
    private static func unchangedSinceRendered(_ children: [any RenderNode], except changed: [Int]) -> Bool {
        var next = 0
        var index = 0
        while index < children.count {
            if next < changed.count && changed[next] == index {
                next += 1
            } else {
                guard let slot = SlotBits.slot(in: children, at: index), slot.renderedVersion == slot.version else { return false }
            }
            index += 1
        }
        return true
    }

    /// Puts the view of each changed row at its new place (after the list's first view, `start`)
    /// and frame (from the list's `origin`), and counts the moves as the reconciler's keyed diff
    /// would (rows off a longest increasing run of old places).
    private static func move(
        _ changed: [Int], from sources: [Int], children: [any RenderNode], positions: [CGPoint], at place: (start: Int, origin: CGPoint),
        in container: PlatformView, engine: ComponentEngine
    ) {
        container.reorderSubviews { views in
            var moving: [PlatformView] = []
            moving.reserveCapacity(sources.count)
            for source in sources { moving.append(views[place.start + source]) }
            for (offset, index) in changed.enumerated() {
                let view = moving[offset]
                views[place.start + index] = view
                guard let slot = SlotBits.slot(in: children, at: index) else { continue }
                let origin = CGPoint(x: place.origin.x + positions[index].x, y: place.origin.y + positions[index].y)
                let frame = CGRect(origin: origin, size: slot.size)
                if !sameRect(view.frame, frame) { view.frame = frame }
                slot.renderRecord?.start = place.start + index
                slot.renderRecord?.origin = origin
            }
        }
        engine.stats.viewsMoved += children.count - KeyedDiff.increasingLength(count: children.count, changed: changed, sources: sources)
    }

    @inline(__always)
    private static func sameRect(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width && a.size.height == b.size.height
    }
}
