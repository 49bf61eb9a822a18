import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A stack of at most four children keeps no memos: each child lays out by itself, and the outcome
/// (builds, frames, views) is the one a stack with memos gives.
@MainActor
@Suite("Small stacks")
struct SmallStackTests {
    func makeList(_ shape: ReuseShape, count: Int) -> (ReuseFeed, ComponentView) {
        let feed = ReuseFeed(count: count)
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        host.componentEngine.component = ReuseList(feed: feed, shape: shape)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        return (feed, host)
    }

    @Test func fourRowsAreFoundByTheirOwnLayoutAndFiveByTheStacksMemo() {
        for count in [4, 5] {
            let (feed, host) = makeList(.keyed, count: count)
            feed.items.swapAt(0, count - 1)
            host.componentEngine.flush()
            let stats = host.componentEngine.stats
            // No row builds either way; only the larger stack takes its rows from its memo.
            #expect(host.componentEngine.buildsByType == ["ReuseList": 1])
            #expect(stats.buildsSkipped == count)
            #expect(stats.childrenReused == (count == 4 ? 0 : count))
            #expect(stats.viewsMoved == 2)
            var expected = (0..<count).map { "row-\($0)" }
            expected.swapAt(0, count - 1)
            #expect(host.subviews.map(\.componentID) == expected)
            #expect(host.subviews.map(\.frame.minY) == (0..<count).map { CGFloat($0) * 20 })
        }
    }

    @Test func aChangedRowBuildsAloneAndItsNeighboursKeepTheirPlaces() {
        let (feed, host) = makeList(.keyed, count: 3)
        feed.items[1].title = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["ReuseRow": 1])
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect((host.subviews.map { ($0 as? LabelView)?.text }) == ["item 0", "changed", "item 2"])
        #expect(host.subviews.map(\.frame) == (0..<3).map { CGRect(x: 0, y: CGFloat($0) * 20, width: 300, height: 20) })
    }

    @Test func aRowThatGrowsMovesTheRowsAfterIt() {
        let feed = ReuseFeed(count: 3)
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        host.componentEngine.component = VStack(spacing: 5) {
            for item in feed.items { GrowingRow(item: item).id("row-\(item.id)") }
        }
        host.componentEngine.flush()
        #expect(host.subviews.map(\.frame.minY) == [0, 25, 50])
        host.componentEngine.resetStats()
        feed.items[0].title = "two\nlines"
        host.componentEngine.flush()
        // The first row rebuilds at 40 high; the stack places its rows again, the others not rebuilt.
        #expect(host.componentEngine.buildsByType == ["GrowingRow": 1])
        #expect(
            host.subviews.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 300, height: 40), CGRect(x: 0, y: 45, width: 300, height: 20),
                CGRect(x: 0, y: 70, width: 300, height: 20)
            ])
    }

    @Test func theFirstChildCanBeTheFlexibleOne() {
        // The flexibility list is made at the first flexible child, here the first of all: the
        // spacer takes what the label leaves.
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        host.componentEngine.component = HStack {
            Spacer()
            Text("B").size(width: 30, height: 10).id("b")
        }
        host.componentEngine.flush()
        #expect(host.subviews.map(\.frame) == [CGRect(x: 70, y: 0, width: 30, height: 10)])
    }
}

/// A memoized row 20 high per line of its title.
struct GrowingRow: ComponentBuilder, @MainActor Equatable {
    let item: ReuseItem
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item === rhs.item }
    func build() -> some Component {
        let lines = item.title.split(separator: "\n").count
        return Text(item.title).size(width: .fill, height: .absolute(CGFloat(lines) * 20))
    }
}
