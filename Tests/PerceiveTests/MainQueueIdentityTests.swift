import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Perceive

/// The main actor is recognised by its queue: under `dispatchMain()` (as here, in Swift Testing on
/// Linux) libdispatch runs main-actor jobs on worker threads, and a build's own write must still
/// count as the main actor's.
@Suite("Writes on the main actor are told apart by queue, not thread")
struct MainQueueIdentityTests {
    @MainActor @Test func mainActorCodeIsOnTheMainQueueWhicheverThreadRunsIt() async {
        #expect(WriterIdentity.isMainQueue)
        await Task.yield()
        #expect(WriterIdentity.isMainQueue)
        let context = ThreadContext.current
        #expect(WriterIdentity.current(context) == 1)
    }

    @Test func otherThreadsAreNot() {
        let results = Mutex<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            results.withLock { $0.append(WriterIdentity.isMainQueue) }
            results.withLock { $0.append(WriterIdentity.current(ThreadContext.current) > 1) }
            done.signal()
        }.start()
        done.wait()
        DispatchQueue.global().async {
            results.withLock { $0.append(WriterIdentity.isMainQueue) }
            done.signal()
        }
        done.wait()
        #expect(results.withLock { $0 } == [false, true, false])
    }
}
