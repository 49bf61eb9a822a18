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

    static func table(_ variant: String, _ store: Store) -> any Component {
        switch variant {
        case "equatable": return EquatableTable(store: store)
        case "boundaries": return BoundaryTable(store: store)
        default: return PlainTable(store: store)
        }
    }

    /// A fresh `variant` table in a host tall enough that every row is visible, as in the browser
    /// benchmark, prepared for `operation` on `count` rows and flushed.
    static func preparedTable(_ variant: String, for operation: Operation, count: Int) -> (Store, ComponentView) {
        let store = Store()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
        host.componentEngine.component = table(variant, store)
        host.componentEngine.flush()
        operation.prepare(store, count)
        host.componentEngine.flush()
        return (store, host)
    }

    static func run(_ options: Options, _ report: Report) {
        let counts = options.quick ? [1_000] : [1_000, 10_000]
        for variant in variants {
            for operation in operations {
                let sizes = counts.filter { $0 == 1_000 || operation.atTenThousand }.map { Size(count: $0, options) }
                measure(operation, variant: variant, sizes, report)
            }
        }
    }

    /// One table size of an operation's measurement: its samples so far and the last one's counts.
    struct Size {
        let count: Int
        /// Samples to take after the warm-up run.
        let repetitions: Int
        var samples: [Double] = []
        var firstSamples: [Double] = []
        var stats = EngineStats()

        init(count: Int, _ options: Options) {
            self.count = count
            repetitions = options.quick ? 2 : (count >= 10_000 ? 5 : 9)
        }
    }

    /// Times `operation` on a table of each size, after a warm-up run. The sizes take turns, one
    /// sample each while both have samples to take: this machine's speed moves by up to 2× over
    /// seconds, and sizes measured one after the other would put that into the ratio between them.
    /// (Each sample is taken as it would be alone: on its own fresh table, after its own warm-ups;
    /// the previous sample's table is gone.)
    static func measure(_ operation: Operation, variant: String, _ sizes: [Size], _ report: Report) {
        var sizes = sizes
        for repetition in 0...(sizes.map(\.repetitions).max() ?? 0) {
            for index in sizes.indices where repetition <= sizes[index].repetitions {
                let (elapsed, first, stats) = sample(operation, variant: variant, count: sizes[index].count)
                if repetition > 0 { // the first run warms up
                    sizes[index].samples.append(elapsed)
                    sizes[index].firstSamples.append(first)
                }
                sizes[index].stats = stats
            }
        }
        for size in sizes {
            let record = { (metric: String, value: Double) in
                report.add("rows", variant, n: size.count, "\(operation.key)_\(metric)", value)
            }
            record("median_ns", Measure.median(size.samples))
            if operation.warmUps > 0 { record("first_median_ns", Measure.median(size.firstSamples)) }
            let stats = size.stats
            record("views_created", Double(stats.viewsCreated + stats.viewsReused))
            record("views_updated", Double(stats.viewsUpdated))
            record("views_moved", Double(stats.viewsMoved))
            record("views_removed", Double(stats.viewsRemoved))
            record("builds", Double(stats.builds))
            record("layouts", Double(stats.layouts))
            record("nodes_compared", Double(stats.nodesCompared))
        }
    }

    /// One sample on a fresh table of `count` rows: the first operation on it (the only one, for
    /// an operation without warm-ups), then the warm-ups and the timed operation on the same table.
    /// Returns the timed operation's and the first one's nanoseconds, and the timed one's counts.
    private static func sample(_ operation: Operation, variant: String, count: Int) -> (Double, Double, EngineStats) {
        let (store, host) = preparedTable(variant, for: operation, count: count)
        host.componentEngine.resetSubtreeStats()
        let timed = { (done: Int) -> Double in
            let start = Measure.now()
            operation.run(store, count, done)
            host.componentEngine.flush()
            return Double(Measure.now() - start)
        }
        let first = timed(0)
        var elapsed = first
        if operation.warmUps > 0 {
            for done in 1..<operation.warmUps {
                operation.run(store, count, done)
                host.componentEngine.flush()
            }
            host.componentEngine.resetSubtreeStats()
            elapsed = timed(operation.warmUps)
        }
        return (elapsed, first, host.componentEngine.subtreeStats)
    }

    static func render(_ report: Report) -> String {
        var sections: [String] = []
        let counts = Array(Set(report.records.filter { $0.scenario == "rows" }.map(\.n))).sorted()
        for count in counts {
            var table = Table(headers: [
                "operation", "variant", "median µs", "first on a fresh table µs", "builds", "layouts", "nodes compared",
                "views created", "updated", "moved", "removed"
            ])
            for operation in operations where count == 1_000 || operation.atTenThousand {
                for variant in variants {
                    let value = { (metric: String) in report.value("rows", variant, n: count, "\(operation.key)_\(metric)") ?? .nan }
                    table.add([
                        operation.name.replacingOccurrences(of: "N", with: format(Double(count))), variant,
                        format(value("median_ns") / 1_000), operation.warmUps > 0 ? format(value("first_median_ns") / 1_000) : "–",
                        format(value("builds")), format(value("layouts")),
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
        let first = ["select", "swap", "remove", "update10"].map { format(value("equatable", "\($0)_first_median_ns") / 1_000) }
        return "Verdict: "
            + (minimal
                ? "in every variant each operation touches the minimum number of views (100 updates for every 10th label, 2 for a "
                    + "selection, 2 moves for a swap, 1 removal). "
                : "some operations touch more views than the minimum (see the table). ")
            + "With `Equatable` rows only the rows whose own reads changed rebuild: " + equatable.joined(separator: ", ")
            + " at 1,000 rows after the warm-ups (the first on a fresh table: " + first.joined(separator: ", ")
            + " µs); plain rows rebuild the whole table for any change." + scaling(report)
    }

    /// How the `Equatable` rows' operations grow from 1,000 rows to 10,000 (when both were run):
    /// each a ratio of two medians of this run.
    static func scaling(_ report: Report) -> String {
        let ratios = ["select", "swap", "remove", "update10"].compactMap { key -> String? in
            guard let small = report.value("rows", "equatable", n: 1_000, "\(key)_median_ns"),
                let large = report.value("rows", "equatable", n: 10_000, "\(key)_median_ns"), small > 0
            else { return nil }
            return "\(key) \(format(large / small))×"
        }
        guard !ratios.isEmpty else { return "" }
        return " At 10,000 `Equatable` rows each operation takes, against its time at 1,000 (target ≤ 10×): "
            + ratios.joined(separator: ", ") + " — timings of this run, which a loaded machine moves (`perceive-bench "
            + "instructions` counts the same operations without that noise, and without the caches' share of the time)."
    }
}
