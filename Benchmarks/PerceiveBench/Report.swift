import Foundation

/// One figure of a run: `{"scenario", "variant", "n", "metric", "value"}`.
struct Record: Codable {
    let scenario: String
    let variant: String
    let n: Int
    let metric: String
    let value: Double
}

/// Collects records and renders them as Markdown (stdout) and a flat JSON array (`--json`).
final class Report {
    private(set) var records: [Record] = []

    /// Adds a figure. Non-finite values mean "not applicable" (e.g. a cost per reload when nothing
    /// reloaded); they are left out, since JSON has no NaN.
    func add(_ scenario: String, _ variant: String, n: Int, _ metric: String, _ value: Double) {
        guard value.isFinite else { return }
        records.append(Record(scenario: scenario, variant: variant, n: n, metric: metric, value: value))
    }

    func value(_ scenario: String, _ variant: String, n: Int, _ metric: String) -> Double? {
        records.last { $0.scenario == scenario && $0.variant == variant && $0.n == n && $0.metric == metric }?.value
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(records).write(to: URL(fileURLWithPath: path))
    }
}

/// A Markdown table with right-aligned numeric columns.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        var lines = ["| " + headers.joined(separator: " | ") + " |"]
        lines.append("|" + headers.indices.map { $0 == 0 ? " --- |" : " ---: |" }.joined())
        for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}

/// Formats a figure for a table: integers plainly, small values with enough precision.
func format(_ value: Double) -> String {
    if value.isNaN { return "–" }
    if value == value.rounded() && abs(value) < 1e12 { return String(Int(value)) }
    if abs(value) >= 100 { return String(format: "%.0f", value) }
    if abs(value) >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}
