extension KeyedDiff {
    /// The length of a longest increasing subsequence of the sequence of `count` values that is
    /// `0..<count` except at the (ascending) indexes `changed`, which hold `sources` instead: a list
    /// in which only those rows changed places (`sources` is a permutation of `changed`). The
    /// number of moves the keyed diff makes for it is `count` minus this.
    static func increasingLength(count: Int, changed: [Int], sources: [Int]) -> Int {
        changed.count <= runsCompared
            ? increasingLengthOverRuns(count: count, changed: changed, sources: sources)
            : increasingLengthOverValues(count: count, changed: changed, sources: sources)
    }

    /// Above this many changed rows, `increasingLengthOverRuns` (quadratic in them) would cost more
    /// than one pass over the whole list.
    static let runsCompared = 48

    /// The same length without visiting the rows that kept their place: a run of them between two
    /// changed indexes holds consecutive values, and no other value of the sequence lies inside its
    /// range (every other value is a changed index). An increasing subsequence that takes part of
    /// such a run can take all of it, so the run counts as one element weighing its length, and a
    /// longest subsequence is found over at most `2 × changed + 1` elements instead of `count`.
    static func increasingLengthOverRuns(count: Int, changed: [Int], sources: [Int]) -> Int {
        // Each element's first and last value, and its weight, in list order.
        var first: [Int] = []
        var last: [Int] = []
        var weight: [Int] = []
        let capacity = 2 &* changed.count &+ 1
        first.reserveCapacity(capacity)
        last.reserveCapacity(capacity)
        weight.reserveCapacity(capacity)
        var runStart = 0
        for (offset, index) in changed.enumerated() {
            if index > runStart {
                first.append(runStart)
                last.append(index &- 1)
                weight.append(index &- runStart)
            }
            first.append(sources[offset])
            last.append(sources[offset])
            weight.append(1)
            runStart = index &+ 1
        }
        if count > runStart {
            first.append(runStart)
            last.append(count &- 1)
            weight.append(count &- runStart)
        }
        // best[t]: the heaviest increasing chain of elements ending with element t.
        var best = [Int](repeating: 0, count: weight.count)
        var longest = 0
        for element in weight.indices {
            var before = 0
            for earlier in 0..<element where last[earlier] < first[element] && best[earlier] > before { before = best[earlier] }
            best[element] = before &+ weight[element]
            if best[element] > longest { longest = best[element] }
        }
        return longest
    }

    /// The same length by patience sorting over every value (rows in place extend the longest run
    /// directly), for many changed rows.
    static func increasingLengthOverValues(count: Int, changed: [Int], sources: [Int]) -> Int {
        // The smallest last value of an increasing run of each length.
        var tails: [Int] = []
        tails.reserveCapacity(count)
        var next = 0
        var index = 0
        while index < count {
            var value = index
            if next < changed.count && changed[next] == index {
                value = sources[next]
                next += 1
            }
            if let last = tails.last, last < value {
                tails.append(value)
            } else {
                var (low, high) = (0, tails.count)
                while low < high {
                    let middle = (low + high) / 2
                    if tails[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low == tails.count { tails.append(value) } else { tails[low] = value }
            }
            index += 1
        }
        return tails.count
    }
}
