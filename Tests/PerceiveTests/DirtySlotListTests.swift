import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Two rows' tracked inputs: the first row's build writes the second row's input once.
@MainActor
final class ChainedRows: Perceptible {
    @Perceived var first = 0
    @Perceived var second = 0
    /// Builds of each row, by its name.
    var builds: [String: Int] = [:]
    /// Whether the first row has written `second` (untracked: the first row does not read `second`).
    var wroteSecond = false
}

/// A memoized row showing `first`; once `first` reaches 1 its build sets `second` to 10.
struct FirstRow: ComponentBuilder, @MainActor Equatable {
    let rows: ChainedRows
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rows === rhs.rows }
    func build() -> some Component {
        rows.builds["first", default: 0] += 1
        let value = rows.first
        if value >= 1 && !rows.wroteSecond {
            rows.wroteSecond = true
            rows.second = 10
        }
        return Text("first \(value)").size(width: .fill, height: 20)
    }
}

/// A memoized row showing `second`.
struct SecondRow: ComponentBuilder, @MainActor Equatable {
    let rows: ChainedRows
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rows === rhs.rows }
    func build() -> some Component {
        rows.builds["second", default: 0] += 1
        return Text("second \(rows.second)").size(width: .fill, height: 20)
    }
}

/// Rows laid out in one scope, each rebuilt alone when what it read changes.
struct ChainedTable: ComponentBuilder {
    let rows: ChainedRows
    let count: Int
    func build() -> some Component {
        VStack {
            FirstRow(rows: rows).id("first")
            SecondRow(rows: rows).id("second")
            // Enough other rows that the reload's list of rows to rebuild is not a short one.
            for index in 0..<count { Text("row \(index)").size(width: .fill, height: 20).id("row-\(index)") }
        }
    }
}

/// A reload reads its list of rows to rebuild in place and then empties it: every marked row is
/// rebuilt once, a row whose input another row's build wrote is rebuilt by the flush's next reload
/// (the write reaches the engine after the layout), and nothing stays marked.
@MainActor
@Suite("Rows marked during an incremental reload")
struct DirtySlotListTests {
    @Test func aRowMarkedByAnotherRowsBuildIsRebuiltOnceByTheNextReload() {
        let rows = ChainedRows()
        let host = makeHost(ChainedTable(rows: rows, count: 3), width: 100, height: 400)
        #expect(rows.builds == ["first": 1, "second": 1])
        let reloads = host.componentEngine.stats.reloads

        rows.first = 1
        host.componentEngine.flush()

        // The first row rebuilt and wrote `second`, which marked the second row after that reload;
        // the flush's next reload rebuilt it, once.
        #expect(rows.builds == ["first": 2, "second": 2])
        #expect(host.componentEngine.stats.reloads == reloads + 2)
        #expect((host.findView(id: "first") as? LabelView)?.text == "first 1")
        #expect((host.findView(id: "second") as? LabelView)?.text == "second 10")
        #expect(host.componentEngine.isDirty == false)

        // Nothing is left marked: a later change rebuilds only its own row.
        rows.second = 11
        host.componentEngine.flush()
        #expect(rows.builds == ["first": 2, "second": 3])
        #expect((host.findView(id: "second") as? LabelView)?.text == "second 11")
    }

    @Test func manyRowsMarkedTogetherAreEachRebuiltOnce() {
        let models = (0..<40).map { _ in ChainedRows() }
        struct Table: ComponentBuilder {
            let models: [ChainedRows]
            func build() -> some Component {
                VStack { for (index, model) in models.enumerated() { SecondRow(rows: model).id(index) } }
            }
        }
        let host = makeHost(Table(models: models), width: 100, height: 1_000)
        for model in models { model.second = 5 }
        host.componentEngine.flush()
        #expect(models.map { $0.builds["second"] ?? 0 } == Array(repeating: 2, count: 40))
        #expect(host.findViews(ofType: LabelView.self).map(\.text) == Array(repeating: "second 5", count: 40))
        // The list was emptied: the next change rebuilds one row.
        models[7].second = 6
        host.componentEngine.flush()
        #expect(models.map { $0.builds["second"] ?? 0 }.reduce(0, +) == 81)
        #expect(models[7].builds["second"] == 3)
    }

    /// Marked inner first, a row and the section holding it are rebuilt outermost first: the
    /// section's rebuild hands the row a new title and rebuilds it, and the row is not rebuilt again.
    @Test func slotsOfSeveralDepthsAreRebuiltOutermostFirst() {
        let rows = ChainedRows()
        let host = makeHost(NestedSection(rows: rows), width: 100, height: 400)
        #expect(rows.builds == ["section": 1, "row": 1])
        rows.second = 2 // the row's own input: the row is marked first
        rows.first = 1 // the section's input: marked second, one level up
        host.componentEngine.flush()
        #expect(rows.builds == ["section": 2, "row": 2])
        #expect((host.findView(id: "row") as? LabelView)?.text == "title 1, second 2")
    }

    /// The list holds its rows unretained: a marked row that its section's rebuild drops, earlier
    /// in the same reload, is kept alive until the reload ends and then skipped, not rebuilt (run
    /// under the address sanitizer, a row freed while listed is an error). The row is below the
    /// visible area, so no view holds its slot either.
    @Test func aMarkedRowItsSectionDropsInTheSameReloadIsSkipped() {
        let rows = ChainedRows()
        let host = makeHost(ClosingSection(rows: rows), width: 100, height: 100)
        #expect(rows.builds == ["section": 1, "row": 1])
        #expect(host.findView(id: "row") == nil)
        rows.second = 2 // the row's own input: the row is marked first
        rows.first = 1 // the section's: its rebuild drops the row
        host.componentEngine.flush()
        #expect(rows.builds == ["section": 2, "row": 1])
        #expect(host.findView(id: "row") == nil)
        #expect(host.findViews(ofType: LabelView.self).map(\.text) == ["top"])
        #expect(host.componentEngine.isDirty == false)
        // The dropped row's subscription went with it.
        rows.second = 3
        host.componentEngine.flush()
        #expect(rows.builds == ["section": 2, "row": 1])
        #expect(host.componentEngine.isDirty == false)
    }
}

/// A memoized section reading `first`: under a tall label, the nested row while `first` is 0, a
/// closing label after.
struct ClosingSection: ComponentBuilder, @MainActor Equatable {
    let rows: ChainedRows
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rows === rhs.rows }
    func build() -> some Component {
        rows.builds["section", default: 0] += 1
        return VStack {
            Text("top").size(width: .fill, height: 200)
            if rows.first == 0 {
                NestedRow(rows: rows, title: "open").id("row")
            } else {
                Text("closed").size(width: .fill, height: 20)
            }
        }
    }
}

/// A memoized section reading `first`, holding a memoized row whose title it makes from it.
struct NestedSection: ComponentBuilder, @MainActor Equatable {
    let rows: ChainedRows
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rows === rhs.rows }
    func build() -> some Component {
        rows.builds["section", default: 0] += 1
        return VStack { NestedRow(rows: rows, title: "title \(rows.first)").id("row") }
    }
}

/// A memoized row reading `second`; equal to another only with the same title.
struct NestedRow: ComponentBuilder, @MainActor Equatable {
    let rows: ChainedRows
    let title: String
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rows === rhs.rows && lhs.title == rhs.title }
    func build() -> some Component {
        rows.builds["row", default: 0] += 1
        return Text("\(title), second \(rows.second)").size(width: .fill, height: 20)
    }
}
