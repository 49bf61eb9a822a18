import Perceive
import Testing

@Suite("TrackingScope")
struct TrackingScopeTests {
    @Test func trackReplacesThePreviousSetOfReads() {
        let model = CounterModel()
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        scope.track { _ = model.count }
        scope.track { _ = model.title }
        // The first set was replaced: writing `count` notifies nobody.
        model.count = 1
        #expect(causes.values.isEmpty)
        #expect(model.$count.observerCount == 0)
        model.title = "new"
        #expect(causes.values == ["CounterModel.title"])
        #expect(scope.isArmed == false)
    }

    @Test func invalidateIsDeliveredOncePerArmedSet() {
        let model = CounterModel()
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        scope.track { _ = (model.count, model.title) }
        #expect(scope.isArmed)
        model.count = 1
        model.title = "x"
        model.count = 2
        #expect(causes.values == ["CounterModel.count"])
        scope.track { _ = model.count }
        model.count = 3
        #expect(causes.values == ["CounterModel.count", "CounterModel.count"])
    }

    @Test func repeatedReadsMakeOneSubscription() {
        let model = CounterModel()
        let scope = TrackingScope { _ in }
        scope.track {
            for _ in 0..<100 { _ = model.count }
            _ = model.title
            _ = model.count
        }
        #expect(model.$count.observerCount == 1)
        #expect(model.$title.observerCount == 1)
        // Re-arming many times keeps one live subscription and bounded storage.
        for _ in 0..<1_000 { scope.track { _ = model.count } }
        #expect(model.$count.observerCount == 1)
    }

    /// Re-arming replaces a cell's stale link in place (the same scope's own, or another's): each
    /// live scope hears the next write exactly once, whatever the order of arming, firing and
    /// cancelling.
    @Test func reArmingOverStaleLinksDeliversEachScopeOnce() {
        let model = CounterModel()
        let heard = Recorder<String>()
        let first = TrackingScope { _ in heard.append("first") }
        let second = TrackingScope { _ in heard.append("second") }
        // The same scope over its own stale link, three times.
        for _ in 0..<3 { first.track { _ = model.count } }
        #expect(model.$count.observerCount == 1)
        model.count = 1
        #expect(heard.values == ["first"])
        // After a delivery the cell holds no link: arming links afresh.
        first.track { _ = model.count }
        model.count = 2
        #expect(heard.values == ["first", "first"])
        // A cancelled scope's stale link taken over by another scope.
        first.track { _ = model.count }
        first.cancel()
        second.track { _ = model.count }
        #expect(model.$count.observerCount == 1)
        model.count = 3
        #expect(heard.values == ["first", "first", "second"])
        // Two live scopes; the first one re-arms over its own link while the other's stays.
        let third = TrackingScope { _ in heard.append("third") }
        third.track { _ = model.count }
        second.track { _ = model.count }
        third.track { _ = model.count }
        #expect(model.$count.observerCount == 2)
        model.count = 4
        #expect(heard.values.suffix(2).sorted() == ["second", "third"])
        #expect(heard.count == 5)
        model.count = 5
        #expect(heard.count == 5)
    }

    @Test func cancelUnlinksAndReleasesTheHandler() {
        let model = CounterModel()
        weak var weakToken: Token?
        let fired = Recorder<Int>()
        var scope: TrackingScope? = nil
        do {
            let token = Token()
            weakToken = token
            scope = TrackingScope { _ in
                token.touch(); fired.append(1)
            }
            scope?.track { _ = model.count }
        }
        #expect(weakToken != nil)
        scope?.cancel()
        #expect(weakToken == nil)
        model.count = 1
        #expect(fired.count == 0)
        #expect(scope?.isArmed == false)
    }

    @Test func cancellingFromInsideTheHandlerReleasesItWhenTheDeliveryEnds() {
        final class Box: @unchecked Sendable { var scope: TrackingScope? }
        final class Captured: Sendable {
            let released: Recorder<Int>
            init(_ released: Recorder<Int>) { self.released = released }
            deinit { released.append(1) }
        }
        let model = CounterModel()
        let box = Box()
        let released = Recorder<Int>()
        let seen = Recorder<Int>()
        do {
            let captured = Captured(released)
            box.scope = TrackingScope { _ in
                _ = captured
                box.scope?.cancel()
                // The running delivery still holds the handler (and what it captured).
                seen.append(released.count)
            }
        }
        box.scope?.track { _ = model.count }
        #expect(released.count == 0)
        model.count = 1
        #expect(seen.values == [0])
        #expect(released.values == [1])
        #expect(box.scope?.isArmed == false)
        box.scope?.track { _ = model.count }
        model.count = 2
        #expect(seen.values == [0])
    }

    @Test func aOneShotHandlerIsReleasedAfterItsDelivery() {
        let model = CounterModel()
        weak var weakToken: Token?
        let fired = Recorder<Int>()
        do {
            let token = Token()
            weakToken = token
            _ = withPerceptionTracking {
                model.count
            } onChange: {
                token.touch(); fired.append(1)
            }
        }
        #expect(weakToken != nil)
        model.count = 1
        #expect(fired.values == [1])
        #expect(weakToken == nil)
        model.count = 2
        #expect(fired.values == [1])
    }

    @Test func deallocatingTheScopeUnlinksAndReleasesTheHandler() {
        let model = CounterModel()
        weak var weakToken: Token?
        weak var weakScope: TrackingScope?
        let fired = Recorder<Int>()
        do {
            let token = Token()
            weakToken = token
            let scope = TrackingScope { _ in
                token.touch(); fired.append(1)
            }
            weakScope = scope
            scope.track { _ = model.count }
        }
        #expect(weakScope == nil)
        #expect(weakToken == nil)
        model.count = 1
        #expect(fired.count == 0)
    }

    @Test func objectDeallocationInvalidatesOnce() {
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        do {
            let model = CounterModel()
            model.count = 1
            scope.track { _ = (model.count, model.title, model.items) }
        }
        #expect(causes.values.count == 1)
        #expect(causes.values.first?.hasSuffix("(deallocated)") == true)
    }

    @Test func deallocationChangeOutlivesTheObject() {
        let changes = Recorder<PerceptionChange>()
        let scope = TrackingScope { changes.append($0) }
        do {
            let model = CounterModel()
            model.count = 1
            scope.track { _ = model.count }
            // Name the property while the object lives, as a reload log would.
            model.count = 2
            scope.track { _ = model.count }
        }
        #expect(changes.values.map(\.kind) == [.mutation, .deallocated])
        #expect(changes.values.map(\.description) == ["CounterModel.count", "CounterModel.count (deallocated)"])
    }

    @Test func aDeallocatedCellTellsEachLiveScopeOnceAndStaleOnesNothing() {
        let changes = Recorder<String>()
        let first = TrackingScope { changes.append("first \($0.kind)") }
        let second = TrackingScope { changes.append("second \($0.kind)") }
        let moved = TrackingScope { changes.append("moved \($0.kind)") }
        let other = CounterModel()
        do {
            let model = CounterModel()
            first.track { _ = model.count }
            second.track { _ = model.count }
            moved.track { _ = model.count }
            // Re-armed on another object: its link in `model`'s cell is stale.
            moved.track { _ = other.count }
        }
        #expect(changes.values == ["first deallocated", "second deallocated"])
        other.count += 1
        #expect(changes.values == ["first deallocated", "second deallocated", "moved mutation"])
    }

    @Test func changesNameTheirPropertyAcrossObjectsAndSubclasses() {
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        for _ in 0..<2 {
            let model = CounterModel()
            scope.track { _ = model.title }
            model.title = "x"
            scope.track { _ = model.count }
            model.count += 1
        }
        let derived = DerivedModel()
        scope.track { _ = derived.inherited }
        derived.inherited = 1
        scope.track { _ = derived.own }
        derived.own = 1
        #expect(
            causes.values == [
                "CounterModel.title", "CounterModel.count", "CounterModel.title", "CounterModel.count",
                "BaseModel.inherited", "DerivedModel.own"
            ])
    }

    @Test func aCascadeThatNeverSettlesIsCutOffAndReported() {
        let model = CounterModel()
        final class Box: @unchecked Sendable { var scope: TrackingScope?; var deliveries = 0 }
        let box = Box()
        box.scope = TrackingScope { _ in
            box.deliveries += 1
            box.scope?.track { _ = model.count }
            model.count += 1 // always invalidates itself again
        }
        box.scope?.track { _ = model.count }
        let (_, messages) = Diagnostics.capture { model.count = 1 }
        #expect(box.deliveries == 100_000)
        #expect(
            messages.map(\.text) == [
                "Perceive: invalidation cascade exceeded 100000 deliveries (last change: CounterModel.count); dropped 1 pending invalidations. A change handler keeps writing a property it observes."
            ])
        // The cycle is broken: the dropped invalidation consumed the scope's armed set, so it stays
        // unarmed (and hears nothing) until it tracks again.
        #expect(box.scope?.isArmed == false)
        model.count += 1
        #expect(box.deliveries == 100_000)
        box.scope?.cancel()
    }

    @Test func reentrantWritesFromTheHandlerDoNotRecurse() {
        let model = CounterModel()
        let depth = Recorder<Int>()
        // Each delivery re-arms and writes the key it observes: a cycle that only ends at the limit.
        final class Box: @unchecked Sendable { var scope: TrackingScope?; var active = 0 }
        let box = Box()
        box.scope = TrackingScope { _ in
            box.active += 1
            depth.append(box.active)
            if depth.count < 500 {
                box.scope?.track { _ = model.count }
                model.count += 1
            }
            box.active -= 1
        }
        box.scope?.track { _ = model.count }
        model.count = 1
        #expect(depth.count == 500)
        #expect(depth.values.allSatisfy { $0 == 1 })
        #expect(model.count == 500)
        // The box and its scope's handler hold each other: cancelling releases the handler.
        box.scope?.cancel()
    }
}

final class Token: Sendable {
    func touch() {}
}
