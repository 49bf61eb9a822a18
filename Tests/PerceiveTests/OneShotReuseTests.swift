import Foundation
import Testing

@testable import Perceive

/// `withPerceptionTracking` makes a finished call's core new again for the next call on the same
/// thread, once nothing references it; a core still linked, or one a running call holds, is never
/// handed to another call.
@Suite("withPerceptionTracking reuses finished cores")
struct OneShotReuseTests {
    private final class Witness: Sendable {
        let gone: @Sendable () -> Void
        init(_ gone: @escaping @Sendable () -> Void) { self.gone = gone }
        deinit { gone() }
    }

    private var spare: ObjectIdentifier? { ThreadContext.spareOneShotIdentity }

    /// A `withPerceptionTracking` call running `read`, whose `onChange` appends `label` to `fired`.
    private func track(_ label: String, into fired: Recorder<String>, _ read: () -> Void) {
        withPerceptionTracking(read) { fired.append(label) }
    }

    @Test func aDeliveredCallsCoreServesTheNextCall() {
        let model = CounterModel()
        let fired = Recorder<String>()
        track("first", into: fired) { _ = model.count }
        model.count = 1
        let first = spare
        #expect(first != nil)
        var during: (ObjectIdentifier?, Bool)?
        withPerceptionTracking {
            _ = model.count
            during = (spare, ThreadContext.current.spareOneShotInUse)
        } onChange: {
            fired.append("second")
        }
        // The same core, marked in use while the call ran and free afterwards.
        #expect(during?.0 == first)
        #expect(during?.1 == true)
        #expect(spare == first)
        #expect(ThreadContext.current.spareOneShotInUse == false)
        model.count = 2
        model.count = 3
        #expect(fired.values == ["first", "second"])
    }

    @Test func aCoreStillWaitingForAWriteIsNotReused() {
        let model = CounterModel()
        let fired = Recorder<String>()
        track("count", into: fired) { _ = model.count }
        let waiting = spare
        track("title", into: fired) { _ = model.title }
        #expect(spare != waiting)
        model.title = "changed"
        model.count = 1
        model.count = 2
        #expect(fired.values == ["title", "count"])
    }

    @Test func aNestedCallGetsACoreOfItsOwn() {
        let model = CounterModel()
        let fired = Recorder<String>()
        track("warm-up", into: fired) { _ = model.count }
        model.count = 1
        let outer = spare
        withPerceptionTracking {
            _ = model.count
            track("inner", into: fired) { _ = model.title }
        } onChange: {
            fired.append("outer")
        }
        #expect(spare == outer)
        #expect(ThreadContext.current.spareOneShotInUse == false)
        model.title = "changed"
        model.count = 2
        model.title = "again"
        model.count = 3
        #expect(fired.values == ["warm-up", "inner", "outer"])
    }

    /// A call that read nothing can never fire: its `onChange`, and what it captured, go when the
    /// call returns, as they did before cores were kept; the core still serves the next call.
    @Test func aCallThatReadNothingLetsItsClosureGoAtOnce() {
        let model = CounterModel()
        let (gone, fired) = (Recorder<Int>(), Recorder<String>())
        do {
            let captured = Witness { gone.append(1) }
            withPerceptionTracking {
                _ = 0
            } onChange: {
                _ = captured
                fired.append("nothing read")
            }
        }
        #expect(gone.count == 1)
        let kept = spare
        track("count", into: fired) { _ = model.count }
        #expect(spare == kept)
        model.count = 1
        #expect(fired.values == ["count"])
    }

    /// A call that read only an `@Observable` property recorded no cell, yet can fire: its core is
    /// neither cancelled nor handed to the next call while the toolchain holds its handler.
    @Test func aCallThatReadOnlyAnObservableModelStillFires() {
        let (toolchain, model) = (ToolchainModel(), CounterModel())
        let fired = Recorder<String>()
        track("observable", into: fired) { _ = toolchain.name }
        let waiting = spare
        track("count", into: fired) { _ = model.count }
        #expect(spare != waiting)
        toolchain.name = "b"
        model.count = 1
        #expect(fired.values == ["observable", "count"])
    }

    /// A call that read only an `@Observable` model whose object then goes away unchanged lets
    /// `onChange`, and what it captured, go with the toolchain's subscription, as a call did before
    /// cores were reused (the thread does not keep that core as its spare).
    @Test func aCallThatReadOnlyAnObservableModelLetsItsClosureGoWithTheModel() {
        let gone = Recorder<Int>()
        do {
            let toolchain = ToolchainModel()
            let captured = Witness { gone.append(1) }
            withPerceptionTracking {
                _ = toolchain.name
            } onChange: {
                _ = captured
            }
            #expect(spare == nil)
            #expect(gone.count == 0)
        }
        #expect(gone.count == 1)
    }

    private struct Stop: Error {}

    /// An `apply` that throws still ends the call: the spare is free again and serves the next call.
    @Test func aCallWhoseApplyThrowsFreesTheSpare() throws {
        let model = CounterModel()
        let fired = Recorder<String>()
        track("first", into: fired) { _ = model.count }
        model.count = 1
        let first = spare
        #expect(throws: Stop.self) {
            try withPerceptionTracking { () throws(Stop) -> Int in
                _ = model.title
                throw Stop()
            } onChange: {
                fired.append("thrown")
            }
        }
        #expect(ThreadContext.current.spareOneShotInUse == false)
        // What the throwing call read is still subscribed, so its core is not handed on.
        track("next", into: fired) { _ = model.count }
        #expect(spare != first)
        model.title = "changed"
        model.count = 2
        #expect(fired.values == ["first", "thrown", "next"])
    }

    /// Calls whose handlers each subscribe again and write what they read never settle: the cascade
    /// is cut off, and the call whose delivery was dropped lets its `onChange` go then (its core,
    /// the thread's spare by then, does not keep it).
    @Test func aCascadeCutOffLetsTheDroppedCallsClosureGo() {
        final class Resubscriber: @unchecked Sendable {
            let model = CounterModel()
            let (made, gone) = (Recorder<Int>(), Recorder<Int>())
            var deliveries = 0
            func subscribe() {
                made.append(1)
                let captured = Witness { [gone] in gone.append(1) }
                withPerceptionTracking {
                    _ = model.count
                } onChange: { [self] in
                    _ = captured
                    deliveries += 1
                    subscribe()
                    model.count += 1
                }
            }
        }
        let subject = Resubscriber()
        subject.subscribe()
        let (_, messages) = Diagnostics.capture { subject.model.count = 1 }
        #expect(subject.deliveries == 100_000)
        #expect(messages.count == 1)
        #expect(subject.made.count == 100_001)
        #expect(subject.gone.count == 100_001)
    }

    /// Delivered on another thread, the core comes back to this thread's next call.
    @Test func aCoreDeliveredOnAnotherThreadServesTheNextCallHere() {
        let model = CounterModel()
        let fired = Recorder<String>()
        track("writer", into: fired) { _ = model.count }
        let first = spare
        onAnotherThread { model.count = 1 }
        track("here", into: fired) { _ = model.count }
        #expect(spare == first)
        model.count = 2
        #expect(fired.values == ["writer", "here"])
    }
}

extension ThreadContext {
    /// This thread's spare `withPerceptionTracking` core, by identity (for tests).
    static var spareOneShotIdentity: ObjectIdentifier? { current.spareOneShot.map(ObjectIdentifier.init) }
}
