extension KeyedDiff {
    /// For each position of `new`, the position of the same id in `old` (or -1 for a new id), or
    /// `nil` when `new` repeats an id. `old` must hold unique ids (it is what was shown).
    ///
    /// Most changes touch a few positions of a long list, so ids are hashed only where the lists
    /// disagree: a common prefix and suffix are matched by comparison, then the middle by offset,
    /// and only what is left over goes through a dictionary. Ids found at their old offset cannot
    /// appear anywhere else in `old` (it is unique), so matching them first never changes a result.
    static func sources<Old: RandomAccessCollection, New: RandomAccessCollection>(old: Old, new: New) -> [Int]?
    where Old.Element == New.Element, Old.Element: Hashable, Old.Index == Int, New.Index == Int {
        let oldCount = old.count, newCount = new.count
        let oldStart = old.startIndex, newStart = new.startIndex
        var sources = [Int](repeating: -1, count: newCount)
        let shorter = min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter && old[oldStart + prefix] == new[newStart + prefix] {
            sources[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < shorter - prefix && old[oldStart + oldCount - 1 - suffix] == new[newStart + newCount - 1 - suffix] {
            sources[newCount - 1 - suffix] = oldCount - 1 - suffix
            suffix += 1
        }
        let oldEnd = oldCount - suffix, newEnd = newCount - suffix
        guard prefix < newEnd || prefix < oldEnd else { return sources }
        // The middle, matched by offset; what disagrees is kept for hashing.
        var strayOld: [Int] = []
        var strayNew: [Int] = []
        for index in prefix..<max(oldEnd, newEnd) {
            let inOld = index < oldEnd, inNew = index < newEnd
            if inOld && inNew && old[oldStart + index] == new[newStart + index] {
                sources[index] = index
            } else {
                if inOld { strayOld.append(index) }
                if inNew { strayNew.append(index) }
            }
        }
        guard !strayNew.isEmpty else { return sources }
        var unmatched: [Old.Element: Int] = [:]
        unmatched.reserveCapacity(strayOld.count)
        for index in strayOld { unmatched[old[oldStart + index]] = index }
        // Ids found nowhere among the unmatched old ones: new, or a repeat of a matched id.
        var fresh = Set<Old.Element>()
        var everyOld: Set<Old.Element>? = nil
        for index in strayNew {
            let id = new[newStart + index]
            if let source = unmatched.removeValue(forKey: id) {
                sources[index] = source
                continue
            }
            if everyOld == nil { everyOld = Set(old) }
            // In `old` but no longer unmatched: taken by an earlier position of `new`.
            if everyOld!.contains(id) || !fresh.insert(id).inserted { return nil }
        }
        return sources
    }
}
