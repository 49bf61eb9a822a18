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
        actions(sources: sources(old: old, new: new) ?? hashedSources(old: old, new: new), oldCount: old.count)
    }

    /// `sources` by one dictionary over `old`, for lists that break the uniqueness promise
    /// (a repeated new id then takes the last old position of that id).
    static func hashedSources<ID: Hashable>(old: [ID], new: [ID]) -> [Int] {
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, id) in old.enumerated() { oldIndex[id] = index }
        return new.map { oldIndex[$0] ?? -1 }
    }

    /// The actions for `sources` (for each new position, its old position or -1).
    static func actions(sources: [Int], oldCount: Int) -> [DiffAction] {
        var survives = [Bool](repeating: false, count: oldCount)
        for source in sources where source >= 0 { survives[source] = true }
        let stable = longestIncreasingSubsequence(sources)
        var actions: [DiffAction] = []
        actions.reserveCapacity(oldCount + sources.count)
        for index in 0..<oldCount where !survives[index] { actions.append(.delete(oldIndex: index)) }
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
        var tails: [Int] = [] // indexes into values: the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() where value >= 0 {
            // Rising values (most of a list that barely changed) extend the longest run directly.
            if let last = tails.last, values[last] < value {
                previous[index] = last
                tails.append(index)
                continue
            }
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
