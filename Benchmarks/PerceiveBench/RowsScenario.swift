import Foundation
import Perceive
import PerceiveLayout

/// The standard operations of the well-known JS framework benchmark on a table of rows (a label and a
/// selected flag per row), in one scope with explicit ids, in three variants:
/// - `plain`: the table builder lays every row out itself (a write to any row rebuilds the table);
/// - `equatable`: each row is an `Equatable` builder (rebuilt alone when what it read changes);
/// - `boundaries`: each row is a perception boundary (its own scope).
@MainActor
enum RowsScenario {
    static let variants = ["plain", "equatable", "boundaries"]

    final class RowItem: Perceptible {
        let id: Int
        @Perceived var label: String
        @Perceived var selected = false
        init(id: Int, label: String) {
            self.id = id
            self.label = label
        }
    }

    final class Store: Perceptible {
        @Perceived var rows: [RowItem] = []
        private var selectedRow: RowItem?
        private var nextID = 1
        private var generator = SplitMix64(seed: 7)
        static let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint"]
        static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger"]

        func make(_ count: Int) -> [RowItem] {
            (0..<count).map { _ in
                defer { nextID += 1 }
                let adjective = Self.adjectives[Int(generator.next() % 10)]
                let noun = Self.nouns[Int(generator.next() % 10)]
                return RowItem(id: nextID, label: "\(adjective) \(noun)")
            }
        }

        func select(_ row: RowItem) {
            selectedRow?.selected = false
            row.selected = true
            selectedRow = row
        }
    }

    /// One row's look: its label, red while selected.
    static func rowLabel(_ row: RowItem) -> some Component {
        Text("\(row.id) \(row.label)").textColor(row.selected ? .red : .black).size(width: .fill, height: 20)
    }

    struct PlainTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowsScenario.rowLabel(row).id(row.id) } }
        }
    }

    struct RowView: ComponentBuilder, @MainActor Equatable {
        let row: RowItem
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
        func build() -> some Component { RowsScenario.rowLabel(row) }
    }

    struct EquatableTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowView(row: row).id(row.id) } }
        }
    }

    struct BoundaryTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowView(row: row).perceptionView(width: .fill, height: 20).id(row.id) } }
        }
    }

    struct Operation {
        /// The JSON name (`<op>` in `<op>_median_ns`).
        let key: String
        let name: String
        let prepare: (Store, Int) -> Void
        let run: (Store, Int) -> Void
        /// Whether it runs at 10,000 rows too.
        var atTenThousand = true
    }

    static let operations: [Operation] = [
        Operation(key: "create", name: "create N", prepare: { _, _ in }, run: { $0.rows = $0.make($1) }),
        Operation(key: "replace", name: "replace all N", prepare: { $0.rows = $0.make($1) }, run: { $0.rows = $0.make($1) }),
        Operation(
            key: "update10", name: "update every 10th", prepare: { $0.rows = $0.make($1) },
            run: { store, _ in
                for index in stride(from: 0, to: store.rows.count, by: 10) { store.rows[index].label += " !!!" }
            }),
        Operation(
            key: "select", name: "select a row",
            prepare: { store, count in
                store.rows = store.make(count)
                store.select(store.rows[10])
            }, run: { store, count in store.select(store.rows[count / 2]) }),
        Operation(key: "swap", name: "swap rows 2 and N−1", prepare: { $0.rows = $0.make($1) }, run: { $0.rows.swapAt(1, $1 - 2) }),
        Operation(key: "remove", name: "remove one row", prepare: { $0.rows = $0.make($1) }, run: { $0.rows.remove(at: $1 / 2) }),
        Operation(
            key: "append", name: "append 1,000 to N", prepare: { $0.rows = $0.make($1) },
            run: { store, _ in store.rows += store.make(1_000) },
            atTenThousand: false),
        Operation(
            key: "clear", name: "clear N", prepare: { $0.rows = $0.make($1) }, run: { store, _ in store.rows = [] }, atTenThousand: false)
    ]

    static func table(_ variant: String, _ store: Store) -> any Component {
        switch variant {
        case "equatable": return EquatableTable(store: store)
        case "boundaries": return BoundaryTable(store: store)
        default: return PlainTable(store: store)
        }
    }

    static func run(_ options: Options, _ report: Report) {
        let counts = options.quick ? [1_000] : [1_000, 10_000]
        for count in counts {
            for variant in variants {
                for operation in operations where count == 1_000 || operation.atTenThousand {
                    measure(operation, variant: variant, count: count, repetitions: repetitions(count, options), report)
                }
            }
        }
    }

    static func repetitions(_ count: Int, _ options: Options) -> Int {
        options.quick ? 2 : (count >= 10_000 ? 5 : 9)
    }

    static func measure(_ operation: Operation, variant: String, count: Int, repetitions: Int, _ report: Report) {
        var samples: [Double] = []
        var stats = EngineStats()
        for repetition in 0...repetitions {
            let store = Store()
            // Tall enough that every row is visible, as in the browser benchmark.
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
            host.componentEngine.component = table(variant, store)
            host.componentEngine.flush()
            operation.prepare(store, count)
            host.componentEngine.flush()
            host.componentEngine.resetSubtreeStats()
            let start = Measure.now()
            operation.run(store, count)
            host.componentEngine.flush()
            let elapsed = Double(Measure.now() - start)
            if repetition > 0 { samples.append(elapsed) } // the first run warms up
            stats = host.componentEngine.subtreeStats
        }
        let record = { (metric: String, value: Double) in
            report.add("rows", variant, n: count, "\(operation.key)_\(metric)", value)
        }
        record("median_ns", Measure.median(samples))
        record("views_created", Double(stats.viewsCreated + stats.viewsReused))
        record("views_updated", Double(stats.viewsUpdated))
        record("views_moved", Double(stats.viewsMoved))
        record("views_removed", Double(stats.viewsRemoved))
        record("builds", Double(stats.builds))
        record("layouts", Double(stats.layouts))
        record("nodes_compared", Double(stats.nodesCompared))
    }

    static func render(_ report: Report) -> String {
        var sections: [String] = []
        let counts = Array(Set(report.records.filter { $0.scenario == "rows" }.map(\.n))).sorted()
        for count in counts {
            var table = Table(headers: [
                "operation", "variant", "median µs", "builds", "layouts", "nodes compared",
                "views created", "updated", "moved", "removed"
            ])
            for operation in operations where count == 1_000 || operation.atTenThousand {
                for variant in variants {
                    let value = { (metric: String) in report.value("rows", variant, n: count, "\(operation.key)_\(metric)") ?? .nan }
                    table.add([
                        operation.name.replacingOccurrences(of: "N", with: format(Double(count))), variant,
                        format(value("median_ns") / 1_000), format(value("builds")), format(value("layouts")),
                        format(value("nodes_compared")), format(value("views_created")), format(value("views_updated")),
                        format(value("views_moved")), format(value("views_removed"))
                    ])
                }
            }
            sections.append("\(format(Double(count))) rows:\n\n" + table.render())
        }
        return sections.joined(separator: "\n\n") + "\n\n" + verdict(report)
    }

    static func verdict(_ report: Report) -> String {
        let value = { (variant: String, metric: String) in report.value("rows", variant, n: 1_000, metric) ?? .nan }
        let minimal = variants.allSatisfy { variant in
            value(variant, "update10_views_updated") == 100 && value(variant, "select_views_updated") == 2
                && value(variant, "swap_views_moved") == 2 && value(variant, "remove_views_removed") == 1
        }
        let equatable = ["select", "swap", "remove", "update10"].map { "\($0) \(format(value("equatable", "\($0)_median_ns") / 1_000)) µs" }
        return "Verdict: "
            + (minimal
                ? "in every variant each operation touches the minimum number of views (100 updates for every 10th label, 2 for a "
                    + "selection, 2 moves for a swap, 1 removal). "
                : "some operations touch more views than the minimum (see the table). ")
            + "With `Equatable` rows only the rows whose own reads changed rebuild: " + equatable.joined(separator: ", ")
            + " at 1,000 rows; plain rows rebuild the whole table for any change."
    }
}
