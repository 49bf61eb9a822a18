import Foundation
import Synchronization
import Testing

@testable import Perceive

/// A `@Perceived` property gets its observation cell on the first read a session records.
@Suite("Observation cells are created on first tracked read")
struct LazyCellTests {
    @Test func anUnobservedPropertyCostsThreeWordsBesideItsValue() {
        #expect(MemoryLayout<Perceived<Int>>.size == MemoryLayout<Int>.size + 3 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<Perceived<String>>.size == MemoryLayout<String>.size + 3 * MemoryLayout<Int>.size)
    }

    @Test func writesBeforeAnyTrackedReadNotifyNobodyAndTheFirstReadStillSubscribes() {
        let model = CounterModel()
        for value in 1...3 { model.count = value }
        model.count += 1
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        scope.track { #expect(model.count == 4) }
        model.count = 5
        #expect(causes.values == ["CounterModel.count"])
        // `$count` is the cell the session linked.
        #expect(model.$count.observerCount == 0)
        scope.track { _ = model.count }
        #expect(model.$count.observerCount == 1)
    }

    @Test func aCellsLinkCounterIsItsFirstStoredPropertyAndCountsItsLinks() {
        let model = CounterModel()
        let first = TrackingScope { _ in }
        let second = TrackingScope { _ in }
        first.track { _ = model.count }
        let cell = model.$count
        // Right after the object's header (two words), inside the cell's own allocation: there is
        // no block of its own to free.
        let object = UnsafeRawPointer(Unmanaged.passUnretained(cell).toOpaque())
        #expect(UnsafeRawPointer(cell.linkCount.pointer) - object == 2 * MemoryLayout<Int>.size)
        #expect(cell.linkCount.pointer.pointee.load(ordering: .acquiring) == 1)
        second.track { _ = model.count }
        #expect(cell.linkCount.pointer.pointee.load(ordering: .acquiring) == 2)
        // A write fires both links and empties the counter, which is what lets the next unobserved
        // write skip the cell's lock.
        model.count = 1
        #expect(cell.linkCount.pointer.pointee.load(ordering: .acquiring) == 0)
        #expect(cell.observerCount == 0)
    }

    @Test func twoThreadsReadingFirstAgreeOnOneCell() {
        // Both threads find no cell and wait for the creation lock, which this test holds; then
        // both scopes must hear the write. A second cell would leave one scope linked to a cell the
        // property no longer holds.
        let model = CounterModel()
        let fired = Atomic<Int>(0)
        let scopes = Mutex<[TrackingScope]>([])
        let group = DispatchGroup()
        _PerceptionRuntime.cellCreation.withLock { _ in
            for _ in 0..<2 {
                group.enter()
                Thread {
                    let scope = TrackingScope { _ in fired.add(1, ordering: .relaxed) }
                    scope.track { _ = model.count }
                    scopes.withLock { $0.append(scope) }
                    group.leave()
                }.start()
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        group.wait()
        model.count = 1
        #expect(fired.load(ordering: .relaxed) == 2)
        #expect(model.$count.observerCount == 0)
        withExtendedLifetime(scopes) {}
    }
}
