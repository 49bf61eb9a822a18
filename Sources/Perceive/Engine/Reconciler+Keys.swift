import Foundation

/// Matching a render's items to the views shown before by key, when the quick probes did not:
/// hashing, and renaming repeated ids.
@MainActor
extension Reconciler {
    /// Renders that renamed repeated ids, in the whole process (main-actor state): tests read it to
    /// know the path ran.
    @exclusivity(unchecked) static var renamingRenders = 0

    /// Matches the items no probe matched by hashing the entries nobody took. False when an item
    /// repeats a key (another item's, or one among the old entries that another item took).
    static func resolve(_ walk: inout RenderWalk) -> Bool {
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
    static func resolveRepeatedKeys(_ walk: inout RenderWalk, engine: ComponentEngine) {
        renamingRenders &+= 1
        // A reused item carries placeholders; its view has its key (never a renamed one: such a
        // view is not reused, see `RenderWalk.isShownUnchanged`) and its node. Renaming goes by
        // order, so every item takes part with its own key.
        for index in walk.items.indices where walk.items[index].reused {
            let view = walk.old[walk.items[index].source]
            walk.items[index] = WalkItem(key: view.renderKey ?? "", frame: walk.items[index].frame, node: view.renderNode, source: -1)
        }
        let keys = uniquingIDs(walk.items.map(\.key), in: { engine.scopeDescription })
        let sources = KeyedDiff.hashedSources(old: walk.old.map { $0.renderKey }, new: keys)
        for index in walk.taken.indices { walk.taken[index] = false }
        for index in walk.items.indices {
            let renamed = keys[index] != walk.items[index].key
            walk.items[index].key = keys[index]
            walk.items[index].renamed = renamed
            walk.items[index].source = sources[index]
            if sources[index] >= 0 {
                walk.taken[sources[index]] = true
                let view = walk.old[sources[index]]
                view.hasRenamedKey = renamed
                // Siblings sharing an id take their slots by order: the slot this view showed may
                // now be another sibling's, its content rebuilt (and perhaps shown by another view
                // already in this render). What the view shows is then unknown: it is configured
                // afresh.
                if let shown = view.renderNode.wrappedSlot, shown !== walk.items[index].node.wrappedSlot { view.forgetRenderedNode() }
            }
        }
        // Forces the general path (the matches are no longer the probes').
        walk.unmatched = max(walk.unmatched, 1)
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
