import Foundation
import Perceive
import PerceiveLayout

/// Scenario 3: the standard operations of the well-known JS framework benchmark on a table of
/// rows with a label and a selected flag, rendered in one scope with explicit ids.
@MainActor
enum RowsScenario {
    struct Row: Equatable {
        let id: Int
        var label: String
    }

    final class Store: Perceptible {
        @Perceived var rows: [Row] = []
        @Perceived var selected: Int?
        var nextID = 1
        var generator = SplitMix64(seed: 7)
        static let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint"]
        static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger"]

        func make(_ count: Int) -> [Row] {
            (0..<count).map { _ in
                defer { nextID += 1 }
                let adjective = Self.adjectives[Int(generator.next() % 10)]
                let noun = Self.nouns[Int(generator.next() % 10)]
                return Row(id: nextID, label: "\(adjective) \(noun)")
            }
        }
    }

    struct RowsTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack {
                for row in store.rows {
                    Text("\(row.id) \(row.label)")
                        .textColor(store.selected == row.id ? .red : .black)
                        .size(width: .fill, height: 20)
                        .id(row.id)
                }
            }
        }
    }

    struct Operation {
        let name: String
        let prepare: (Store) -> Void
        let run: (Store) -> Void
    }

    static let operations: [Operation] = [
        Operation(name: "create 1,000", prepare: { _ in }, run: { $0.rows = $0.make(1_000) }),
        Operation(name: "replace all 1,000", prepare: { $0.rows = $0.make(1_000) }, run: { $0.rows = $0.make(1_000) }),
        Operation(name: "update every 10th", prepare: { $0.rows = $0.make(1_000) }, run: { store in
            for index in stride(from: 0, to: store.rows.count, by: 10) { store.rows[index].label += " !!!" }
        }),
        Operation(name: "select a row", prepare: { store in
            store.rows = store.make(1_000)
            store.selected = store.rows[10].id
        }, run: { $0.selected = $0.rows[500].id }),
        Operation(name: "swap rows 2 and 999", prepare: { $0.rows = $0.make(1_000) }, run: { $0.rows.swapAt(1, 998) }),
        Operation(name: "remove one row", prepare: { $0.rows = $0.make(1_000) }, run: { $0.rows.remove(at: 500) }),
        Operation(name: "create 10,000", prepare: { _ in }, run: { $0.rows = $0.make(10_000) }),
        Operation(name: "append 1,000 to 1,000", prepare: { $0.rows = $0.make(1_000) }, run: { $0.rows += $0.make(1_000) }),
        Operation(name: "clear 1,000", prepare: { $0.rows = $0.make(1_000) }, run: { $0.rows = [] }),
    ]

    static func run(_ options: Options, _ report: Report) {
        let repetitions = options.quick ? 2 : 7
        for (index, operation) in operations.enumerated() {
            var samples: [Double] = []
            var stats = EngineStats()
            for repetition in 0...repetitions {
                let store = Store()
                // Tall enough that every row is visible, as in the browser benchmark.
                let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
                host.componentEngine.component = RowsTable(store: store)
                host.componentEngine.flush()
                operation.prepare(store)
                host.componentEngine.flush()
                host.componentEngine.resetStats()
                let start = Measure.now()
                operation.run(store)
                host.componentEngine.flush()
                let elapsed = Double(Measure.now() - start)
                if repetition > 0 { samples.append(elapsed) }   // the first run warms up
                stats = host.componentEngine.stats
            }
            let record = { (metric: String, value: Double) in report.add("rows", operation.name, n: index, metric, value) }
            record("median_ns", Measure.median(samples))
            record("views_created", Double(stats.viewsCreated + stats.viewsReused))
            record("views_updated", Double(stats.viewsUpdated))
            record("views_moved", Double(stats.viewsMoved))
            record("views_removed", Double(stats.viewsRemoved))
        }
    }

    static func render(_ report: Report) -> String {
        var table = Table(headers: ["operation", "median ms", "views created", "updated", "moved", "removed"])
        for (index, operation) in operations.enumerated() {
            let value = { (metric: String) in report.value("rows", operation.name, n: index, metric) ?? .nan }
            table.add([operation.name, format(value("median_ns") / 1_000_000), format(value("views_created")),
                       format(value("views_updated")), format(value("views_moved")), format(value("views_removed"))])
        }
        let value = { (name: String, metric: String) -> Double in
            let index = operations.firstIndex { $0.name == name }!
            return report.value("rows", name, n: index, metric) ?? .nan
        }
        let minimal = value("update every 10th", "views_updated") == 100 && value("select a row", "views_updated") == 2
            && value("swap rows 2 and 999", "views_moved") == 2 && value("remove one row", "views_removed") == 1
        return table.render() + "\n\nVerdict: " + (minimal
            ? "every operation touches the minimum number of views (100 updates for every 10th label, 2 for a selection, 2 moves for a swap, 1 removal)."
            : "some operations touch more views than the minimum (see the table).")
    }
}
