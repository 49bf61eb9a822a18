import Testing

@testable import Perceive

/// Emptying a list while keeping its storage, however long it is.
@Suite("Lists emptied for reuse")
struct ArrayStorageTests {
    /// Counts the elements alive (one counter per test case: the cases run in parallel).
    final class Counter { var alive = 0 }

    final class Tracked {
        let counter: Counter
        init(_ counter: Counter) {
            self.counter = counter
            counter.alive += 1
        }
        deinit { counter.alive -= 1 }
    }

    @Test(arguments: [0, 1, 4, 5, 1_000])
    func anEmptiedListKeepsItsStorageAndReleasesWhatItHeld(count: Int) {
        let counter = Counter()
        var list = (0..<count).map { _ in Tracked(counter) }
        list.reserveCapacity(max(count, 8))
        let capacity = list.capacity
        let storage = list.withUnsafeBufferPointer { $0.baseAddress }
        #expect(counter.alive == count)
        list.clearKeepingStorage()
        #expect(list.isEmpty)
        #expect(list.capacity == capacity)
        #expect(list.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(counter.alive == 0)
        list.append(Tracked(counter))
        #expect(list.withUnsafeBufferPointer { $0.baseAddress } == storage)
        list.clearKeepingStorage()
        #expect(counter.alive == 0)
    }
}
