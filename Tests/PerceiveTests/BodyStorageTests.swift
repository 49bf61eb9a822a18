import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A rebuilt builder's body is written where the previous one was: the previous body is released
/// exactly once, the new one is what the slot holds, and a body of another type still replaces it.
@MainActor
@Suite("Body storage")
struct BodyStorageTests {
    /// Counts its instances, so that a body's release is observable.
    final class Tracker {
        nonisolated(unsafe) static var alive = 0
        let name: String
        init(_ name: String) {
            self.name = name
            Tracker.alive += 1
        }
        deinit { Tracker.alive -= 1 }
    }

    /// Larger than an existential's inline buffer, so that it lives in a heap box.
    struct LargeBody: Component {
        let tracker: Tracker
        let padding: (Double, Double, Double, Double) = (1, 2, 3, 4)
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }

    /// Fits the inline buffer.
    struct SmallBody: Component {
        let tracker: Tracker
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }

    @Test func aBodyOfTheSameTypeReplacesThePreviousOneInItsBox() throws {
        Tracker.alive = 0
        var body: any Component = LargeBody(tracker: Tracker("first"))
        #expect(Tracker.alive == 1)
        BodyStorage.store(LargeBody(tracker: Tracker("second")), in: &body)
        #expect(Tracker.alive == 1)
        #expect(try #require(body as? LargeBody).tracker.name == "second")
        BodyStorage.store(LargeBody(tracker: Tracker("third")), in: &body)
        #expect(Tracker.alive == 1)
        #expect(try #require(body as? LargeBody).tracker.name == "third")
        body = EmptyComponent()
        #expect(Tracker.alive == 0)
    }

    @Test func aSharedBoxIsCopiedNotOverwritten() throws {
        Tracker.alive = 0
        var body: any Component = LargeBody(tracker: Tracker("first"))
        let copy = body
        BodyStorage.store(LargeBody(tracker: Tracker("second")), in: &body)
        #expect(try #require(copy as? LargeBody).tracker.name == "first")
        #expect(try #require(body as? LargeBody).tracker.name == "second")
        #expect(Tracker.alive == 2)
        withExtendedLifetime(copy) {}
    }

    @Test func aBodyOfAnotherTypeOrSizeReplacesThePreviousOne() throws {
        Tracker.alive = 0
        var body: any Component = SmallBody(tracker: Tracker("small"))
        BodyStorage.store(LargeBody(tracker: Tracker("large")), in: &body)
        #expect(Tracker.alive == 1)
        #expect(try #require(body as? LargeBody).tracker.name == "large")
        BodyStorage.store(SmallBody(tracker: Tracker("small again")), in: &body)
        #expect(Tracker.alive == 1)
        #expect(try #require(body as? SmallBody).tracker.name == "small again")
        BodyStorage.store(SmallBody(tracker: Tracker("inline")), in: &body)
        #expect(Tracker.alive == 1)
        #expect(try #require(body as? SmallBody).tracker.name == "inline")
    }
}
