import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

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

/// A memoized row (a builder slot) held inline by a wrapper node: centred (a single-child node),
/// tappable (a tappable node), or beside another row in a `ZStack` under an id (an id around a
/// pair).
struct WrappedRows: ComponentBuilder {
    enum Wrapper { case centred, tappable, identifiedPair }
    let feed: PatchFeed
    let wrapper: Wrapper
    func build() -> some Component {
        switch wrapper {
        case .centred: AnyComponent(PatchRowView(row: feed.rows[0]).centered())
        case .tappable: AnyComponent(PatchRowView(row: feed.rows[0]).tappableView {})
        case .identifiedPair:
            AnyComponent(
                ZStack(verticalAlignment: .start, horizontalAlignment: .start) {
                    PatchRowView(row: feed.rows[0]).id(0)
                    PatchRowView(row: feed.rows[1]).id(1)
                }.id("pair"))
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

    /// A `ZStack` of spaces of `sizes`, laid out in `constraint`.
    func layers(
        _ sizes: [CGSize], vertical: CrossAxisAlignment = .center, horizontal: CrossAxisAlignment = .center, in constraint: Constraint
    ) -> any RenderNode {
        ZStack(verticalAlignment: vertical, horizontalAlignment: horizontal) {
            for size in sizes { Space(width: size.width, height: size.height) }
        }.layout(constraint)
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
        let node = layers([CGSize(width: 20, height: 10)], in: Constraint(tightSize: CGSize(width: 100, height: 50)))
        #expect(node._inlineChildCount == 1)
        #expect(node.children.map(\.size) == [CGSize(width: 20, height: 10)])
        #expect(node.positions == [CGPoint(x: 40, y: 20)])
        #expect(node._inlineChild(0).position == CGPoint(x: 40, y: 20))
        #expect(node.size == CGSize(width: 100, height: 50))
    }

    @Test func aZStackOfTwoHoldsItsChildrenInlineAndOfThreeInArrays() {
        let constraint = Constraint(tightSize: CGSize(width: 100, height: 50))
        let two = layers(
            [CGSize(width: 20, height: 10), CGSize(width: 100, height: 30)], vertical: .end, horizontal: .start, in: constraint)
        #expect(two._inlineChildCount == 2)
        #expect(two.positions == [CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 20)])
        #expect([two._inlineChild(0).position, two._inlineChild(1).position] == two.positions)
        let three = layers([CGSize(width: 20, height: 10), CGSize(width: 10, height: 10), CGSize(width: 100, height: 50)], in: constraint)
        #expect(three._inlineChildCount == -1)
        #expect(three.positions == [CGPoint(x: 40, y: 20), CGPoint(x: 45, y: 20), .zero])
    }

    @Test func aDecorationKeepsItsLayersInOrderAtTheOrigin() {
        let constraint = Constraint(maxSize: CGSize(width: 300, height: 300))
        // The content is a label (view-backed), the decoration a space (not): their order shows.
        let overlay = Text("content").size(width: 30, height: 20).overlay { Space(width: 5, height: 5) }.layout(constraint)
        let background = Text("content").size(width: 30, height: 20).background { Space(width: 5, height: 5) }.layout(constraint)
        #expect(overlay._inlineChildCount == 2)
        #expect(overlay.children.map { $0.viewType != nil } == [true, false])
        #expect(background.children.map { $0.viewType != nil } == [false, true])
        // The decoration is laid out to the content's size, both at the origin.
        #expect(overlay.children.map(\.size) == [CGSize(width: 30, height: 20), CGSize(width: 30, height: 20)])
        #expect(overlay.positions == [.zero, .zero])
        #expect(background.positions == [.zero, .zero])
        #expect(overlay.size == CGSize(width: 30, height: 20))
    }

    @Test func visibleChildrenAreTheOnesWhoseFramesMeetTheWindow() {
        let constraint = Constraint(tightSize: CGSize(width: 100, height: 100))
        let pair = layers([CGSize(width: 20, height: 10), .zero], vertical: .start, horizontal: .end, in: constraint)
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

    /// The slot an inline child is, as render reads it (without copying the child) and as the child says.
    func slot(_ wrapping: _RenderWrapping) -> LayoutSlot? {
        guard case .slot(let slot) = wrapping.kind else { return nil }
        return slot
    }

    @Test func aChildsWrappingIsReadInPlaceAndAgreesWithTheChild() {
        // Memoized rows lay out into slots (a pair of them, read through the builder's own slot);
        // labels, a tappable label and a centred label do not.
        let feed = PatchFeed()
        let wrapped: [WrappedRows.Wrapper] = [.centred, .tappable, .identifiedPair]
        let roots: [any Component] = [PairOfRows(feed: feed)] + wrapped.map { WrappedRows(feed: feed, wrapper: $0) }
        let hosts = roots.map { shown($0) }
        let constraint = Constraint(maxSize: CGSize(width: 300, height: 300))
        let nodes: [(any RenderNode, expectsSlots: Bool)] =
            hosts.map { ($0.componentEngine.rootNode!, true) } + [
                (TwoLabels(inline: true, second: CGPoint(x: 60, y: 5)).layout(constraint), false),
                (Text("tap").tappableView {}.layout(constraint), false),
                (Text("centred").centered().layout(constraint), false)
            ]
        for (node, expectsSlots) in nodes {
            #expect(node._inlineChildCount > 0)
            for index in 0..<max(node._inlineChildCount, 0) {
                let (child, position) = node._inlineChild(index)
                let (wrapping, wrappedPosition) = node._inlineChildWrapping(index)
                #expect(wrappedPosition == position)
                #expect((slot(wrapping) != nil) == expectsSlots)
                #expect(slot(wrapping) === slot(child._wrapping))
            }
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
