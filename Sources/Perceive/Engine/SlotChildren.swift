/// What a builder slot knows of the slots below it: its children after the last layout of its
/// body, how this layout finds them again, and what its containers laid out last time.
///
/// Kept apart from `LayoutSlot` and made on first use: most slots are leaves (a list's rows, a
/// boundary's label) that list no child and keep no memo, and would carry these seven fields for
/// nothing — 56 bytes per row, and per idle boundary.
@MainActor
final class SlotChildren {
    // Child slots: those of the last layout of the body. A child listed again keeps its place (the
    // order is what the previous layout found first, then what later layouts added); only new
    // children are collected during a layout, so a list taken as it was appends nothing.
    @exclusivity(unchecked) var childSlots: [LayoutSlot] = []
    @exclusivity(unchecked) var nextChildSlots: [LayoutSlot] = []
    @exclusivity(unchecked) private var cursor = 0
    /// Lookups that missed the cursor in this layout of the body.
    @exclusivity(unchecked) private var misses = 0
    /// Position of each child in `childSlots`, built on the first lookup that misses the cursor.
    @exclusivity(unchecked) private var index: [SlotKey: Int]?
    /// What containers in the body laid out last time (see `ChildReuse`).
    @exclusivity(unchecked) private var memos: [ChildMemo] = []
    /// Per-call-site counts of this layout of the body (see `ChildLayout`).
    @exclusivity(unchecked) var occurrences: [String: Int] = [:]

    /// A new layout of the body starts.
    func begin() {
        cursor = 0
        misses = 0
        // Usually both are empty already (`end` emptied the one, few bodies count call sites):
        // emptying an empty collection still checks its buffer's uniqueness.
        nextChildSlots.clearKeepingStorage()
        if !occurrences.isEmpty { occurrences.removeAll(keepingCapacity: true) }
    }

    /// The child with `key`, if it was a child after the previous layout of the body. Usually the
    /// next one in order (no lookup); otherwise found through an index built once, and the cursor
    /// continues after it, so a moved, inserted or removed child costs one lookup, not one per
    /// child after it.
    func existingChild(_ key: SlotKey) -> LayoutSlot? {
        if cursor < childSlots.count, childSlots[cursor].key == key {
            cursor += 1
            return childSlots[cursor - 1]
        }
        misses += 1
        // The first few misses (a row moved, a swap) scan the list, a comparison of three words per
        // child; a body whose order changed more gets an index.
        if index == nil && misses <= Self.scannedMisses {
            var position = 0
            while position < childSlots.count {
                if childSlots[position].key == key {
                    cursor = position + 1
                    return childSlots[position]
                }
                position += 1
            }
            return nil
        }
        if index == nil {
            var built: [SlotKey: Int] = [:]
            built.reserveCapacity(childSlots.count)
            for (position, child) in childSlots.enumerated() { built[child.key] = position }
            index = built
        }
        guard let position = index?[key] else { return nil }
        cursor = position + 1
        return childSlots[position]
    }

    /// Lookups that miss the cursor and scan, per layout of the body, before an index is built.
    private static let scannedMisses = 8

    /// Advances the lookup past `child`, taken without a lookup.
    @inline(__always)
    func passed(_ child: LayoutSlot) {
        if cursor < childSlots.count, childSlots[cursor] === child { cursor += 1 }
    }

    /// The memo of the container of `type` at `path`, marked used by body pass `pass`.
    func memo(path: Int, type: ObjectIdentifier, pass: Int) -> ChildMemo? {
        for memo in memos where memo.path == path && memo.type == type {
            memo.pass = pass
            return memo
        }
        return nil
    }

    /// Keeps `memo` for the container at its place (replacing the one there).
    func remember(_ memo: ChildMemo, pass: Int) {
        memo.pass = pass
        for index in memos.indices where memos[index].path == memo.path && memos[index].type == memo.type {
            memos[index] = memo
            return
        }
        memos.append(memo)
    }

    /// Drops the memos of containers body pass `pass` did not lay out.
    func sweepMemos(pass: Int) {
        // A loop, not `removeAll(where:)`: its closure would be main-actor isolated and check the
        // executor on every call (a nested boundary's parent sweeps on every reload).
        var kept = 0
        var index = 0
        while index < memos.count {
            if memos[index].pass == pass {
                if kept != index { memos.swapAt(kept, index) }
                kept += 1
            }
            index += 1
        }
        if kept < memos.count { memos.removeSubrange(kept...) }
    }

    /// Ends body pass `pass`, which listed `kept` of the previous children again: children it
    /// did not list left the tree. Returns them.
    func end(pass: Int, kept keptChildren: Int) -> [LayoutSlot] {
        // Every previous child listed again and none new (a reload that changed no structure).
        if keptChildren == childSlots.count && nextChildSlots.isEmpty {
            if index != nil { index = nil }
            return []
        }
        let gone = keptChildren != childSlots.count ? removeUnlisted(pass: pass) : []
        if !nextChildSlots.isEmpty { childSlots.append(contentsOf: nextChildSlots) }
        nextChildSlots.clearKeepingStorage()
        index = nil
        return gone
    }

    /// Removes the children pass `pass` did not list, in place (the others keep their order and
    /// are only moved, not retained again), and returns them.
    private func removeUnlisted(pass: Int) -> [LayoutSlot] {
        let kept = childSlots.withUnsafeMutableBufferPointer { buffer -> Int in
            var write = 0
            for read in 0..<buffer.count where buffer[read].listedPass == pass {
                if read != write { buffer.swapAt(read, write) }
                write &+= 1
            }
            return write
        }
        let gone = Array(childSlots[kept...])
        childSlots.removeSubrange(kept...)
        return gone
    }
}
