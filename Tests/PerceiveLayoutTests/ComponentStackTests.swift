import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// The builder's shared stack of components: nested closures take exactly their own components,
/// and hand-made builder calls that leave components behind never corrupt it.
@MainActor
@Suite("Component stack")
struct ComponentStackTests {
    /// A component that counts its live copies' owner: the box is freed when the last copy goes.
    final class Tracker {
        nonisolated(unsafe) static var alive = 0
        init() { Self.alive += 1 }
        deinit { Self.alive -= 1 }
    }

    struct Tracked: Component {
        let height: CGFloat
        let tracker = Tracker()
        func layout(_ constraint: Constraint) -> any RenderNode { Space(width: 10, height: height).layout(constraint) }
    }

    /// Containers built inside a loop inside a container each take their own rows, in order, and
    /// the stack is back where it started.
    @Test func nestedClosuresTakeTheirOwnComponents() {
        let before = ComponentStack.count
        let node = layout(
            VStack {
                box(10, 1)
                for row in 0..<3 {
                    HStack {
                        for column in 0..<2 { box(CGFloat(column + 1), CGFloat(row + 2)) }
                        if row == 1 { box(7, 2) }
                    }
                    switch row {
                    case 0: box(10, 10)
                    default: box(10, 20)
                    }
                }
                box(10, 5)
            })
        #expect(ComponentStack.count == before)
        #expect(childFrames(node).map(\.height) == [1, 2, 10, 3, 20, 4, 20, 5])
        #expect(childFrames(node.children[3]).map(\.width) == [1, 2, 7])
        #expect(childFrames(node.children[5]).map(\.width) == [1, 2])
    }

    /// A statement's part left unused between two others (only hand-written builder calls can do
    /// that) is dropped when they are joined: the joined part holds the two components, the
    /// dropped one is released, and the stack is back where it started.
    @Test func aComponentLeftBetweenTwoPartsIsDropped() {
        let before = (ComponentStack.count, Tracker.alive)
        do {
            let first = ComponentResultBuilder.buildExpression(Tracked(height: 1))
            _ = ComponentResultBuilder.buildExpression(Tracked(height: 99))
            let second = ComponentResultBuilder.buildExpression(Tracked(height: 2))
            #expect(Tracker.alive == before.1 + 3)
            let joined = ComponentResultBuilder.buildPartialBlock(accumulated: first, next: second)
            #expect(Tracker.alive == before.1 + 2)
            let components = ComponentResultBuilder.buildFinalResult(joined)
            #expect(ComponentStack.count == before.0)
            #expect(components.map { $0.layout(Constraint()).size.height } == [1, 2])
        }
        #expect(Tracker.alive == before.1)
    }

    /// A final result takes its own range; anything pushed above it and never taken is released.
    @Test func componentsLeftAboveAFinalResultAreReleased() {
        let before = (ComponentStack.count, Tracker.alive)
        do {
            let part = ComponentResultBuilder.buildExpression(Tracked(height: 3))
            _ = ComponentResultBuilder.buildExpression(Tracked(height: 4))
            let components = ComponentResultBuilder.buildFinalResult(part)
            #expect(Tracker.alive == before.1 + 1)
            #expect(ComponentStack.count == before.0)
            #expect(components.map { $0.layout(Constraint()).size.height } == [3])
            // Taken already: a second take finds nothing there and takes nothing.
            #expect(ComponentResultBuilder.buildFinalResult(part).isEmpty)
            #expect(ComponentStack.count == before.0)
        }
        #expect(Tracker.alive == before.1)
    }

    /// A list longer than the stack's first capacity grows it and keeps every row in order.
    @Test func aLongLoopKeepsEveryRowInOrder() {
        let before = ComponentStack.count
        let node = layout(VStack { for row in 0..<5_000 { box(1, CGFloat(row % 7 + 1)) } })
        #expect(ComponentStack.count == before)
        #expect(node.children.count == 5_000)
        #expect(node.children.enumerated().allSatisfy { $1.size.height == CGFloat($0 % 7 + 1) })
    }
}
