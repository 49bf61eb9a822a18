import Foundation
import Perceive
import Testing

@testable import PerceiveLayout

/// The column that lists the rows of a feed (the list patches' memoized rows) under a child that
/// may shrink but never grows: what a stack keeps of its placement from one layout to the next.
struct MemoColumn: ComponentBuilder {
    let feed: PatchFeed
    func build() -> some Component {
        VStack(spacing: 2) {
            Space(width: 30, height: 10).flexShrink(1)
            for row in feed.rows { PatchRowView(row: row).id(row.id) }
        }
    }
}

/// A stack laid out again with every child at its previous size takes its placement from its memo
/// and updates the memo in place (this layout's nodes and flexibilities).
@MainActor
@Suite("Stack memo")
struct StackMemoTests {
    func shown(_ feed: PatchFeed) -> ComponentView {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        host.componentEngine.component = MemoColumn(feed: feed)
        host.componentEngine.flush()
        return host
    }

    @Test func aMemoKeptInPlaceTakesTheLayoutsNodesAndFlexibilitiesAndKeepsItsPlacement() throws {
        // Children that are objects (an inset box is one node object), so that which nodes the memo
        // holds can be told apart; the first may shrink, as a short stack of inflexible children is
        // placed without the general steps (and keeps no memo).
        let constraint = Constraint(maxSize: CGSize(width: 200, height: 300))
        let column = VStack {
            Space(width: 10, height: 20).inset(0).flexShrink(1); Space(width: 10, height: 30).inset(0); Space(width: 10, height: 5).inset(0)
        }
        let node = try #require(column.layout(constraint) as? OrderedNode)
        let settings = StackMemo.Settings(axis: .vertical, spacing: 0, justify: .start, align: .start, constraint: constraint)
        let memo = StackMemo(settings: settings, flex: [], sizes: node.children.map(\.size), node: node)
        #expect(memo.flex == nil)
        let next = try #require(column.layout(constraint) as? OrderedNode)
        let identities = { (nodes: [any RenderNode]) in nodes.map { ObjectIdentifier($0 as AnyObject) } }
        #expect(identities(memo.nodes) != identities(next.children))
        memo.keep(flex: [(grow: 0, shrink: 1), (grow: 0, shrink: 0), (grow: 0, shrink: 0)], nodes: next.children)
        #expect(memo.flex?.map(\.shrink) == [1, 0, 0])
        #expect(identities(memo.nodes) == identities(next.children))
        #expect(memo.positions == [.zero, CGPoint(x: 0, y: 20), CGPoint(x: 0, y: 50)])
        #expect(memo.size == node.size)
        // Every child inflexible again: nothing kept per child.
        memo.keep(flex: [(grow: 0, shrink: 0), (grow: 0, shrink: 0), (grow: 0, shrink: 0)], nodes: next.children)
        #expect(memo.flex == nil)
    }

    @Test func reorderedAndRenamedRowsAtTheirSizesArePlacedAsFromScratch() {
        let feed = PatchFeed()
        feed.rows = (0..<4).map(PatchRow.init)
        let host = shown(feed)
        let frames = { (host: ComponentView) in host.subviews.map(\.frame) }
        let first = frames(host)
        #expect(first.map(\.origin.y) == [12, 34, 56, 78])
        // Two swaps (every child keeps its size: the kept placement, twice), then a rename.
        for step in 0..<3 {
            host.componentEngine.resetStats()
            if step < 2 { feed.rows.swapAt(0, 3) } else { feed.rows[1].title = "renamed" }
            host.componentEngine.flush()
            #expect(host.dump() == shown(feed).dump())
            #expect(frames(host) == first)
            #expect(host.componentEngine.stats.viewsMoved == (step < 2 ? 2 : 0))
            #expect(host.componentEngine.stats.viewsUpdated == (step < 2 ? 0 : 1))
        }
    }
}
