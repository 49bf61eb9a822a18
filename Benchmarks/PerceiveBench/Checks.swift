/// `--check`: the exact-count invariants CI enforces (never timings).
@MainActor
enum Checks {
    /// Problems found in `report`; empty when every invariant holds.
    static func failures(_ report: Report) -> [String] {
        var failures: [String] = []
        for record in report.records
        where record.scenario == "waterfall-likes"
            && ["correct", "equatable", "automatic"].contains(record.variant)
            && record.metric == "builds_per_tap" && record.value != 1
        {
            failures.append(
                "waterfall-likes/\(record.variant) at N = \(record.n): \(format(record.value)) builds per tap (must be exactly 1)")
        }
        failures += rowsFailures(report)
        for record in report.records
        where record.scenario == "propagation" && record.variant.hasPrefix("avoidable")
            && record.metric == "reloads_per_write" && record.value != 0
        {
            failures.append("propagation/avoidable: \(format(record.value)) reloads per equal write (must be 0)")
        }
        return failures
    }

    /// Every rows operation touches the minimum number of views, in every variant; memoized rows
    /// rebuild only those whose reads changed.
    static func rowsFailures(_ report: Report) -> [String] {
        var failures: [String] = []
        let rows = report.records.filter { $0.scenario == "rows" }
        // Per operation, the one view count that is not zero.
        let touched = ["select_views_updated": 2, "swap_views_moved": 2, "remove_views_removed": 1]
        for (_, records) in Dictionary(grouping: rows, by: { "\($0.variant)|\($0.n)" }).sorted(by: { $0.key < $1.key }) {
            let (variant, n) = (records[0].variant, records[0].n)
            func expect(_ metric: String, _ wanted: Int) {
                guard let record = records.first(where: { $0.metric == metric }), record.value != Double(wanted) else { return }
                failures.append("rows/\(variant) at \(n) rows: \(metric) = \(format(record.value)) (must be exactly \(wanted))")
            }
            expect("create_views_created", variant == "boundaries" ? 2 * n : n)
            expect("clear_views_removed", n)
            for op in ["select", "swap", "remove", "update10"] {
                for metric in ["views_created", "views_removed", "views_moved", "views_updated"] {
                    let key = "\(op)_\(metric)"
                    expect(key, key == "update10_views_updated" ? n / 10 : touched[key] ?? 0)
                }
            }
            if variant != "plain" {
                expect("select_builds", 2)
                expect("update10_builds", n / 10)
            }
        }
        return failures
    }
}
