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

    /// The name of the tracker `body` holds, if it holds one of the two bodies.
    func name(_ body: any Component) -> String? {
        (body as? LargeBody)?.tracker.name ?? (body as? SmallBody)?.tracker.name
    }

    /// The first word of the existential's buffer: for a body too large for the buffer, its box.
    func firstWord(_ body: inout any Component) -> UInt {
        withUnsafeBytes(of: &body) { $0.load(as: UInt.self) }
    }

    // Whether the box itself is kept is the optimizer's part (unoptimized, the opened body is
    // written back into a new box): callgrind shows no box allocated by a release rebuild. What
    // holds in every build is checked here.
    @Test func aBodyOfTheSameTypeReplacesThePreviousOne() {
        Tracker.alive = 0
        var body: any Component = LargeBody(tracker: Tracker("first"))
        for next in ["second", "third"] {
            BodyStorage.store(LargeBody(tracker: Tracker(next)), in: &body)
            #expect(name(body) == next)
            #expect(Tracker.alive == 1)
        }
        body = EmptyComponent()
        #expect(Tracker.alive == 0)
    }

    @Test func aSharedBoxIsCopiedNotOverwritten() {
        Tracker.alive = 0
        var body: any Component = LargeBody(tracker: Tracker("first"))
        var copy = body
        let box = firstWord(&copy)
        BodyStorage.store(LargeBody(tracker: Tracker("second")), in: &body)
        #expect(name(copy) == "first")
        #expect(name(body) == "second")
        #expect(firstWord(&copy) == box)
        #expect(firstWord(&body) != box)
        #expect(Tracker.alive == 2)
    }

    @Test func aBodyOfAnotherTypeOrSizeReplacesThePreviousOne() {
        Tracker.alive = 0
        var body: any Component = SmallBody(tracker: Tracker("small"))
        // Large (boxed), then small (inline) twice: each replaced body is released at once.
        for (next, large) in [("large", true), ("small again", false), ("inline", false)] {
            let tracker = Tracker(next)
            store(large ? LargeBody(tracker: tracker) : SmallBody(tracker: tracker), in: &body)
            #expect(name(body) == next)
            #expect(Tracker.alive == 1)
        }
    }

    /// `BodyStorage.store` with the concrete type `next` holds, as a builder's `build()` gives it.
    private func store(_ next: any Component, in body: inout any Component) {
        func open<Next: Component>(_ next: Next) { BodyStorage.store(next, in: &body) }
        open(next)
    }
}
