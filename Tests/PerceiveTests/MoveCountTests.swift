import Testing

@testable import Perceive

/// The count of moves a list patch reports must be the keyed diff's: `count` minus a longest
/// increasing subsequence of the rows' old places.
@Suite("Move count of a patched list")
struct MoveCountTests {
    /// The moves the public keyed diff makes turning `0..<count` into the list with `changed` rows
    /// holding `sources`.
    private func diffMoves(count: Int, changed: [Int], sources: [Int]) -> Int {
        var new = Array(0..<count)
        for (offset, index) in changed.enumerated() { new[index] = sources[offset] }
        return KeyedDiff.diff(old: Array(0..<count), new: new).filter {
            if case .move = $0 { return true } else { return false }
        }.count
    }

    @Test func aSwapMovesTwoRowsAndAnAdjacentSwapOne() {
        #expect(KeyedDiff.increasingLength(count: 10, changed: [1, 8], sources: [8, 1]) == 8)
        #expect(KeyedDiff.increasingLength(count: 10, changed: [4, 5], sources: [5, 4]) == 9)
        #expect(KeyedDiff.increasingLength(count: 2, changed: [0, 1], sources: [1, 0]) == 1)
    }

    @Test func aRowMovedDownTheListMovesOnce() {
        // Row 2 taken out and put back at 6: rows 3...6 each moved up one place.
        #expect(KeyedDiff.increasingLength(count: 10, changed: [2, 3, 4, 5, 6], sources: [3, 4, 5, 6, 2]) == 9)
        #expect(KeyedDiff.increasingLength(count: 10_000, changed: [0, 9_999], sources: [9_999, 0]) == 9_998)
    }

    @Test func bothMethodsAgreeWithTheKeyedDiffOnRandomReorders() {
        var generator = SeededGenerator(state: 0x5EED_0F_1157)
        for round in 0..<2_000 {
            let count = Int.random(in: 1...60, using: &generator)
            let moved = Int.random(in: 0...min(count, round % 3 == 0 ? count : 6), using: &generator)
            let changed = Array((0..<count).shuffled(using: &generator).prefix(moved)).sorted()
            var sources = changed.shuffled(using: &generator)
            if sources == changed && changed.count > 1 { sources.reverse() }
            let expected = count - diffMoves(count: count, changed: changed, sources: sources)
            #expect(KeyedDiff.increasingLengthOverRuns(count: count, changed: changed, sources: sources) == expected)
            #expect(KeyedDiff.increasingLengthOverValues(count: count, changed: changed, sources: sources) == expected)
        }
    }

    @Test func manyChangedRowsTakeThePassOverEveryValue() {
        let changed = Array(0..<(KeyedDiff.runsCompared + 2))
        let sources = Array(changed.reversed())
        #expect(KeyedDiff.increasingLength(count: 100, changed: changed, sources: sources) == 100 - changed.count + 1)
    }
}
