import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Two labels in one layout node, their children held in the node's own fields (`inline`) or in
/// `children` and `positions` arrays: render must not tell the two apart.
struct TwoLabels: Component {
    let inline: Bool
    let second: CGPoint
    var firstTitle = "first"

    func layout(_ constraint: Constraint) -> any RenderNode {
        let first = Text(firstTitle).size(width: 40, height: 20).layout(constraint, at: 0)
        let other = Text("second").size(width: 40, height: 20).layout(constraint, at: 1)
        let size = CGSize(width: 200, height: 200)
        if inline { return ChildPairNode(size: size, first, at: CGPoint(x: 10, y: 5), other, at: second) }
        return ContainerNode(size: size, children: [first, other], positions: [CGPoint(x: 10, y: 5), second])
    }
}

/// A pair of memoized rows in one ZStack: a list of two, recorded whole through inline children.
struct PairOfRows: ComponentBuilder {
    let feed: PatchFeed
    func build() -> some Component {
        ZStack(verticalAlignment: .start, horizontalAlignment: .start) {
            for row in feed.rows.prefix(2) { PatchRowView(row: row).id(row.id) }
        }
    }
}

@MainActor
@Suite("Children held inline")
struct InlineChildrenTests {
    func shown(_ component: any Component, height: CGFloat = 400) -> ComponentScrollView {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: height))
        host.componentEngine.component = component
        host.componentEngine.flush()
        return host
    }

    func scanned(_ node: any RenderNode, _ window: CGRect) -> [Int] {
        node.children.indices.filter { CGRect(origin: node.positions[$0], size: node.children[$0].size).isVisible(in: window) }
    }

    @Test(arguments: [CGPoint(x: 60, y: 5), CGPoint(x: 0, y: 45), CGPoint(x: 0, y: 120), CGPoint(x: -50, y: 0)])
    func renderShowsTheSameViewsAsForArrays(second: CGPoint) {
        // A 60-point window: the second label shows at y 45 (partly), not at 120 or left of 0.
        let inline = shown(TwoLabels(inline: true, second: second), height: 60)
        let arrays = shown(TwoLabels(inline: false, second: second), height: 60)
        #expect(inline.dump() == arrays.dump())
        #expect(inline.subviews.count == (second.y == 120 || second.x < -40 ? 1 : 2))
        // Rendered again with a change: the same views, updated alike.
        inline.componentEngine.component = TwoLabels(inline: true, second: second, firstTitle: "changed")
        arrays.componentEngine.component = TwoLabels(inline: false, second: second, firstTitle: "changed")
        let views = inline.subviews
        inline.componentEngine.flush()
        arrays.componentEngine.flush()
        #expect(inline.dump() == arrays.dump())
        #expect(inline.subviews.map(ObjectIdentifier.init) == views.map(ObjectIdentifier.init))
    }

    @Test func aZStackOfOneHoldsItsChildInline() {
        let node = ZStack { Space(width: 20, height: 10) }.layout(Constraint(tightSize: CGSize(width: 100, height: 50)))
        #expect(node._inlineChildCount == 1)
        #expect(node.children.map(\.size) == [CGSize(width: 20, height: 10)])
        #expect(node.positions == [CGPoint(x: 40, y: 20)])
        #expect(node._inlineChild(0).position == CGPoint(x: 40, y: 20))
        #expect(node.size == CGSize(width: 100, height: 50))
    }

    @Test func aZStackOfTwoHoldsItsChildrenInlineAndOfThreeInArrays() {
        let constraint = Constraint(tightSize: CGSize(width: 100, height: 50))
        let two = ZStack(verticalAlignment: .end, horizontalAlignment: .start) {
            Space(width: 20, height: 10)
            Space(width: 100, height: 30)
        }.layout(constraint)
        #expect(two._inlineChildCount == 2)
        #expect(two.positions == [CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 20)])
        #expect([two._inlineChild(0).position, two._inlineChild(1).position] == two.positions)
        let three = ZStack {
            Space(width: 20, height: 10)
            Space(width: 10, height: 10)
            Space(width: 100, height: 50)
        }.layout(constraint)
        #expect(three._inlineChildCount == -1)
        #expect(three.positions == [CGPoint(x: 40, y: 20), CGPoint(x: 45, y: 20), .zero])
    }

    @Test func aDecorationKeepsItsLayersInOrderAtTheOrigin() {
        let constraint = Constraint(maxSize: CGSize(width: 300, height: 300))
        let overlay = Space(width: 30, height: 20).overlay { Space(width: 5, height: 5) }.layout(constraint)
        let background = Space(width: 30, height: 20).background { Space(width: 5, height: 5) }.layout(constraint)
        #expect(overlay._inlineChildCount == 2)
        // The decoration is laid out to the content's size; the content comes first in an overlay.
        #expect(overlay.children.map(\.size) == [CGSize(width: 30, height: 20), CGSize(width: 30, height: 20)])
        #expect(overlay.positions == [.zero, .zero])
        #expect(background.positions == [.zero, .zero])
        #expect(overlay.size == CGSize(width: 30, height: 20))
    }

    @Test func visibleChildrenAreTheOnesWhoseFramesMeetTheWindow() {
        let constraint = Constraint(tightSize: CGSize(width: 100, height: 100))
        let pair = ZStack(verticalAlignment: .start, horizontalAlignment: .end) {
            Space(width: 20, height: 10)
            Space(width: 0, height: 0)
        }.layout(constraint)
        // The pair: (80, 0, 20, 10) and an empty child at (100, 0). The single child: (30, 30, 20, 10).
        let single = Space(width: 20, height: 10).inset(top: 30, left: 30).layout(Constraint(maxSize: CGSize(width: 100, height: 100)))
        let windows = [
            CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 0, y: 0, width: 79, height: 5),
            CGRect(x: 80, y: 0, width: 20, height: 0), CGRect(x: 100, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: 35, width: 31, height: 30), CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10)
        ]
        #expect(windows.map { pair.visibleIndexes(in: $0) } == [[0, 1], [], [1], [1], [], []])
        #expect(windows.map { single.visibleIndexes(in: $0) } == [[0], [], [], [], [0], []])
        // The rule arrays are read by (each child's frame tested on its own).
        for window in windows {
            #expect(pair.visibleIndexes(in: window) == scanned(pair, window))
            #expect(single.visibleIndexes(in: window) == scanned(single, window))
        }
    }

    @Test func twoMemoizedRowsInAZStackTradePlacesLikeAnyList() {
        let feed = PatchFeed()
        let host = shown(PairOfRows(feed: feed))
        let views = host.subviews
        host.componentEngine.resetStats()
        feed.rows.swapAt(0, 1)
        host.componentEngine.flush()
        let fresh = shown(PairOfRows(feed: feed))
        #expect(host.dump() == fresh.dump())
        #expect(host.subviews.map(ObjectIdentifier.init) == views.reversed().map(ObjectIdentifier.init))
        #expect(host.componentEngine.stats.viewsCreated == 0)
        #expect(host.componentEngine.stats.viewsMoved == 1)
        // A row's own change afterwards updates that row's view only.
        feed.rows[0].title = "renamed"
        host.componentEngine.resetStats()
        host.componentEngine.flush()
        #expect(host.dump() == shown(PairOfRows(feed: feed)).dump())
        #expect(host.componentEngine.stats.viewsUpdated == 1)
    }
}
