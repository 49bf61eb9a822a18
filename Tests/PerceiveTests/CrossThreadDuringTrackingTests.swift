import Foundation
import Perceive
import Synchronization
import Testing

/// What a write made on another thread while a scope is tracking causes, as Docs/Observation.md
/// states it.
@Suite("A write from another thread during tracking")
struct CrossThreadDuringTrackingTests {
    /// Runs `track` on this thread; inside it, before or after reading `value`, another thread
    /// writes it (and this thread waits for that write). Returns how often the scope fired.
    static func fires(writeBeforeRead: Bool) -> Int {
        // The semaphore orders the other thread's write before this thread's read.
        let model = CounterModel()
        return fires(writeBeforeRead: writeBeforeRead, read: { _ = model.count }, write: { model.count += 1 })
    }

    /// The same with a registrar-backed property (hand-written accessors behind a lock).
    static func registrarFires(writeBeforeRead: Bool) -> Int {
        let model = LockedModel()
        return fires(writeBeforeRead: writeBeforeRead, read: { _ = model.value }, write: { model.increment() })
    }

    static func fires(writeBeforeRead: Bool, read: () -> Void, write: @escaping @Sendable () -> Void) -> Int {
        let fired = Atomic<Int>(0)
        let scope = TrackingScope { _ in fired.add(1, ordering: .relaxed) }
        func writeOnAnotherThread() { onAnotherThread(write) }
        scope.track {
            if writeBeforeRead { writeOnAnotherThread() }
            read()
            if !writeBeforeRead { writeOnAnotherThread() }
        }
        // Deliveries run on the writing thread or when the scope arms; give a late one time.
        Thread.sleep(forTimeInterval: 0.05)
        return fired.load(ordering: .relaxed)
    }

    @Test func aWriteAfterTheReadFiresOnce() {
        #expect(Self.fires(writeBeforeRead: false) == 1)
        #expect(Self.registrarFires(writeBeforeRead: false) == 1)
    }

    /// The read sees the new value (its version too), so there is nothing left to report.
    @Test func aWriteBeforeTheReadFiresNothing() {
        for _ in 0..<20 {
            #expect(Self.fires(writeBeforeRead: true) == 0)
            #expect(Self.registrarFires(writeBeforeRead: true) == 0)
        }
    }
}
