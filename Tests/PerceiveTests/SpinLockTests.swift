import Foundation
import Testing

@testable import Perceive

/// A counter only ever changed under its lock (the test's own shared state).
private final class LockedCounter: @unchecked Sendable {
    let lock = SpinLock()
    var value = 0
}

@Suite("SpinLock")
struct SpinLockTests {
    /// Four threads take the lock 50,000 times each, with a preemption-prone critical section (the
    /// holder yields while it holds the lock now and then): no increment is lost or doubled.
    @Test func everyIncrementUnderContentionLands() {
        let counter = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for index in 0..<50_000 {
                counter.lock.lock()
                let seen = counter.value
                if index % 5_000 == 0 { Thread.sleep(forTimeInterval: 0.0001) }
                counter.value = seen + 1
                counter.lock.unlock()
            }
        }
        #expect(counter.value == 200_000)
    }

    /// A cell's links and name, guarded by its lock, stay consistent when many threads arm scopes
    /// on one cell while others write it: afterwards each scope, armed once more, hears the next
    /// write exactly once, and the write after that reaches nobody.
    @Test func aCellWrittenAndArmedFromManyThreadsEndsConsistent() {
        let model = LockedModel()
        let heard = Recorder<Int>()
        let scopes = (0..<32).map { index in TrackingScope(bridgesObservation: false) { _ in heard.append(index) } }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<500 {
                for (index, scope) in scopes.enumerated() where index % 4 == thread { scope.track { _ = model.value } }
                if round % 2 == 0 { model.increment() }
            }
        }
        for scope in scopes { scope.track { _ = model.value } }
        let before = heard.count
        model.increment()
        #expect(heard.count == before + scopes.count)
        #expect(Set(heard.values.suffix(scopes.count)) == Set(0..<scopes.count))
        model.increment()
        #expect(heard.count == before + scopes.count)
    }
}
