import Foundation
import Perceive
import Synchronization
import Testing

/// A scope re-armed by a dedicated thread whenever it was invalidated.
private final class Armer: @unchecked Sendable {
    // `lastRead`, `scope` and `rearms` are touched by the arming thread only (and read after it ends).
    var lastRead: [Int] = []
    var scope: TrackingScope?
    var rearms = 0
    let dirty = Mutex(true)

    func takeDirty() -> Bool {
        dirty.withLock { dirty in
            defer { dirty = false }; return dirty
        }
    }
}

private final class WriterCount: Sendable {
    let value = Atomic<Int>(0)
}

@Suite("Observation across threads")
struct ObservationConcurrencyTests {
    /// 8 writer threads × 10,000 writes while scopes re-arm on another thread. When the writers are
    /// done, every scope must either be invalidated (a reload is due) or have read the final values.
    @Test func concurrentWritesAreNeverLost() async {
        let models = (0..<8).map { _ in LockedModel() }
        let writesPerThread = 10_000
        let finishedWriters = WriterCount()
        let armers = (0..<4).map { _ in Armer() }
        for armer in armers {
            armer.scope = TrackingScope { [unowned armer] _ in armer.dirty.withLock { $0 = true } }
        }
        let armingThread = Thread {
            repeat {
                for armer in armers where armer.takeDirty() {
                    armer.lastRead = armer.scope!.track { models.map(\.value) }
                    armer.rearms += 1
                }
            } while finishedWriters.value.load(ordering: .acquiring) < models.count
        }
        armingThread.start()
        await withTaskGroup(of: Void.self) { group in
            for model in models {
                group.addTask {
                    for _ in 0..<writesPerThread { model.increment() }
                    finishedWriters.value.add(1, ordering: .acquiringAndReleasing)
                }
            }
        }
        while !armingThread.isFinished { try? await Task.sleep(nanoseconds: 1_000_000) }
        let finals = models.map(\.value)
        #expect(finals == Array(repeating: writesPerThread, count: models.count))
        for armer in armers {
            let isDirty = armer.dirty.withLock { $0 }
            #expect(isDirty || armer.lastRead == finals, "a scope armed with stale values was never invalidated")
            #expect(armer.rearms >= 1)
        }
    }

    /// Scopes re-arm from their own handlers while 4 threads write and the test cancels them all
    /// midway: every handler is released exactly once (after the delivery running it, if any),
    /// and no handler runs after its scope's cancellation returned and the writers stopped.
    @Test func cancellingWhileOtherThreadsDeliverReleasesEachHandlerOnce() async {
        final class Captured: Sendable {
            let released: WriterCount
            init(_ released: WriterCount) { self.released = released }
            deinit { released.value.add(1, ordering: .relaxed) }
        }
        final class Holder: @unchecked Sendable { var scope: TrackingScope? }
        let model = LockedModel()
        let released = WriterCount()
        let deliveries = WriterCount()
        let holders = (0..<64).map { _ in Holder() }
        for holder in holders {
            let captured = Captured(released)
            holder.scope = TrackingScope { [unowned holder] _ in
                _ = captured
                deliveries.value.add(1, ordering: .relaxed)
                holder.scope?.track { _ = model.value }
            }
            holder.scope?.track { _ = model.value }
        }
        let scopes = holders.map { $0.scope! }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<2_000 { model.increment() } }
            }
            group.addTask { for scope in scopes { scope.cancel() } }
        }
        #expect(released.value.load(ordering: .relaxed) == holders.count)
        let settled = deliveries.value.load(ordering: .relaxed)
        model.increment()
        #expect(deliveries.value.load(ordering: .relaxed) == settled)
        #expect(scopes.allSatisfy { !$0.isArmed })
    }
}
