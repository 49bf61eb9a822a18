/// Orders a flush round's engines by depth, shallowest first, stably (engines of one depth keep
/// the order they became dirty in), with lists it keeps: ordering a round allocates nothing once
/// they have grown.
///
/// A short round is ordered by insertion (one pass when already ordered, as a round of rows of one
/// depth is), a long one by counting depths, in O(engines + depth). No comparator runs: a
/// main-actor closure handed to `sorted` checks the executor on every call.
@MainActor
struct RoundOrder {
    /// The depth of each engine of the round, in the round's order (see `note`).
    private var depths: [Int] = []
    private var deepest = 0
    /// A counting sort's starts and copy of the round.
    private var starts: [Int] = []
    private var copy: [Unmanaged<ComponentEngine>] = []

    /// Rounds this long or shorter are ordered by insertion.
    static let insertionLimit = 16

    /// Notes the depth of the engine just added to the round.
    mutating func note(_ depth: Int) {
        depths.append(depth)
        deepest = max(deepest, depth)
    }

    /// Orders `round`, whose engines' depths were noted in order (one for each of its engines),
    /// and forgets the depths.
    mutating func sort(_ round: inout [Unmanaged<ComponentEngine>]) {
        assert(depths.count == round.count, "a depth noted for every engine of the round")
        if round.count > Self.insertionLimit { countingSort(&round) } else { insertionSort(&round) }
        depths.clearKeepingStorage()
        deepest = 0
    }

    private mutating func insertionSort(_ round: inout [Unmanaged<ComponentEngine>]) {
        var index = 1
        while index < round.count {
            let depth = depths[index]
            if depths[index - 1] > depth {
                let engine = round[index]
                var slot = index
                while slot > 0 && depths[slot - 1] > depth {
                    depths[slot] = depths[slot - 1]
                    round[slot] = round[slot - 1]
                    slot -= 1
                }
                depths[slot] = depth
                round[slot] = engine
            }
            index += 1
        }
    }

    private mutating func countingSort(_ round: inout [Unmanaged<ComponentEngine>]) {
        // starts[d]: where the engines at depth d go next.
        starts.append(contentsOf: repeatElement(0, count: deepest + 2))
        for depth in depths { starts[depth + 1] += 1 }
        for depth in 0...deepest { starts[depth + 1] += starts[depth] }
        copy.append(contentsOf: round)
        for index in copy.indices {
            let depth = depths[index]
            round[starts[depth]] = copy[index]
            starts[depth] += 1
        }
        starts.removeAll(keepingCapacity: true)
        copy.removeAll(keepingCapacity: true)
    }
}
