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
