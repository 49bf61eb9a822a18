import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Perceive

/// The main actor is recognised by its queue: under `dispatchMain()` (as here, in Swift Testing on
/// Linux) libdispatch runs main-actor jobs on worker threads, and a build's own write must still
/// count as the main actor's when the scheduler queues its reload.
@Suite("Writes on the main actor are told apart by queue, not thread")
struct MainQueueTests {
    @MainActor @Test func mainActorCodeIsOnTheMainQueueWhicheverThreadRunsIt() async {
        #expect(MainQueue.isCurrent)
        await Task.yield()
        #expect(MainQueue.isCurrent)
    }

    @Test func otherThreadsAreNot() {
        let results = Mutex<[Bool]>([])
        onAnotherThread { results.withLock { $0.append(MainQueue.isCurrent) } }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            results.withLock { $0.append(MainQueue.isCurrent) }
            done.signal()
        }
        done.wait()
        #expect(results.withLock { $0 } == [false, false])
    }

    /// The main-thread answer `isCurrent` tries first is asked once per thread and kept in the
    /// thread's tracking context: it must agree with the thread it describes.
    @MainActor @Test func aThreadsContextRemembersWhetherItIsTheMainThread() {
        #expect(ThreadContext.current.isMainThread == Thread.isMainThread)
        let answer = Mutex<(remembered: Bool, asked: Bool)?>(nil)
        onAnotherThread { answer.withLock { $0 = (ThreadContext.current.isMainThread, Thread.isMainThread) } }
        #expect(answer.withLock { $0?.remembered } == false)
        #expect(answer.withLock { $0?.asked } == false)
    }

    /// Each change says which thread wrote it, as the thread receiving it knows it: a write's own
    /// delivery on the main thread says so (the inbox then asks nothing), one on any other thread
    /// says "this thread", and a write a scope finds when it arms on this thread, made by another,
    /// says "another thread" (its invalidation then waits for a flush instead of applying now).
    @Test func aChangeSaysWhichThreadWroteIt() {
        let model = CounterModel()
        let writers = Recorder<PerceptionChange.Writer>()
        let scope = TrackingScope { writers.append($0.writer) }
        scope.track { _ = model.count }
        model.count = 1
        scope.track { _ = model.count }
        onAnotherThread { model.count = 2 }
        // Written by another thread after this one read it and before it armed: found by arming.
        scope.track {
            _ = model.count
            onAnotherThread { model.count = 3 }
        }
        #expect(writers.values == [Thread.isMainThread ? .mainThread : .thisThread, .thisThread, .anotherThread])
    }
}
