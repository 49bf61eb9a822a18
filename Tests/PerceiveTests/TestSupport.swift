import Foundation
import Perceive
import Synchronization

/// A thread-safe recorder for values seen by `@Sendable` handlers in tests.
/// Runs `body` on a new thread and waits until it returns.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}

final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

// Touched from one thread at a time in tests; `@unchecked` lets `@Sendable` handlers capture it.
final class CounterModel: Perceptible, @unchecked Sendable {
    @Perceived var count = 0
    @Perceived var title = "title"
    @Perceived var items: [Int] = []
}

class BaseModel: Perceptible {
    @Perceived var inherited = 0
}

final class DerivedModel: BaseModel {
    @Perceived var own = 0
}

/// A model whose property has custom, lock-protected storage and a hand-written accessor.
final class LockedModel: Perceptible, Sendable {
    private let registrar = PerceptionRegistrar()
    private let storage = Mutex(0)
    var value: Int {
        get {
            registrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 = newValue } }
        }
    }
    func increment() {
        registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 += 1 } }
    }
}

/// Runs `body` with the diagnostics it reports captured instead of printed: for tests that build
/// shapes the debug-default checks flag on purpose. Synchronous only — captures are a per-thread
/// stack, and main-actor tests interleave at their awaits.
@MainActor func quietly(_ body: () -> Void) {
    _ = Diagnostics.capture(body)
}

/// Runs `body` with `options` as the diagnostics' checks, restoring them after (process-wide:
/// only inside the serialized `GlobalCheckingState` suite).
func withOptions<T>(_ options: Diagnostics.Options, _ body: () throws -> T) rethrows -> T {
    let saved = Diagnostics.options
    Diagnostics.options = options
    defer { Diagnostics.options = saved }
    return try body()
}
