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

    /// A final result of any length — one, two or three components (taken as array literals), a
    /// few (appended into reserved room), sixteen and more (moved at once) — holds its components
    /// in order, each once: none is left alive when the result goes.
    @Test func finalResultsOfEveryLengthKeepTheirComponentsInOrder() {
        let before = (ComponentStack.count, Tracker.alive)
        for length in 0...18 {
            do {
                let part = ComponentResultBuilder.buildArray(
                    (0..<length).map { ComponentResultBuilder.buildExpression(Tracked(height: CGFloat($0 + 1))) })
                let taken = ComponentResultBuilder.buildFinalResult(part)
                #expect(ComponentStack.count == before.0)
                #expect(Tracker.alive == before.1 + length)
                #expect(taken.map { ($0 as? Tracked)?.height } == (0..<length).map { CGFloat($0 + 1) })
            }
            #expect(Tracker.alive == before.1)
        }
    }

    /// A component class: the same instance must come back out of the stack.
    final class Shared: Component {
        let height: CGFloat
        init(height: CGFloat) { self.height = height }
        func layout(_ constraint: Constraint) -> any RenderNode { Space(width: 1, height: height).layout(constraint) }
    }

    /// Four words: too large for an existential's inline buffer (it is boxed).
    struct Large: Component {
        let height: CGFloat
        let padding: (Int, Int, Int) = (1, 2, 3)
        let tracker = Tracker()
        func layout(_ constraint: Constraint) -> any RenderNode { Space(width: 2, height: height).layout(constraint) }
    }

    /// Two words aligned to 16 bytes: over-aligned for the inline buffer (boxed).
    struct Aligned: Component {
        let size: SIMD2<Double>
        func layout(_ constraint: Constraint) -> any RenderNode { Space(width: size.x, height: size.y).layout(constraint) }
    }

    /// A weak reference is not bitwise takable: such a value is boxed even when small.
    struct Weak: Component {
        weak var shared: Shared?
        let height: CGFloat
        func layout(_ constraint: Constraint) -> any RenderNode { Space(width: 3, height: height).layout(constraint) }
    }

    /// Each statement's value is written onto the stack as the toolchain lays out an `any Component`
    /// — in its inline buffer when it fits, boxed otherwise, an existential passed as it is — and
    /// comes back out with its value and identity, no copy left alive or freed twice.
    @Test func everyKindOfComponentComesBackAsItWent() {
        let before = (ComponentStack.count, Tracker.alive)
        weak var released: Shared?
        do {
            let shared = Shared(height: 5)
            released = shared
            let erased: any Component = Tracked(height: 7)
            let boxed: any Component = Large(height: 8)
            let components = ComponentResultBuilder.buildFinalResult(
                ComponentResultBuilder.buildPartialBlock(
                    accumulated: ComponentResultBuilder.buildPartialBlock(
                        accumulated: ComponentResultBuilder.buildPartialBlock(
                            accumulated: ComponentResultBuilder.buildPartialBlock(
                                accumulated: ComponentResultBuilder.buildPartialBlock(
                                    accumulated: ComponentResultBuilder.buildPartialBlock(
                                        first: ComponentResultBuilder.buildExpression(Tracked(height: 1))),
                                    next: ComponentResultBuilder.buildExpression(shared)),
                                next: ComponentResultBuilder.buildExpression(Large(height: 2))),
                            next: ComponentResultBuilder.buildExpression(Aligned(size: SIMD2(4, 3)))),
                        next: ComponentResultBuilder.buildExpression(Weak(shared: shared, height: 4))),
                    next: ComponentResultBuilder.buildPartialBlock(
                        accumulated: ComponentResultBuilder.buildExpression(erased), next: ComponentResultBuilder.buildExpression(boxed))))
            #expect(ComponentStack.count == before.0)
            // On a 64-bit platform the layout is the one `push(concrete:)` writes.
            #expect(ComponentStack.inlineLayoutHolds == (MemoryLayout<Int>.size == 8))
            #expect(components.map { $0.layout(Constraint()).size.height } == [1, 5, 2, 3, 4, 7, 8])
            #expect(components.map { $0.layout(Constraint()).size.width } == [10, 1, 2, 4, 3, 10, 2])
            #expect((components[1] as? Shared) === shared)
            #expect((components[4] as? Weak)?.shared === shared)
            // The two trackers of the statements, and the two of the existentials.
            #expect(Tracker.alive == before.1 + 4)
        }
        #expect(Tracker.alive == before.1)
        // Nothing kept the class component alive (nor released it early: it was read above).
        #expect(released == nil)
    }
}
