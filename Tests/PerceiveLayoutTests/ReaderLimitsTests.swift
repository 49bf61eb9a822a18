import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Counts content layouts across every reader of one test.
@MainActor
final class PassCounter {
    var passes = 0
    func count() -> CGFloat? { passes += 1; return nil }
}

/// A size reader whose content measures itself and reads the measurement, nested `depth` deep:
/// each level's label is as tall as its own measurement says.
@MainActor
func selfMeasuring(_ depth: Int, counter: PassCounter) -> any Component {
    SizeReader(id: depth) { proxy in
        VStack {
            Text("level \(depth)").measure(proxy).frame(minHeight: proxy.maxHeight())
            Space().frame(minWidth: counter.count())
            if depth > 1 { selfMeasuring(depth - 1, counter: counter) }
        }
    }
}

/// Like `selfMeasuring`, but every pass measures one more than it saw: never settles.
@MainActor
func neverSettling(_ depth: Int) -> any Component {
    SizeReader(id: depth) { proxy in // neverSettlingSite
        VStack {
            Space(width: (proxy.maxWidth() ?? 0) + 1, height: 1).measure(proxy)
            if depth > 1 { neverSettling(depth - 1) }
        }
    }
}

@MainActor
@Suite("Measurement reader limits")
struct ReaderLimitsTests {
    @Test(arguments: [10, 14, 200])
    func nestedConvergentReadersTakeAFewPassesOfTheWholeNest(depth: Int) {
        let counter = PassCounter()
        let (node, messages) = Diagnostics.capture { layout(selfMeasuring(depth, counter: counter), width: 300) }
        #expect(messages.isEmpty)
        // Two passes of the outermost reader, each laying every level out once: linear in depth.
        #expect(counter.passes == 2 * depth)
        // Each level is a 21-point label above the levels below it.
        #expect(node.size.height == CGFloat(21 * depth))
    }

    @Test func nestedReadersThatNeverSettleAreReportedOnceEach() throws {
        let line =
            try #require(
                try String(contentsOfFile: #filePath, encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasSuffix("// neverSettlingSite") }) + 1
        let (node, messages) = Diagnostics.capture { layout(neverSettling(6), width: 300) }
        #expect(node.size.height == 6)
        // The outermost reader's 8 passes bound the whole nest; each reader is named once.
        #expect(messages.count == 6)
        #expect(
            messages.allSatisfy {
                $0.text.hasSuffix("did not converge after 8 passes (its content keeps changing what it measures); the last layout is used.")
            })
        #expect(Set(messages.map(\.text)).count == 6)
        #expect(
            messages.first?.text.hasPrefix(
                "PerceiveLayout: SizeReader(id: 6) at PerceiveLayoutTests/ReaderLimitsTests.swift:\(line):15 did not converge") == true)
    }

    @Test func theFlushBudgetBoundsPassesAcrossReaders() {
        struct ManyReaders: ComponentBuilder {
            func build() -> some Component {
                VStack { for index in 0..<400 { AnyComponent(neverSettling(1)).id(index) } }
            }
        }
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = ManyReaders()
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        // 400 readers × 8 passes would be 3,200: the first 250 take 8 passes each (2,000), the
        // other 150 one pass each. Each of the 250 is reported once; the budget once per flush.
        let limitMessages = messages.filter { $0.text.contains("did not converge after 8 passes") }
        let budgetMessages = messages.filter { $0.text.contains("passes in this flush (MeasurementReaderLimits.passesPerFlush)") }
        #expect(limitMessages.count == 250)
        #expect(budgetMessages.count == 1)
        #expect(messages.count == 251)
    }

    @Test func readerHistoryKeepsOnlyReadersOfTheLastLayout() {
        final class Feed: Perceptible { @Perceived var first = 0 }
        struct Posts: ComponentBuilder {
            let feed: Feed
            func build() -> some Component {
                VStack {
                    for post in feed.first..<(feed.first + 5) {
                        SizeReader(reducer: .merge, id: post) { proxy in Text("post \(post)").measure(proxy) }
                    }
                }
            }
        }
        let feed = Feed()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = Posts(feed: feed)
        host.componentEngine.flush()
        for _ in 0..<2_000 {
            feed.first += 1
            host.componentEngine.flush()
        }
        #expect(host.componentEngine.tableSizes["ReaderHistory"] == 5)
    }
}
