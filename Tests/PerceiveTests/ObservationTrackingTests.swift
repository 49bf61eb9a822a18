import Perceive
import Testing

@Suite("withPerceptionTracking")
struct ObservationTrackingTests {
    @Test func onChangeRunsOnceOnFirstWrite() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        let value = withPerceptionTracking {
            model.count
        } onChange: {
            fired.append(1)
        }
        #expect(value == 0)
        #expect(fired.count == 0)
        model.count = 1
        #expect(fired.count == 1)
        model.count = 2
        model.count = 3
        #expect(fired.count == 1)
    }

    @Test func unreadKeyAndOtherObjectDoNotFire() {
        let model = CounterModel()
        let other = CounterModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            model.count
        } onChange: {
            fired.append(1)
        }
        model.title = "changed"
        other.count = 5
        #expect(fired.count == 0)
        model.count = 1
        #expect(fired.count == 1)
    }

    @Test func nestedReadsBelongToTheInnermostCallOnly() {
        let model = CounterModel()
        let outer = Recorder<Int>()
        let inner = Recorder<Int>()
        withPerceptionTracking {
            _ = model.title
            withPerceptionTracking {
                _ = model.count
            } onChange: {
                inner.append(1)
            }
        } onChange: {
            outer.append(1)
        }
        model.count = 1
        #expect(inner.count == 1)
        #expect(outer.count == 0)
        model.title = "new"
        #expect(outer.count == 1)
    }

    @Test func equalValueWriteIsSilent() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            (model.count, model.title)
        } onChange: {
            fired.append(1)
        }
        model.count = 0
        model.title = "title"
        #expect(fired.count == 0)
        model.title = "other"
        #expect(fired.count == 1)
    }

    /// The equality test of a write is decided per value type: folded to `==` for a concrete
    /// `Equatable` type, to "never equal" for one that is not, and found at run time in generic code.
    @Test func equalValueWriteIsSilentForEveryKindOfValue() {
        let model = WriteKindsModel<Int>(generic: 5)
        let fired = Recorder<String>()
        for (name, read) in [("generic", { _ = model.generic }), ("optional", { _ = model.optional }), ("box", { _ = model.box })] {
            withPerceptionTracking(read) { fired.append(name) }
        }
        model.generic = 5
        model.optional = nil
        model.box = model.box
        #expect(fired.values == ["box"])
        model.generic = 6
        model.optional = 1
        #expect(fired.values == ["box", "generic", "optional"])
    }

    @Test func inPlaceMutationNotifies() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            model.items.count
        } onChange: {
            fired.append(1)
        }
        model.items.append(7)
        #expect(fired.count == 1)
        #expect(model.items == [7])
    }

    @Test func writeDuringApplyToAReadKeyIsNotLost() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        let seen = withPerceptionTracking { () -> Int in
            let seen = model.count
            model.count = seen + 1
            return seen
        } onChange: {
            fired.append(1)
        }
        #expect(seen == 0)
        #expect(fired.count == 1)
    }

    @Test func writeDuringApplyBeforeTheReadDoesNotFire() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        let seen = withPerceptionTracking { () -> Int in
            model.count = 5
            return model.count
        } onChange: {
            fired.append(1)
        }
        #expect(seen == 5)
        #expect(fired.count == 0)
        model.count = 6
        #expect(fired.count == 1)
    }

    @Test func subclassTracksInheritedAndOwnProperties() {
        let model = DerivedModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            model.inherited
        } onChange: {
            fired.append(1)
        }
        model.inherited = 1
        #expect(fired.count == 1)
        _ = withPerceptionTracking {
            model.own
        } onChange: {
            fired.append(2)
        }
        model.own = 1
        #expect(fired.values == [1, 2])
    }

    @Test func handWrittenAccessorsParticipate() {
        let model = LockedModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            model.value
        } onChange: {
            fired.append(1)
        }
        model.value = 3
        #expect(fired.count == 1)
        #expect(model.value == 3)
    }

    /// After its one delivery the call forgets `onChange`: what the closure captured goes at once,
    /// though the other property it read still names the call (until that property is written).
    @Test func onChangeAndWhatItCapturedGoAfterTheDelivery() {
        let model = CounterModel()
        let (fired, gone) = (Recorder<Int>(), Recorder<Int>())
        do {
            let captured = ReleaseWitness { gone.append(1) }
            withPerceptionTracking {
                _ = (model.count, model.title)
            } onChange: {
                _ = captured
                fired.append(1)
            }
        }
        #expect(gone.count == 0)
        model.count = 1
        #expect(fired.count == 1)
        #expect(gone.count == 1)
        model.title = "after"
        #expect(fired.count == 1)
    }

    /// A call whose change arrives while another call's `onChange` runs is delivered after it (from
    /// the thread's queue), once, and forgets what its closure captured at the end of that delivery:
    /// the call also read `items`, which is never written, so its link keeps the call's core alive
    /// and only the delivery's end can release the closure.
    @Test func queuedDeliveryRunsOnceAndForgetsItsClosure() {
        let model = CounterModel()
        let order = Recorder<String>()
        do {
            let captured = ReleaseWitness { order.append("captured gone") }
            withPerceptionTracking {
                _ = (model.title, model.items)
            } onChange: {
                _ = captured
                order.append("title changed")
            }
        }
        withPerceptionTracking {
            _ = model.count
        } onChange: {
            order.append("count changed")
            model.title = "written by a change handler"
            order.append("count handler done")
        }
        model.count = 1
        #expect(order.values == ["count changed", "count handler done", "title changed", "captured gone"])
        #expect(model.$items.observerCount == 0)
    }

    @Test func transactionNotifiesOnceAfterTheLastWrite() {
        let model = CounterModel()
        let seen = Recorder<String>()
        let scope = TrackingScope { _ in seen.append("\(model.count) \(model.title)") }
        scope.track { _ = (model.count, model.title) }
        withPerceptionTransaction {
            model.count = 1
            model.title = "both"
            #expect(seen.count == 0)
        }
        #expect(seen.values == ["1 both"])
    }
}

/// A property of a generic type (its equality found at run time), an optional and a value that is
/// not `Equatable`.
private final class WriteKindsModel<Value: Equatable>: Perceptible, @unchecked Sendable {
    @Perceived var generic: Value
    @Perceived var optional: Int? = nil
    @Perceived var box = NotEquatable()
    init(generic: Value) { self.generic = generic }
}

private struct NotEquatable { var value = 0 }

/// Something a change handler captures, which says when it is released.
private final class ReleaseWitness: Sendable {
    let released: @Sendable () -> Void
    init(_ released: @escaping @Sendable () -> Void) { self.released = released }
    deinit { released() }
}
