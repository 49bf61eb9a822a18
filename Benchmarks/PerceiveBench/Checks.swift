/// `--check`: the exact-count invariants CI enforces (never timings).
@MainActor
enum Checks {
    /// Problems found in `report`; empty when every invariant holds.
    static func failures(_ report: Report) -> [String] {
        var failures: [String] = []
        for record in report.records where record.scenario == "waterfall-likes" && record.variant == "correct"
            && record.metric == "builds_per_tap" && record.value != 1 {
            failures.append("waterfall-likes/correct at N = \(record.n): \(format(record.value)) builds per tap (must be exactly 1)")
        }
        for record in report.records where record.scenario == "propagation" && record.variant.hasPrefix("avoidable")
            && record.metric == "reloads_per_write" && record.value != 0 {
            failures.append("propagation/avoidable: \(format(record.value)) reloads per equal write (must be 0)")
        }
        return failures
    }
}
