import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Perceive

/// `valuesEqual` — what environment values and view updates are compared with — and
/// `componentsEqual` — a boundary's content — answer the same whether or not the type was seen
/// before, and from any thread.
@Suite("Value equality")
struct ValueEqualityTests {
    private struct Point: Equatable {
        let x: Int
        let y: Int
    }
    private struct Opaque {
        let value: Int
    }
    private final class Handle {}
    private final class Named: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (lhs: Named, rhs: Named) -> Bool { lhs.name == rhs.name }
    }

    @Test func equatableValuesCompareWithTheirOwnEquality() {
        // Twice each: the first comparison of a type finds how it compares, the second reuses it.
        for _ in 0..<2 {
            #expect(valuesEqual(Point(x: 1, y: 2), Point(x: 1, y: 2)))
            #expect(!valuesEqual(Point(x: 1, y: 2), Point(x: 2, y: 1)))
            #expect(valuesEqual("gallery", "gallery"))
            #expect(!valuesEqual("gallery", "header"))
            // `==` itself, not the bits: NaN equals nothing, not even NaN; 0 equals -0.
            #expect(!valuesEqual(Double.nan, Double.nan))
            #expect(valuesEqual(0.0, -0.0))
        }
    }

    @Test func objectsCompareByIdentityUnlessEquatable() {
        let (first, second) = (Handle(), Handle())
        for _ in 0..<2 {
            #expect(valuesEqual(first, first))
            #expect(!valuesEqual(first, second))
            // An `Equatable` class: its `==`, not identity.
            #expect(valuesEqual(Named("a"), Named("a")))
            #expect(!valuesEqual(Named("a"), Named("b")))
        }
    }

    @Test func valuesThatAreNeitherNeverCompareEqual() {
        for _ in 0..<2 {
            #expect(!valuesEqual(Opaque(value: 1), Opaque(value: 1)))
        }
    }

    @Test func valuesOfDifferentTypesTakeTheCasts() {
        #expect(!valuesEqual(1, "1"))
        #expect(!valuesEqual(Point(x: 0, y: 0), Opaque(value: 0)))
        // An optional holding an equal value casts to it, as `==` through `any Equatable` did.
        let wrapped: Int? = 3
        #expect(valuesEqual(3, wrapped as Any))
        #expect(!valuesEqual(4, wrapped as Any))
    }

    private struct Badge: Component, Equatable {
        let count: Int
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }
    private struct Banner: Component {
        let count: Int
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }
    private final class Panel: Component {
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }

    private class Frame: Component {
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }
    private final class TitledFrame: Frame, @MainActor Equatable {
        let title: String
        init(_ title: String) { self.title = title }
        static func == (lhs: TitledFrame, rhs: TitledFrame) -> Bool { lhs.title == rhs.title }
    }

    /// A boundary's content is compared as a component: the same answers as `valuesEqual`.
    @MainActor @Test func componentsCompareAsTheirValuesDo() {
        let panel = Panel()
        for _ in 0..<2 {
            #expect(componentsEqual(Badge(count: 1), Badge(count: 1)))
            #expect(!componentsEqual(Badge(count: 1), Badge(count: 2)))
            // Neither `Equatable` nor an object: never equal, even to an identical value.
            #expect(!componentsEqual(Banner(count: 1), Banner(count: 1)))
            #expect(componentsEqual(panel, panel))
            #expect(!componentsEqual(panel, Panel()))
            #expect(!componentsEqual(Badge(count: 1), Banner(count: 1)))
            #expect(!componentsEqual(Badge(count: 1), panel))
            // Objects erased as their superclass compare as their own class does (the superclass
            // compared first: its answer, identity, must not be taken for its subclass's).
            #expect(!componentsEqual(Frame(), Frame()))
            let (first, second, third): (Frame, Frame, Frame) = (TitledFrame("a"), TitledFrame("a"), TitledFrame("b"))
            #expect(componentsEqual(first, second))
            #expect(!componentsEqual(first, third))
        }
    }

    private struct Wrapped<Value: Equatable & Sendable>: Equatable, Sendable { let value: Value }
    private struct Unwrapped<Value: Sendable>: Sendable { let value: Value }

    /// Two comparisons of `Wrapped<…>` (equatable) and one of `Unwrapped<…>` (incomparable) at
    /// each of `depth + 1` nestings: two new types per level.
    private static func comparisons<Value: Equatable & Sendable>(_ make: @escaping @Sendable (Int) -> Value, depth: Int)
        -> [@Sendable () -> Bool]
    {
        var checks: [@Sendable () -> Bool] = [
            { valuesEqual(make(1), make(1)) && !valuesEqual(make(1), make(2)) },
            { !valuesEqual(Unwrapped(value: make(1)), Unwrapped(value: make(1))) }
        ]
        if depth > 0 { checks += comparisons({ Wrapped(value: make($0)) }, depth: depth - 1) }
        return checks
    }

    @Test func moreTypesThanAThreadKeepsStillCompareAsTheirTypesDo() {
        // 48 types in turn, three rounds, on four threads at once: each thread's recent answers
        // (16 of them) are replaced over and over, and every answer stays its type's own.
        let checks = Self.comparisons({ $0 }, depth: 23)
        #expect(checks.count == 48)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<3 {
                for check in checks where !check() { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    @Test func comparisonsOfATypeNeverSeenAgreeAcrossThreads() {
        struct FreshType: Equatable { let value: Int }
        let results = Mutex<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let equal = valuesEqual(FreshType(value: index % 2), FreshType(value: 0))
            results.withLock { $0.append(equal == (index % 2 == 0)) }
        }
        #expect(results.withLock { $0 }.count == 64)
        #expect(results.withLock { $0.allSatisfy { $0 } })
    }
}
