import Foundation

/// How a walk matches each item it finds with what the container showed before, and notes where a
/// builder slot's items went.
extension RenderWalk {
    /// Appends an item, matched with a rendered entry if one of the probes finds its key. (The node
    /// comes in a handle: a bare `any RenderNode` parameter let the optimizer specialize the
    /// function for the node's opened type, which boxed the node again on entry — an allocation for
    /// a large node — to copy it into the item.)
    mutating func emit(_ key: String, _ frame: CGRect, _ node: consuming NodeHandle, hint: Int) {
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
        items.append(WalkItem(key: key, frame: frame, node: node.take(), source: source))
    }

    @inline(__always)
    func probe(_ index: Int, _ key: String) -> Bool {
        index >= 0 && index < old.count && !taken[index] && old[index].renderKey == key
    }

    /// Remembers where a builder slot's items are among the container's entries (see `RenderPatch`).
    mutating func record(_ slot: LayoutSlot, start: Int, count: Int, origin: CGPoint, path: RenderPath) {
        var list: RenderedList?
        if let whole = wholeList, whole.slot == ObjectIdentifier(slot) {
            list = whole.list
            wholeList = nil
            recordedList = true
        }
        if heldRecords != nil {
            heldRecords!.append(HeldRecord(slot: slot, start: recordOffset + start, count: count, origin: origin, path: path, list: list))
            return
        }
        RenderRecord.note(
            slot, in: container, start: recordOffset + start, count: count, origin: origin, path: path, visible: visible, render: render,
            list: list)
    }

    /// Writes the records held back (see `heldRecords`), in the order they were made.
    mutating func commitRecords() {
        guard let held = heldRecords else { return }
        heldRecords = nil
        for entry in held {
            RenderRecord.note(
                entry.slot, in: container, start: entry.start, count: entry.count, origin: entry.origin, path: entry.path,
                visible: visible, render: render, list: entry.list)
        }
    }
}

/// A slot's record that a walk made and holds back (see `RenderWalk.heldRecords`).
@MainActor
struct HeldRecord {
    let slot: LayoutSlot
    let start: Int
    let count: Int
    let origin: CGPoint
    let path: RenderPath
    let list: RenderedList?
}
