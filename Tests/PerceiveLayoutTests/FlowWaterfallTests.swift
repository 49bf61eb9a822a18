import Foundation
import PerceiveLayout
import Testing

@MainActor
@Suite("Flow and Waterfall")
struct FlowWaterfallTests {
    @Test func waterfallPlacesEachChildInTheShortestColumn() {
        let node = layout(
            Waterfall(columns: 2, columnSpacing: 10, interItemSpacing: 5) {
                Space(height: 20).size(width: .fill, height: 20)
                Space(height: 10).size(width: .fill, height: 10)
                Space(height: 15).size(width: .fill, height: 15)
            }, width: 110)
        #expect(node.children.map(\.size.width) == [50, 50, 50])
        #expect(node.positions == [CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 0), CGPoint(x: 60, y: 15)])
        #expect(node.size.height == 30)
    }

    @Test func waterfallTiesGoToTheLowestColumn() {
        let node = layout(
            Waterfall(columns: 3, spacing: 0) {
                for _ in 0..<4 { Space().size(width: .fill, height: 10) }
            }, width: 30)
        #expect(node.positions.map(\.x) == [0, 10, 20, 0])
        #expect(node.positions.map(\.y) == [0, 0, 0, 10])
    }

    @Test func waterfallPositionsNeverDecreaseSoVisibilityIsABinarySearch() {
        let heights: [CGFloat] = (0..<500).map { CGFloat(10 + ($0 * 37) % 90) }
        let node = layout(
            Waterfall(columns: 3, spacing: 2) {
                for height in heights { Space().size(width: .fill, height: .absolute(height)) }
            }, width: 300)
        let ys = node.positions.map(\.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
        let window = CGRect(x: 0, y: 4_000, width: 300, height: 844)
        let linear = node.children.indices.filter {
            let frame = CGRect(origin: node.positions[$0], size: node.children[$0].size)
            return frame.intersects(window)
        }
        #expect(node.visibleIndexes(in: window) == linear)
        #expect(!linear.isEmpty)
    }

    @Test func anUnboundedFlowIsOneLineAsWideAsItsItems() {
        // No width to wrap at: one line, and the flow is as wide as that line (items and the gaps
        // between them), its items aligned within the line's height.
        let node = layout(
            Flow(lineSpacing: 4, interItemSpacing: 2, alignItems: .center) {
                box(40, 10); box(30, 20); box(20, 10)
            }, width: .infinity)
        #expect(node.size == CGSize(width: 94, height: 20))
        #expect(
            childFrames(node) == [
                CGRect(x: 0, y: 5, width: 40, height: 10), CGRect(x: 42, y: 0, width: 30, height: 20),
                CGRect(x: 74, y: 5, width: 20, height: 10)
            ])
        // Nothing to lay out: no line, no width.
        #expect(layout(Flow { for _ in 0..<0 { box(1, 1) } }, width: .infinity).size == .zero)
    }

    @Test func flowWrapsLinesWithSpacingJustifyAndAlign() {
        let node = layout(
            Flow(lineSpacing: 4, interItemSpacing: 2, justifyContent: .center, alignItems: .end) {
                box(40, 10); box(40, 20); box(40, 10); box(30, 10)
            }, width: 100)
        #expect(node.size == CGSize(width: 100, height: 34))
        #expect(
            childFrames(node) == [
                CGRect(x: 9, y: 10, width: 40, height: 10), CGRect(x: 51, y: 0, width: 40, height: 20),
                CGRect(x: 14, y: 24, width: 40, height: 10), CGRect(x: 56, y: 24, width: 30, height: 10)
            ])
    }
}
