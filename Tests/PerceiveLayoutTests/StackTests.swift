import Foundation
import PerceiveLayout
import Testing

@MainActor
@Suite("Stacks")
struct StackTests {
    @Test func vStackStacksWithSpacing() {
        let node = layout(
            VStack(spacing: 10) {
                box(50, 20); box(80, 30)
            }, width: 200)
        #expect(node.size == CGSize(width: 80, height: 60))
        #expect(childFrames(node) == [CGRect(x: 0, y: 0, width: 50, height: 20), CGRect(x: 0, y: 30, width: 80, height: 30)])
    }

    @Test func hStackUsesTheSameAlgorithmOnTheOtherAxis() {
        let node = layout(
            HStack(spacing: 10) {
                box(20, 50); box(30, 80)
            }, width: 200)
        #expect(node.size == CGSize(width: 60, height: 80))
        #expect(childFrames(node) == [CGRect(x: 0, y: 0, width: 20, height: 50), CGRect(x: 30, y: 0, width: 30, height: 80)])
    }

    @Test(arguments: [
        (MainAxisAlignment.start, [0.0, 30]),
        (.end, [60, 90]),
        (.center, [30, 60]),
        (.spaceBetween, [0, 90]),
        (.spaceAround, [15, 75]),
        (.spaceEvenly, [20, 70])
    ])
    func justifyContentDistributesFreeSpace(justify: MainAxisAlignment, xs: [Double]) {
        let node = HStack(spacing: 0, justifyContent: justify) {
            box(30, 10); box(30, 10)
        }
        .layout(Constraint(minSize: CGSize(width: 120, height: 0), maxSize: CGSize(width: 120, height: 100)))
        #expect(node.size == CGSize(width: 120, height: 10))
        #expect(node.positions.map(\.x) == xs.map { CGFloat($0) })
    }

    @Test(arguments: [
        (CrossAxisAlignment.start, [0.0, 0], [10.0, 40]),
        (.end, [30, 0], [10, 40]),
        (.center, [15, 0], [10, 40]),
        (.stretch, [0, 0], [40, 40])
    ])
    func alignItemsPlacesChildrenAcross(align: CrossAxisAlignment, ys: [Double], heights: [Double]) {
        let node = layout(
            HStack(alignItems: align) {
                box(10, 10); box(10, 40)
            }, width: 100, height: 40)
        #expect(node.positions.map(\.y) == ys.map { CGFloat($0) })
        #expect(node.children.map(\.size.height) == heights.map { CGFloat($0) })
    }

    @Test func flexChildrenShareFreeSpaceByGrow() {
        let node = layout(
            HStack(spacing: 10) {
                box(40, 10)
                Space(height: 10).flex(1)
                Space(height: 10).flex(2)
            }, width: 180)
        #expect(node.size.width == 180)
        #expect(childFrames(node).map(\.width) == [40, 40, 80])
        #expect(childFrames(node).map(\.minX) == [0, 50, 100])
    }

    @Test func spacerPushesContentApart() {
        let node = layout(
            HStack {
                Text("L"); Spacer(); Text("R")
            }, width: 100)
        #expect(childFrames(node).map(\.minX) == [0, 8.5, 91.5])
    }

    /// Every kind of statement a container's block may hold contributes its components in order.
    @Test func aBlockKeepsEveryStatementInOrder() {
        let flag = true
        let some: (any Component)? = box(10, 5)
        let none: (any Component)? = nil
        let node = layout(
            VStack {
                box(10, 1)
                if flag { box(10, 2) } else { box(10, 99) }
                for height in [3, 4] as [CGFloat] { box(10, height) }
                _ = flag
                some
                none
                [box(10, 6), box(10, 7)] as [any Component]
                if !flag { box(10, 99) }
                box(10, 8)
            })
        #expect(childFrames(node).map(\.height) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(childFrames(node).map(\.minY) == [0, 1, 3, 6, 10, 15, 21, 28])
    }

    /// An id names a child; it does not change how the child lays out.
    @Test func anIdentifiedFlexibleChildStillGrowsAndShrinks() {
        let grown = layout(
            HStack {
                Text("L"); Spacer().id("gap"); box(10, 10).flex().id(7)
            }, width: 100)
        #expect(childFrames(grown).map(\.minX) == [0, 8.5, 54.25])
        #expect(childFrames(grown).map(\.width) == [8.5, 45.75, 45.75])
        let shrunk = layout(
            HStack {
                box(80, 10).flexShrink(1).id("first"); box(80, 10)
            }, width: 100)
        #expect(childFrames(shrunk).map(\.width) == [20, 80])
    }

    /// `flexGrow` shares free space by its factor as `flex` does (a growing child is measured
    /// empty, so it never overflows); with a factor of 0 the child neither grows nor shrinks, and
    /// an overflow is taken from the others.
    @Test func aGrowOnlyChildSharesFreeSpaceAndNeverShrinks() {
        let grown = layout(
            HStack {
                box(20, 10).flexGrow(1); box(20, 10).flex(3)
            }, width: 120)
        #expect(childFrames(grown).map(\.width) == [30, 90])
        let overflowing = layout(
            HStack {
                box(80, 10).flexGrow(0); box(80, 10).flexShrink(1)
            }, width: 100)
        #expect(childFrames(overflowing).map(\.width) == [80, 20])
        #expect(childFrames(overflowing).map(\.minX) == [0, 80])
    }

    /// `Space(size:)` is a square.
    @Test func aSquareSpaceTakesItsSizeOnBothAxes() {
        let node = layout(
            VStack {
                Space(size: 12); Space(size: 3)
            })
        #expect(childFrames(node) == [CGRect(x: 0, y: 0, width: 12, height: 12), CGRect(x: 0, y: 12, width: 3, height: 3)])
    }

    @Test func overflowIsTakenFromShrinkableChildren() {
        let node = layout(
            HStack {
                box(80, 10).flexShrink(1); box(80, 10)
            }, width: 100)
        #expect(childFrames(node).map(\.width) == [20, 80])
        #expect(node.size.width == 100)
    }

    @Test func visibleChildrenAreFoundByBinarySearch() {
        let node = layout(VStack { for _ in 0..<1_000 { box(10, 10) } })
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 95, width: 10, height: 20)) == [9, 10, 11])
        #expect(node.visibleIndexes(in: CGRect(x: 0, y: 20_000, width: 10, height: 20)) == [])
    }
}
