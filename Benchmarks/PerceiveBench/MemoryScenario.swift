import Foundation
import HeapStatistics
import Perceive
import PerceiveLayout

/// What idle parts of the runtime cost in memory, and whether a long run of likes grows the process.
///
/// Heap figures are the allocator's in-use bytes (`mallinfo2` on Linux, zone statistics on Apple
/// platforms) before and after making
/// many of one thing and keeping them alive, divided by their number; resident memory comes from
/// `/proc/self/statm`. Elsewhere the figures are reported as unavailable.
@MainActor
enum MemoryScenario {
    static func run(_ options: Options, _ report: Report) {
        let count = options.quick ? 2_000 : 10_000
        report.add("memory", "idle", n: count, "bytes_per_idle_scope", bytesPerIdleScope(count))
        report.add("memory", "idle", n: count, "bytes_per_idle_boundary", bytesPerIdleBoundary(count))
        report.add("memory", "idle", n: count, "bytes_per_perceived_property", bytesPerPerceivedProperty(count))
        let taps = options.quick ? 20_000 : 1_000_000
        let (growth, samples) = residentGrowth(taps: taps, images: 10_000)
        report.add("memory", "likes", n: taps, "rss_growth_bytes", growth)
        for (index, sample) in samples.enumerated() {
            report.add("memory", "likes-sample-\(index)", n: taps, "rss_bytes", sample)
        }
    }

    // MARK: Idle things

    /// A tracking scope that read one property (of a model made beforehand) and waits for it to
    /// change.
    private static func bytesPerIdleScope(_ count: Int) -> Double {
        let models = (0..<count).map { _ in OnePropertyModel() }
        var scopes: [TrackingScope] = []
        scopes.reserveCapacity(count)
        let before = heapBytes()
        for model in models {
            let scope = TrackingScope { _ in }
            scope.track { _ = model.value }
            scopes.append(scope)
        }
        let after = heapBytes()
        withExtendedLifetime((models, scopes)) {}
        return (after - before) / Double(count)
    }

    private static func bytesPerIdleBoundary(_ count: Int) -> Double {
        // Everything one more boundary costs: its engine, scope, host view and label, and its row in
        // the parent's layout (its slot and node).
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: CGFloat(count) * 20))
        let models = (0..<count).map { _ in MemoryModel() }
        let before = heapBytes()
        host.componentEngine.component = VStack {
            for (index, model) in models.enumerated() {
                MemoryLabel(model: model).perceptionView(width: 100, height: 20).id(index)
            }
        }
        host.componentEngine.flush()
        let after = heapBytes()
        withExtendedLifetime((host, models)) {}
        return (after - before) / Double(count)
    }

    private static func bytesPerPerceivedProperty(_ count: Int) -> Double {
        let tracked = bytesPerItem(count) { MemoryModel() }
        let plain = bytesPerItem(count) { PlainMemoryModel() }
        return (tracked - plain) / Double(MemoryModel.propertyCount)
    }

    /// Heap bytes per object `make` returns, with `count` of them alive.
    private static func bytesPerItem(_ count: Int, _ make: () -> AnyObject) -> Double {
        var kept: [AnyObject] = []
        kept.reserveCapacity(count)
        let before = heapBytes()
        for _ in 0..<count { kept.append(make()) }
        let after = heapBytes()
        withExtendedLifetime(kept) {}
        return (after - before) / Double(count)
    }

    // MARK: A long run of likes

    /// Resident memory over `taps` likes in the correct gallery placement: ten samples; the growth is
    /// the last sample minus the first (taken after the first tenth, once caches are warm).
    private static func residentGrowth(taps: Int, images: Int) -> (Double, [Double]) {
        let model = PerceptionModel()
        model.images = galleryImages(images).map { PerceptionImage(url: $0.0, size: $0.1) }
        BuildCounter.reset(images)
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        host.componentEngine.component = CorrectGallery(model: model)
        host.componentEngine.flush()
        // The visible like buttons, tapped in turn (scrolling is not what this measures).
        let buttons = host.findViews(ofType: TappableView.self)
        guard !buttons.isEmpty else { return (.nan, []) }
        var samples: [Double] = []
        let step = max(taps / 10, 1)
        for tap in 0..<taps {
            buttons[tap % buttons.count].tap()
            host.componentEngine.flush()
            if (tap + 1) % step == 0 { samples.append(residentBytes()) }
        }
        guard let first = samples.first, let last = samples.last else { return (.nan, samples) }
        return (last - first, samples)
    }

    // MARK: Reading memory

    static func heapBytes() -> Double {
        let bytes = perceive_heap_bytes_in_use()
        return bytes == 0 ? .nan : Double(bytes)
    }

    static func residentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func render(_ report: Report) -> String {
        let runs = report.records.filter { $0.scenario == "memory" }
        let value = { (metric: String) in runs.first { $0.metric == metric }?.value ?? .nan }
        let taps = runs.first { $0.metric == "rss_growth_bytes" }?.n ?? 0
        var table = Table(headers: ["measure", "bytes", "target"])
        table.add(["idle tracking scope (one read, armed)", format(value("bytes_per_idle_scope")), "–"])
        table.add([
            "idle boundary (engine, scope, host view, label, its row in the parent)", format(value("bytes_per_idle_boundary")), "≤ 1,024"
        ])
        table.add(["`@Perceived` property of an unobserved model, beyond the value", format(value("bytes_per_perceived_property")), "≤ 32"])
        table.add(["resident growth over \(taps) likes at N = 10,000", format(value("rss_growth_bytes")), "≤ 1,048,576"])
        let samples = runs.filter { $0.metric == "rss_bytes" }.sorted { $0.variant < $1.variant }
            .map { format($0.value / 1_048_576) }.joined(separator: ", ")
        return table.render() + "\n\nResident memory (MiB) at each tenth of the run: \(samples).\n\n"
            + "Verdict: heap bytes are exact for this allocator (in use after minus before, per item); resident "
            + "memory is sampled by pages, so growth below a few pages is noise."
    }
}

/// Ten tracked properties, never observed.
final class MemoryModel: Perceptible {
    static let propertyCount = 10
    @Perceived var a = 0
    @Perceived var b = 0
    @Perceived var c = 0
    @Perceived var d = 0
    @Perceived var e = 0
    @Perceived var f = 0
    @Perceived var g = 0
    @Perceived var h = 0
    @Perceived var i = 0
    @Perceived var j = 0
}

/// The same values, untracked.
final class PlainMemoryModel {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0
}

struct MemoryLabel: ComponentBuilder {
    let model: MemoryModel
    func build() -> some Component { Text("\(model.a)") }
}

final class OnePropertyModel: Perceptible {
    @Perceived var value = 0
}
