// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
import Perceive
import PerceiveLayout

// The examples of Docs/Incremental.md, compiled and checked (see `DocsExamplesTests`).

final class TableRow: Perceptible {
    let id: Int
    @Perceived var label: String
    @Perceived var isSelected = false
    init(id: Int) { self.id = id; label = "row \(id)" }
}

final class TableModel: Perceptible {
    @Perceived var rows: [TableRow] = (0..<1_000).map(TableRow.init)
}

struct TableRowView: ComponentBuilder, @MainActor Equatable {
    let row: TableRow
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
    func build() -> some Component {
        Text(row.label).textColor(row.isSelected ? .red : .black)
    }
}

struct TableView: ComponentBuilder {
    let model: TableModel
    func build() -> some Component {
        VStack {
            for row in model.rows { TableRowView(row: row).id("\(row.id)") }
        }
    }
}

struct Gallery: ComponentBuilder {
    let model: TableModel
    func build() -> some Component {
        VStack {
            for row in model.rows { PlainRow(row: row).id("\(row.id)") }
        }
    }
}

struct PlainRow: ComponentBuilder {
    let row: TableRow
    func build() -> some Component { Text(row.label) }
}

@MainActor
@Suite("Docs: incremental reloads")
struct DocsIncrementalExamples {
    @Test func selectingTwoRowsRebuildsTwoRowsAndUpdatesTwoViews() {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 30_000))
        let model = TableModel()
        host.componentEngine.component = TableView(model: model)
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()

        model.rows[3].isSelected = true
        model.rows[7].isSelected = true
        host.componentEngine.flush()
        // host.componentEngine.subtreeStats: builds 2, views updated 2, incremental reloads 1
        let stats = host.componentEngine.subtreeStats
        #expect(stats.builds == 2)
        #expect(stats.viewsUpdated == 2)
        #expect(stats.incrementalReloads == 1)
        #expect((host.findView(id: "7") as? LabelView)?.textColor == .red)
    }

    @Test func swappingTwoRowsRebuildsTheTableAndMovesTwoViews() {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 30_000))
        let model = TableModel()
        host.componentEngine.component = TableView(model: model)
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()
        model.rows.swapAt(1, 998)
        host.componentEngine.flush()
        let stats = host.componentEngine.subtreeStats
        #expect(stats.builds == 1)
        #expect(stats.buildsSkipped == 1_000)
        #expect(stats.viewsMoved == 2)
        #expect(stats.viewsUpdated == 0)
    }

    @Test func automaticScopesRebuildOnlyTheChangedRow() {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 30_000))
        let model = TableModel()
        let screen = Gallery(model: model).automaticScopes()   // this subtree only
        host.componentEngine.component = screen
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()
        model.rows[5].label = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.subtreeStats.builds == 1)
        #expect((host.findView(id: "5") as? LabelView)?.text == "changed")
    }

    @Test func automaticScopesOnAnEngine() {
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 30_000))
        let model = TableModel()
        host.componentEngine.component = Gallery(model: model)
        host.componentEngine.flush()
        host.componentEngine.automaticScopes = true          // or the whole engine, boundaries included
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()
        model.rows[6].label = "changed too"
        host.componentEngine.flush()
        #expect(host.componentEngine.subtreeStats.builds == 1)
    }
}

// "Unchanged children"

final class FeedItem: Perceptible {
    let id: Int
    @Perceived var title: String
    init(id: Int) { self.id = id; title = "item \(id)" }
}

final class ItemFeed: Perceptible {
    @Perceived var items = (0..<100).map(FeedItem.init)
}

struct FeedRow: ComponentBuilder, @MainActor Equatable {
    let item: FeedItem            // a class: equal rows hold the same item
    static func == (lhs: FeedRow, rhs: FeedRow) -> Bool { lhs.item === rhs.item }
    func build() -> some Component { Text(item.title).size(width: .fill, height: 20) }
}

struct FeedList: ComponentBuilder {
    let feed: ItemFeed
    func build() -> some Component {
        VStack { for item in feed.items { FeedRow(item: item).id(item.id) } }
    }
}

@MainActor
@Suite("Docs/Incremental.md unchanged children")
struct DocsUnchangedChildrenExamples {
    @Test func aSwapBuildsTheListOnly() {
        let feed = ItemFeed()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 2_000))
        host.componentEngine.component = FeedList(feed: feed)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        feed.items.swapAt(1, 98)
        host.componentEngine.flush()
        // feed.items.swapAt(1, 98) on 100 rows: the list builds once, no row builds,
        // 98 rows are taken unchanged in two runs and the 2 swapped ones at their old places.
        #expect(host.componentEngine.buildsByType == ["FeedList": 1])
        #expect(host.componentEngine.stats.childrenReused == 100)
        #expect(host.componentEngine.stats.buildsSkipped == 100)
        #expect(host.componentEngine.stats.viewsMoved == 2)
    }

    @Test func aSwapOfAListRenderedWholeMovesTwoViews() {
        let feed = ItemFeed()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 2_000))
        host.componentEngine.component = FeedList(feed: feed)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        let views = host.subviews
        feed.items.swapAt(1, 98)
        host.componentEngine.flush()
        // listPatches 1, viewsMoved 2: the two views trade places, the other 98 are not looked at
        #expect(host.componentEngine.stats.listPatches == 1)
        #expect(host.componentEngine.stats.viewsMoved == 2)
        #expect(host.subviews[1] === views[98] && host.subviews[98] === views[1])
    }
}
