import Foundation

/// A stack pass's children's sizes, collected only where they differ from the previous layout's.
///
/// When a list's builder runs again (a swap, a rebuilt row of the same size), every child usually
/// comes back with the size the child at its index had. While that holds, nothing is collected:
/// the count of matching children is kept, and at the end the previous layout's own array is the
/// answer (no array of the list's length made, filled and compared on every reload). At the first
/// child whose size differs, or a run taken from another place, the matching prefix is copied and
/// sizes are collected one by one from there.
@MainActor
struct StackSizes {
    /// The sizes of the previous layout under the same settings (empty: none, collect from the
    /// start).
    private let previous: [CGSize]
    /// The number of children the pass expects (room reserved once sizes are collected).
    private let expected: Int
    /// While `collecting` is false: how many children so far matched `previous`, index for index.
    private var matched = 0
    private var collecting: Bool
    private var collected: [CGSize] = []

    init(previous: [CGSize]?, expected: Int) {
        self.previous = previous ?? []
        self.expected = expected
        collecting = previous == nil
        if collecting { collected.reserveCapacity(expected) }
    }

    /// The next child's size.
    mutating func append(_ size: CGSize) {
        if !collecting {
            // Exact comparison: NaN never matches, and a child whose size is not a number is
            // collected as it is.
            if matched < previous.count, previous[matched].width == size.width, previous[matched].height == size.height {
                matched += 1
                return
            }
            startCollecting()
        }
        collected.append(size)
    }

    /// The sizes of the next `count` children: `source[from..<from + count]`, the sizes of a run
    /// taken from the previous layout (`source` is that layout's sizes).
    mutating func append(run source: [CGSize], from: Int, count: Int) {
        if !collecting {
            // The run is where it was, in the array the matching is against.
            if from == matched, from + count <= previous.count, source.sharesStorage(with: previous) {
                matched += count
                return
            }
            startCollecting()
        }
        collected.append(contentsOf: source[from..<(from + count)])
    }

    /// Every child's size in order, once every child was measured: the previous layout's array
    /// itself when each child matched it (`isPrevious`).
    mutating func finish() -> (sizes: [CGSize], isPrevious: Bool) {
        if !collecting {
            if matched == previous.count { return (previous, true) }
            startCollecting()
        }
        return (collected, false)
    }

    private mutating func startCollecting() {
        collecting = true
        collected.reserveCapacity(expected)
        collected.append(contentsOf: previous[0..<matched])
    }
}
