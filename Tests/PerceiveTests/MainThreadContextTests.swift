import Dispatch
import Testing

@testable import Perceive

/// The main thread's context is found by comparing thread identities, not through the thread key.
/// Tests run on worker threads (Swift Testing runs under `dispatchMain()` on Linux), so most tests
/// make a `MainThreadContext` of their own and publish from the thread they run on, as the main
/// thread publishes the process's one.
@Suite("The main thread's context")
struct MainThreadContextTests {
    @Test func aThreadFindsTheContextItPublished() {
        let slot = MainThreadContext()
        #expect(slot.ifCurrent() == nil)
        let context = Unmanaged.passRetained(ThreadContext())
        defer { context.release() }
        slot.publish(context)
        #expect(slot.ifCurrent()?.toOpaque() == context.toOpaque())
        #expect(slot.ifCurrent(threadWord())?.toOpaque() == context.toOpaque())
    }

    @Test func anotherThreadDoesNotFindIt() {
        let holder = Holder()
        let context = Unmanaged.passRetained(ThreadContext())
        defer { context.release() }
        holder.slot.publish(context)
        let found = Recorder<Bool>()
        onAnotherThread { found.append(holder.slot.ifCurrent() != nil) }
        #expect(found.values == [false])
        #expect(holder.slot.ifCurrent() != nil)
    }

    private final class Holder: Sendable {
        let slot = MainThreadContext()
    }

    /// Published once: a second context (were the main thread to publish again) changes nothing.
    @Test func aSecondPublicationChangesNothing() {
        let slot = MainThreadContext()
        let first = Unmanaged.passRetained(ThreadContext())
        let second = Unmanaged.passRetained(ThreadContext())
        defer {
            first.release()
            second.release()
        }
        slot.publish(first)
        slot.publish(second)
        #expect(slot.ifCurrent()?.toOpaque() == first.toOpaque())
    }

    /// The published context is held by the slot: releasing every other reference leaves it valid
    /// (as when the main thread leaving through `dispatchMain()` runs its key's destructors).
    @Test func theSlotHoldsItsContext() {
        let slot = MainThreadContext()
        weak var weakContext: ThreadContext?
        do {
            let context = ThreadContext()
            weakContext = context
            slot.publish(Unmanaged.passUnretained(context))
        }
        #expect(weakContext != nil)
        #expect(slot.ifCurrent()?.takeUnretainedValue() === weakContext)
    }

    /// A worker thread making its context does not publish it: the process's slot never answers a
    /// worker, whichever made its context first.
    @Test func aWorkerThreadsContextIsNotPublished() {
        _ = ThreadContext.current
        #expect(mainThreadContext.ifCurrent() == nil)
        let found = Recorder<Bool>()
        onAnotherThread {
            _ = ThreadContext.current
            found.append(mainThreadContext.ifCurrent() != nil)
        }
        #expect(found.values == [false])
    }

    /// Two threads have different identities; one thread always the same.
    @Test func threadIdentitiesDiffer() {
        let here = threadWord()
        #expect(threadWord() == here)
        let there = Recorder<UInt>()
        onAnotherThread { there.append(threadWord()) }
        #expect(there.values.count == 1)
        #expect(there.values.first != here)
    }
}
