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
}
