import Foundation
import Perceive
import PerceiveLayout

/// Scenario 1, the gallery: likes in a waterfall of N images, three placements side by side.
@MainActor
enum WaterfallScenario {
    static let variants = ["correct", "broken", "equatable", "automatic", "full-rebuild"]

    /// One prepared variant: a 390 × 844 scroll view showing N images.
    struct Setup {
        let host: ComponentScrollView
        /// The tap target of image `index` (it must be visible).
        let target: (Int) -> TappableView?
        let likes: (Int) -> Int
    }

    static func setUp(_ variant: String, count: Int) -> Setup {
        let images = galleryImages(count)
        BuildCounter.reset(count)
        switch variant {
        case "full-rebuild":
            let host = FullRebuildHost(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let plain = images.map { PlainImage(url: $0.0, size: $0.1) }
            host.images = plain
            host.componentEngine.flush()
            return Setup(host: host, target: { findTarget(url: plain[$0].url, in: host) }, likes: { plain[$0].likes })
        default:
            let model = PerceptionModel()
            model.images = images.map { PerceptionImage(url: $0.0, size: $0.1) }
            let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            switch variant {
            case "correct": host.componentEngine.component = CorrectGallery(model: model)
            case "equatable": host.componentEngine.component = EquatableGallery(model: model)
            case "automatic": host.componentEngine.component = BrokenGallery(model: model).automaticScopes()
            default: host.componentEngine.component = BrokenGallery(model: model)
            }
            host.componentEngine.flush()
            return Setup(host: host, target: { findTarget(url: model.images[$0].url, in: host) }, likes: { model.images[$0].likes })
        }
    }

    /// Scrolls image `index` into view (untimed by callers), then finds its tap target.
    static func reveal(_ index: Int, in host: ComponentScrollView) {
        guard let root = host.componentEngine.rootNode, index < root.positions.count else { return }
        let y = min(root.positions[index].y, max(host.contentSize.height - host.bounds.height, 0))
        host.contentOffset = CGPoint(x: 0, y: y)
        host.componentEngine.flush()
    }

    /// The like button of the image with `url`: inside its boundary (correct, broken) or, without
    /// boundaries, the tappable view whose id extends the image's (full rebuild).
    static func findTarget(url: URL, in host: PlatformView) -> TappableView? {
        let id = url.absoluteString
        return host.findViews(ofType: TappableView.self).first { view in
            view.componentID == id || view.componentID?.hasPrefix(id + ".") == true
                || view.superview?.componentID == id || view.superview?.superview?.componentID == id
        }
    }

    static func run(_ options: Options, _ report: Report) {
        let sizes = options.quick ? [100, 1_000] : [100, 1_000, 10_000]
        for count in sizes {
            for variant in variants {
                measure(variant, count: count, taps: tapCount(variant, count: count, quick: options.quick), report)
            }
            if count == 1_000 {
                // The cost of every diagnostic check, on the correct placement.
                // Messages are counted, not printed: a benchmark's tap storm trips the excessive-reload check.
                let messages = MessageCounter()
                Diagnostics.setSink { message in messages.add(message.category) }
                Diagnostics.options = .all
                measure(
                    "correct", count: count, taps: tapCount("correct", count: count, quick: options.quick), report,
                    as: "correct, diagnostics on")
                Diagnostics.options = []
                Diagnostics.setSink(nil)
                report.add("waterfall-likes", "correct, diagnostics on", n: count, "diagnostic_messages", Double(messages.total))
                report.add(
                    "waterfall-likes", "correct, diagnostics on", n: count, "excessive_reload_messages",
                    Double(messages.count(.excessiveReloads)))
            }
            let correct = report.value("waterfall-likes", "correct", n: count, "median_ns_per_tap") ?? .nan
            for variant in variants {
                let median = report.value("waterfall-likes", variant, n: count, "median_ns_per_tap") ?? .nan
                report.add("waterfall-likes", variant, n: count, "relative_to_correct", median / correct)
            }
        }
    }

    static func tapCount(_ variant: String, count: Int, quick: Bool) -> Int {
        let cheap = variant == "correct" || variant == "equatable" || variant == "automatic"
        let base = count >= 10_000 ? (cheap ? 100 : 15) : count >= 1_000 ? (cheap ? 200 : 60) : 300
        return quick ? max(base / 5, 5) : base
    }

    static func measure(_ variant: String, count: Int, taps: Int, _ report: Report, as name: String? = nil) {
        let setup = setUp(variant, count: count)
        var random = SplitMix64(seed: 42)
        // Warm-up: a few untimed, uncounted taps.
        for _ in 0..<3 {
            let index = Int(random.next() % UInt64(count))
            reveal(index, in: setup.host)
            setup.target(index)?.tap()
            setup.host.componentEngine.flush()
        }
        var totals = EngineStats()
        var builds = 0
        var samples: [Double] = []
        for _ in 0..<taps {
            let index = Int(random.next() % UInt64(count))
            reveal(index, in: setup.host)
            let before = setup.host.componentEngine.subtreeStats
            let buildsBefore = BuildCounter.counts.reduce(0, +)
            let likes = setup.likes(index)
            guard let target = setup.target(index) else { preconditionFailure("image \(index) has no visible like button") }
            let start = Measure.now()
            target.tap()
            setup.host.componentEngine.flush()
            samples.append(Double(Measure.now() - start))
            precondition(setup.likes(index) == likes + 1, "the tap on image \(index) did not land")
            let after = setup.host.componentEngine.subtreeStats
            totals = totals + delta(after, before)
            builds += BuildCounter.counts.reduce(0, +) - buildsBefore
        }
        let perTap = { (value: Int) in Double(value) / Double(taps) }
        let record = { (metric: String, value: Double) in report.add("waterfall-likes", name ?? variant, n: count, metric, value) }
        record("builds_per_tap", perTap(builds))
        record("wasted_builds_per_tap", perTap(builds - taps))
        record("layouts_per_tap", perTap(totals.layouts))
        record("views_created_per_tap", perTap(totals.viewsCreated))
        record("views_updated_per_tap", perTap(totals.viewsUpdated))
        record("median_ns_per_tap", Measure.median(samples))
        record("p95_ns_per_tap", Measure.percentile(samples, 0.95))
        record("taps", Double(taps))
    }

    static func delta(_ after: EngineStats, _ before: EngineStats) -> EngineStats {
        var result = EngineStats()
        result.layouts = after.layouts - before.layouts
        result.viewsCreated = after.viewsCreated - before.viewsCreated
        result.viewsUpdated = after.viewsUpdated - before.viewsUpdated
        result.reloads = after.reloads - before.reloads
        return result
    }

    static func render(_ report: Report) -> String {
        var table = Table(headers: [
            "N", "variant", "builds/tap", "wasted builds/tap", "layouts/tap", "views created/tap",
            "views updated/tap", "median µs/tap", "p95 µs/tap", "× correct"
        ])
        let sizes = Array(Set(report.records.filter { $0.scenario == "waterfall-likes" }.map(\.n))).sorted()
        for count in sizes {
            for variant in variants {
                let value = { (metric: String) in report.value("waterfall-likes", variant, n: count, metric) ?? .nan }
                table.add([
                    "\(count)", variant, format(value("builds_per_tap")), format(value("wasted_builds_per_tap")),
                    format(value("layouts_per_tap")), format(value("views_created_per_tap")),
                    format(value("views_updated_per_tap")), format(value("median_ns_per_tap") / 1_000),
                    format(value("p95_ns_per_tap") / 1_000), format(value("relative_to_correct")) + "×"
                ])
            }
        }
        let off = report.value("waterfall-likes", "correct", n: 1_000, "median_ns_per_tap") ?? .nan
        let on = report.value("waterfall-likes", "correct, diagnostics on", n: 1_000, "median_ns_per_tap") ?? .nan
        var diagnostics = Table(headers: ["N", "correct placement", "median µs/tap", "builds/tap"])
        diagnostics.add([
            "1000", "diagnostics off (default)", format(off / 1_000),
            format(report.value("waterfall-likes", "correct", n: 1_000, "builds_per_tap") ?? .nan)
        ])
        diagnostics.add([
            "1000", "every check on", format(on / 1_000),
            format(report.value("waterfall-likes", "correct, diagnostics on", n: 1_000, "builds_per_tap") ?? .nan)
        ])
        let total = report.value("waterfall-likes", "correct, diagnostics on", n: 1_000, "diagnostic_messages") ?? .nan
        let storms = report.value("waterfall-likes", "correct, diagnostics on", n: 1_000, "excessive_reload_messages") ?? .nan
        return table.render() + "\n\n" + verdict(report, sizes: sizes) + "\n\nDiagnostics cost (all checks and no reload log):\n\n"
            + diagnostics.render() + "\n\nThe checks reported \(format(total)) message(s) during that run, \(format(storms)) of them "
            + "excessive-reload warnings (the benchmark taps far faster than a person). "
            + "With every check off the diagnostics are a flag test per reload; "
            + (on <= off * 1.1
                ? "turned on, the difference is within run-to-run noise here."
                : "turned on they add \(format((on - off) / 1_000)) µs per tap here.")
    }

    static func verdict(_ report: Report, sizes: [Int]) -> String {
        guard let smallest = sizes.first, let largest = sizes.last else { return "" }
        let value = { (variant: String, n: Int, metric: String) in report.value("waterfall-likes", variant, n: n, metric) ?? .nan }
        let exact = sizes.allSatisfy { value("correct", $0, "builds_per_tap") == 1 }
        let growth = value("correct", largest, "median_ns_per_tap") / value("correct", smallest, "median_ns_per_tap")
        return "Verdict: with `.perceptionView` where the container is used, a like runs "
            + (exact ? "exactly 1 `build()` per tap at every N" : "MORE than 1 `build()` per tap (a regression)")
            + "; its time per tap changes \(format(growth))× from N = \(smallest) to N = \(largest)"
            + (growth < 2
                ? " (flat: it does not grow with N)"
                : " (it grows with N, or the machine was busy during one size: timings, unlike the counts, are noisy)")
            + ". Applied inside the container's own `build()` (broken), each tap wastes "
            + "\(format(value("broken", largest, "wasted_builds_per_tap"))) builds at N = \(largest) and costs "
            + "\(format(value("broken", largest, "relative_to_correct")))× the correct placement; making that container "
            + "`Equatable` brings it to \(format(value("equatable", largest, "builds_per_tap"))) build(s) per tap and "
            + "\(format(value("equatable", largest, "relative_to_correct")))×, and the same broken code under automatic scopes to "
            + "\(format(value("automatic", largest, "builds_per_tap"))) build(s) and "
            + "\(format(value("automatic", largest, "relative_to_correct")))× (only the tapped container rebuilds, in place); "
            + "rebuilding everything costs \(format(value("full-rebuild", largest, "relative_to_correct")))×."
    }
}

/// Counts diagnostics by category (the benchmark's sink).
final class MessageCounter: @unchecked Sendable {
    // Reports arrive on the main actor only (the benchmark is single-threaded).
    private var counts: [Diagnostics.Category: Int] = [:]
    func add(_ category: Diagnostics.Category) { counts[category, default: 0] += 1 }
    func count(_ category: Diagnostics.Category) -> Int { counts[category, default: 0] }
    var total: Int { counts.values.reduce(0, +) }
}
