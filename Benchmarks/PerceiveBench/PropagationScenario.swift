import Foundation
import Perceive
import PerceiveLayout

/// Scenario 4: reactive-core shapes on real engines — how far one write propagates, and at what cost.
@MainActor
enum PropagationScenario {
    final class Source: Perceptible {
        @Perceived var value = 0
    }

    /// A boundary's content that reads the source.
    struct Reader: ComponentBuilder {
        let source: Source
        let reads: Int
        func build() -> some Component {
            var total = 0
            for _ in 0..<reads { total &+= source.value }
            return Text("\(total)").size(width: 40, height: 10)
        }
    }

    struct Broad: ComponentBuilder {
        let source: Source
        let count: Int
        func build() -> some Component {
            Flow {
                for index in 0..<count {
                    Reader(source: source, reads: 1).perceptionView(width: 40, height: 10).id(index)
                }
            }
        }
    }

    /// Level `depth` reads the source and contains the next level in its own boundary.
    struct Deep: ComponentBuilder {
        let source: Source
        let depth: Int
        func build() -> some Component {
            VStack {
                Text("\(depth): \(source.value)").size(width: 60, height: 10)
                if depth > 1 {
                    Deep(source: source, depth: depth - 1).perceptionView(width: 60, height: .absolute(CGFloat(depth - 1) * 10)).id("next")
                }
            }
        }
    }

    /// The parent reads the source and so do its two children: three scopes, one write.
    struct Diamond: ComponentBuilder {
        let source: Source
        func build() -> some Component {
            VStack {
                Text("top \(source.value)").size(width: 60, height: 10)
                Reader(source: source, reads: 1).perceptionView(width: 40, height: 10).id("left")
                Reader(source: source, reads: 1).perceptionView(width: 40, height: 10).id("right")
            }
        }
    }

    struct Shape {
        let name: String
        let component: (Source) -> any Component
        /// The write; `avoidable` writes the current value again.
        let write: (Source) -> Void

        /// A new source and a host showing the shape over it, flushed.
        @MainActor
        func mounted() -> (Source, ComponentView) {
            let source = Source()
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000))
            host.componentEngine.component = component(source)
            host.componentEngine.flush()
            return (source, host)
        }
    }

    static let shapes: [Shape] = [
        Shape(name: "broad (1 source, 1,000 scopes)", component: { Broad(source: $0, count: 1_000) }, write: { $0.value += 1 }),
        Shape(name: "deep (50 nested boundaries)", component: { Deep(source: $0, depth: 50) }, write: { $0.value += 1 }),
        Shape(name: "diamond (parent + 2 children)", component: { Diamond(source: $0) }, write: { $0.value += 1 }),
        Shape(
            name: "repeated reads (1 scope, 1,000 reads)",
            component: { Reader(source: $0, reads: 1_000).perceptionView(width: 40, height: 10) },
            write: { $0.value += 1 }),
        Shape(name: "avoidable (equal writes)", component: { Broad(source: $0, count: 100) }, write: { $0.value = $0.value })
    ]

    static func run(_ options: Options, _ report: Report) {
        let writes = options.quick ? 5 : 30
        for (index, shape) in shapes.enumerated() {
            let (source, host) = shape.mounted()
            let before = host.componentEngine.subtreeStats
            var samples: [Double] = []
            for _ in 0..<writes {
                let start = Measure.now()
                shape.write(source)
                host.componentEngine.flush()
                samples.append(Double(Measure.now() - start))
            }
            let after = host.componentEngine.subtreeStats
            let reloads = Double(after.reloads - before.reloads) / Double(writes)
            let record = { (metric: String, value: Double) in report.add("propagation", shape.name, n: index, metric, value) }
            record("reloads_per_write", reloads)
            record("builds_per_write", Double(after.builds - before.builds) / Double(writes))
            record("median_ns_per_write", Measure.median(samples))
            record("ns_per_invalidation", reloads > 0 ? Measure.median(samples) / reloads : .nan)
        }
    }

    static func render(_ report: Report) -> String {
        var table = Table(headers: ["shape", "reloads/write", "builds/write", "median µs/write", "ns per invalidated scope"])
        for (index, shape) in shapes.enumerated() {
            let value = { (metric: String) in report.value("propagation", shape.name, n: index, metric) ?? .nan }
            table.add([
                shape.name, format(value("reloads_per_write")), format(value("builds_per_write")),
                format(value("median_ns_per_write") / 1_000), format(value("ns_per_invalidation"))
            ])
        }
        let value = { (index: Int) in report.value("propagation", shapes[index].name, n: index, "reloads_per_write") ?? .nan }
        let exact = value(0) == 1_000 && value(1) == 50 && value(2) == 3 && value(3) == 1 && value(4) == 0
        return table.render() + "\n\nVerdict: "
            + (exact
                ? "every shape reloads exactly the scopes that read the source, each once (1,000 / 50 / 3 / 1), and equal writes reload nothing."
                : "reload counts differ from the minimum (1,000 / 50 / 3 / 1 / 0); see the table.")
    }
}
