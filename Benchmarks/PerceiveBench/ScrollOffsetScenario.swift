import Foundation
import Perceive
import PerceiveLayout

/// Scenario 2, the scroll-offset header: a header whose opacity follows a tracked scroll offset, above two child
/// builders whose inputs never change.
@MainActor
enum ScrollOffsetScenario {
    final class ScrollState: Perceptible {
        @Perceived var offset: CGFloat = 0
        @Perceived var counter = 0
        @Perceived var hello = "Hello"
    }

    struct Screen: ComponentBuilder {
        let state: ScrollState
        func build() -> some Component {
            VStack(spacing: 20) {
                Text("HEADER")
                    .with(\.alpha, -state.offset > 300 ? 0.5 : 1)
                Counter(counter: state.counter)
                Hello(hello: state.hello)
            }
        }
    }

    // Equatable: equal inputs skip the build (rebuild avoidance).
    struct Counter: ComponentBuilder, Equatable {
        let counter: Int
        func build() -> some Component { Text("\(counter)").size(width: 150, height: 30) }
    }

    struct Hello: ComponentBuilder, Equatable {
        let hello: String
        func build() -> some Component { Text(hello).size(width: 150, height: 30) }
    }

    static func run(_ options: Options, _ report: Report) {
        let changes = options.quick ? 200 : 1_000
        let state = ScrollState()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        host.componentEngine.component = Screen(state: state)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        var samples: [Double] = []
        for step in 0..<changes {
            let start = Measure.now()
            state.offset = -CGFloat(step + 1)
            host.componentEngine.flush()
            samples.append(Double(Measure.now() - start))
        }
        let builds = host.componentEngine.buildsByType
        let record = { (variant: String, metric: String, value: Double) in report.add("scroll-offset", variant, n: changes, metric, value) }
        record("parent", "builds_per_change", Double(builds["Screen", default: 0]) / Double(changes))
        record("children", "builds_per_change", Double(builds["Counter", default: 0] + builds["Hello", default: 0]) / Double(changes))
        record("parent", "reloads_per_change", Double(host.componentEngine.stats.reloads) / Double(changes))
        record("parent", "views_updated_per_change", Double(host.componentEngine.stats.viewsUpdated) / Double(changes))
        record("parent", "median_ns_per_change", Measure.median(samples))
    }

    static func render(_ report: Report) -> String {
        guard let record = report.records.first(where: { $0.scenario == "scroll-offset" }) else { return "" }
        let n = record.n
        let value = { (variant: String, metric: String) in report.value("scroll-offset", variant, n: n, metric) ?? .nan }
        var table = Table(headers: [
            "offset changes", "parent builds/change", "child builds/change", "reloads/change",
            "views updated/change", "median µs/change"
        ])
        table.add([
            "\(n)", format(value("parent", "builds_per_change")), format(value("children", "builds_per_change")),
            format(value("parent", "reloads_per_change")), format(value("parent", "views_updated_per_change")),
            format(value("parent", "median_ns_per_change") / 1_000)
        ])
        let children = value("children", "builds_per_change")
        return table.render() + "\n\nVerdict: each offset change rebuilds the screen once and its two unchanged child builders "
            + "\(format(children)) times per change"
            + (children == 0
                ? " — they are `Equatable` and their inputs are equal, so their builds are skipped."
                : " — their inputs did not change, so those builds are wasted.")
            + " The header's opacity view is updated on \(format(value("parent", "views_updated_per_change") * 100))% of changes (only when it crosses the threshold)."
    }
}
