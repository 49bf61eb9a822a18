import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Every child whose frame shows in `window`, found by checking each one.
@MainActor
func visibleByScan(_ node: any RenderNode, in window: CGRect) -> [Int] {
    node.children.indices.filter { CGRect(origin: node.positions[$0], size: node.children[$0].size).isVisible(in: window) }
}

@MainActor
@Suite("Render finds every visible child")
struct VisibilityTests {
    /// The rule a render applies to each child's rect: overlap with positive area, or, for a rect
    /// empty on an axis, lying within the window on that axis; a rect with a negative extent is
    /// taken as the same rect standardized, and one with a NaN edge never shows.
    @Test func aRectShowsByTheRuleItsDocumentationStates() {
        let window = CGRect(x: 0, y: 0, width: 100, height: 100)
        let cases: [(CGRect, Bool)] = [
            (CGRect(x: 50, y: 50, width: 10, height: 10), true),
            (CGRect(x: 100, y: 0, width: 10, height: 10), false), // touching the right edge
            (CGRect(x: -10, y: 0, width: 10, height: 10), false), // touching the left edge
            (CGRect(x: 100, y: 50, width: 0, height: 10), true), // zero width on the edge
            (CGRect(x: 101, y: 50, width: 0, height: 10), false),
            (CGRect(x: 60, y: 50, width: -20, height: 10), true), // 40…60 standardized
            (CGRect(x: 110, y: 50, width: -5, height: 10), false), // 105…110
            (CGRect(x: 50, y: 120, width: 10, height: -30), true), // 90…120
            (CGRect(x: CGFloat.nan, y: 50, width: 10, height: 10), false),
            (CGRect(x: 50, y: 50, width: CGFloat.infinity, height: 10), true)
        ]
        for (rect, shows) in cases {
            #expect(rect.isVisible(in: window) == shows, "\(rect)")
            #expect(rect.standardized.isVisible(in: window) == shows, "\(rect.standardized)")
        }
    }

    @Test func aWaterfallWithAZeroHeightItemAndHugeSpacingKeepsItsOrder() {
        let node = layout(
            Waterfall(columns: 2, columnSpacing: 0, interItemSpacing: 2_000) {
                Space().size(width: .fill, height: 0)
                Space().size(width: .fill, height: 100)
                Space().size(width: .fill, height: 100)
            }, width: 300)
        #expect(
            childFrames(node) == [
                CGRect(x: 0, y: 0, width: 150, height: 0), CGRect(x: 150, y: 0, width: 150, height: 100),
                CGRect(x: 0, y: 2_000, width: 150, height: 100)
            ])
        let window = CGRect(x: 0, y: 0, width: 300, height: 844)
        #expect(node.visibleIndexes(in: window) == [0, 1])
    }

    @Test func theViewOfEachVisibleChildExists() {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 844))
        let a = Text("a").size(width: .fill, height: .absolute(0)).id("a")
        let b = Text("b").size(width: .fill, height: .absolute(100)).id("b")
        let c = Text("c").size(width: .fill, height: .absolute(100)).id("c")
        let waterfall = Waterfall(columns: 2, columnSpacing: 0, interItemSpacing: 2_000) {
            a; b; c
        }
        host.componentEngine.component = waterfall
        host.componentEngine.flush()
        #expect(host.subviews.compactMap(\.componentID) == ["a", "b"])
        #expect(host.findView(id: "b")?.frame == CGRect(x: 150, y: 0, width: 150, height: 100))
    }

    @Test func aWindowHoldingTheWholeStackShowsEveryChildEvenEmptyOnes() {
        let node = layout(
            VStack {
                Space().size(width: .fill, height: 20)
                Space().size(width: .fill, height: 0)
                Space().size(width: .fill, height: 20)
                Space().size(width: .fill, height: 0)
            }, width: 100)
        #expect(childFrames(node).map(\.maxY) == [20, 20, 40, 40])
        // Edges included: the empty last child sits on the window's bottom edge.
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 100, height: 40)) == [0, 1, 2, 3])
        #expect(node.visibleIndexes(in: CGRect(x: -50, y: -50, width: 500, height: 500)) == [0, 1, 2, 3])
        // One point short: the third child (20 to 40) still overlaps; the empty one at 40 lies below.
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 100, height: 39)) == [0, 1, 2])
        // Not a number anywhere: every child is tested on its own, and none shows.
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: CGFloat.nan, width: 100, height: 40)) == [])
    }

    @Test func aChildPlacedAtNotANumberShowsNowhereEvenInAWindowHoldingTheRest() {
        let children = (0..<3).map { _ in box(10, 10).layout(Constraint()) }
        let node = OrderedNode(
            size: CGSize(width: 100, height: 30), children: children,
            positions: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: CGFloat.nan, y: 20)], axis: .vertical)
        let window = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(visibleByScan(node, in: window) == [0, 1])
        #expect(node.visibleIndexes(in: window) == [0, 1])
    }

    @Test func anUnorderedContainerReportsItsVisibleChildrenFirstToLast() {
        // Every child shown (a shared list for small counts, a new one for large), the first one
        // hidden, a middle one hidden, none shown: each exactly as a scan finds it.
        for count in [1, 3, 15, 16, 40] {
            let children = (0..<count).map { _ in box(10, 10).layout(Constraint()) }
            let positions = (0..<count).map { CGPoint(x: 0, y: CGFloat($0 % 3) * 10) }
            let node = ContainerNode(size: CGSize(width: 10, height: 30), children: children, positions: positions)
            for window in [
                CGRect(x: 0, y: 0, width: 10, height: 30), CGRect(x: 0, y: 10, width: 10, height: 20),
                CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 0, y: 100, width: 10, height: 10)
            ] {
                #expect(node.visibleIndexes(in: window) == visibleByScan(node, in: window), "\(count) children in \(window)")
            }
            #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 10, height: 30)) == Array(0..<count))
        }
    }

    @Test func aChildAtNotANumberAlongTheAxisLeavesItsSiblingsFound() {
        // NaN compares false both ways: taken as in order, the search skipped the first child.
        let children = (0..<3).map { _ in box(10, 10).layout(Constraint()) }
        let node = OrderedNode(
            size: CGSize(width: 30, height: 10), children: children,
            positions: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 20, y: 0)], axis: .horizontal)
        let window = CGRect(x: 0, y: 0, width: 30, height: 10)
        #expect(visibleByScan(node, in: window) == [0, 2])
        #expect(node.visibleIndexes(in: window) == [0, 2])
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 5, height: 10)) == [0])
    }

    @Test func aStackPlacingAChildAtNotANumberStillFindsTheOthers() {
        // A child with no width puts every later child at NaN along the row.
        let widths: [CGFloat] = [10, .nan, 10, 10, 10]
        let row = HStack { for width in widths { PlacementTests.RawSize(size: CGSize(width: width, height: 10)) } }
        let node = row.layout(Constraint(maxSize: CGSize(width: 300, height: 10)))
        #expect(node.positions.map(\.x).prefix(2) == [0, 10])
        #expect(
            node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 30, height: 10))
                == visibleByScan(node, in: CGRect(x: 0, y: 0, width: 30, height: 10)))
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 30, height: 10)) == [0])
    }

    @Test func unorderedPositionsFallBackToAScan() {
        // A node promising order it does not have still reports every visible child.
        let children = (0..<3).map { _ in box(10, 10).layout(Constraint()) }
        let node = OrderedNode(
            size: CGSize(width: 100, height: 300), children: children,
            positions: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 200), CGPoint(x: 50, y: 0)], axis: .vertical)
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 0, width: 100, height: 50)) == [0, 2])
    }

    /// Every container, with spacings, counts and sizes chosen to break ordering assumptions: the
    /// children a container reports visible are exactly those a scan finds, in any window.
    @Test(arguments: 0..<6)
    func everyContainerReportsExactlyTheVisibleChildren(container: Int) {
        var random = LayoutRandom(state: UInt64(container) &+ 11)
        let spacings: [CGFloat] = [0, 1, 2_000, -5, .nan, .infinity]
        for _ in 0..<150 {
            let count = random.int(0..<12)
            let spacing = spacings[random.int(0..<spacings.count)]
            let sizes = (0..<count).map { _ in (CGFloat(random.int(0..<3) * 40), CGFloat([0, 0, 30, 500][random.int(0..<4)])) }
            let children: [any Component] = sizes.map { Space().size(width: .absolute($0.0), height: .absolute($0.1)) }
            let (node, _) = Diagnostics.capture { () -> any RenderNode in
                let component: any Component
                switch container {
                case 0: component = VStack(spacing: spacing, justifyContent: [.start, .spaceEvenly, .end][random.int(0..<3)]) { children }
                case 1: component = HStack(spacing: spacing) { children }
                case 2: component = Waterfall(columns: random.int(1..<4), columnSpacing: spacing, interItemSpacing: spacing) { children }
                case 3: component = Flow(lineSpacing: spacing, interItemSpacing: spacing) { children }
                case 4: component = ZStack { children }
                default: component = Space(width: 10, height: 10).overlay { children }.inset(spacing.isFinite ? abs(spacing) : 0)
                }
                return layout(component, width: 300, height: container == 1 ? 300 : .infinity)
            }
            for _ in 0..<10 {
                let window = CGRect(
                    x: CGFloat(random.int(-100..<400)), y: CGFloat(random.int(-100..<5_000)),
                    width: CGFloat(random.int(0..<400)), height: CGFloat(random.int(0..<900)))
                #expect(node.visibleIndexes(in: window) == visibleByScan(node, in: window), "container \(container), window \(window)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64) for layout tests.
struct LayoutRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}
