/// One step turning an old list of ids into a new one.
public enum DiffAction: Equatable, Sendable, CustomStringConvertible {
    /// The item at `oldIndex` is gone.
    case delete(oldIndex: Int)
    /// The item stays, and its relative order too (it is on the longest increasing subsequence).
    case keep(oldIndex: Int, newIndex: Int)
    /// The item stays but must move to `newIndex`.
    case move(oldIndex: Int, newIndex: Int)
    /// A new item appears at `newIndex`.
    case insert(newIndex: Int)

    public var description: String {
        switch self {
        case .delete(let old): return "delete \(old)"
        case .keep(let old, let new): return "keep \(old)→\(new)"
        case .move(let old, let new): return "move \(old)→\(new)"
        case .insert(let new): return "insert \(new)"
        }
    }
}

/// The keyed diff the engine reconciles views with: a pure function, tested by exact action lists.
public enum KeyedDiff {
    /// Actions turning `old` into `new` (both lists of unique ids): first every `delete` in
    /// ascending old index, then one action per new index in order. Items whose relative order is
    /// preserved form a longest increasing subsequence and are kept; the other survivors move, so the
    /// number of moves is minimal.
    public static func diff<ID: Hashable>(old: [ID], new: [ID]) -> [DiffAction] {
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, id) in old.enumerated() { oldIndex[id] = index }
        // For each new position, the old position of the same id (or -1 for an insert).
        var sources = [Int](repeating: -1, count: new.count)
        var survives = [Bool](repeating: false, count: old.count)
        for (index, id) in new.enumerated() {
            if let previous = oldIndex[id] {
                sources[index] = previous
                survives[previous] = true
            }
        }
        let stable = longestIncreasingSubsequence(sources)
        var actions: [DiffAction] = []
        actions.reserveCapacity(old.count + new.count)
        for index in old.indices where !survives[index] { actions.append(.delete(oldIndex: index)) }
        for (index, source) in sources.enumerated() {
            if source < 0 {
                actions.append(.insert(newIndex: index))
            } else if stable[index] {
                actions.append(.keep(oldIndex: source, newIndex: index))
            } else {
                actions.append(.move(oldIndex: source, newIndex: index))
            }
        }
        return actions
    }

    /// Marks the positions of `values` (ignoring negative ones) that form a longest strictly
    /// increasing subsequence; O(n log n) patience sorting with back-pointers.
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []          // indexes into values: the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() where value >= 0 {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var marked = [Bool](repeating: false, count: values.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            marked[cursor] = true
            cursor = previous[cursor]
        }
        return marked
    }
}
