// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
import Perceive
import PerceiveLayout

// The examples of Docs/Testing.md, compiled and checked (see `DocsExamplesTests`).

final class Tally: Perceptible {
    @Perceived var count = 0
}

struct TallyScreen: ComponentBuilder {
    let tally: Tally
    func build() -> some Component {
        VStack(spacing: 4) {
            Text("Count: \(tally.count)").id("label")
            Text("+1").tappableView { tally.count += 1 }.id("plus")
        }
    }
}

@MainActor
@Suite("Docs: testing headless views")
struct DocsTestingExamples {
    @Test func drivingFindingCountingAndLogging() {
        let tally = Tally()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        host.componentEngine.component = TallyScreen(tally: tally)
        host.componentEngine.flush()

        host.tap(id: "plus")
        host.componentEngine.flush()
        let label = host.findView(id: "label") as? LabelView
        #expect(label?.text == "Count: 1")
        #expect(label?.componentID == "label")

        host.componentEngine.resetSubtreeStats()
        tally.count += 1
        host.componentEngine.flush()
        #expect(host.componentEngine.subtreeStats.builds == 1)
        #expect(host.componentEngine.subtreeStats.viewsUpdated == 1)

        let log = ReloadLog.start()
        tally.count += 1
        host.componentEngine.flush()
        ReloadLog.stop()
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.cause == "Tally.count")
    }

    @Test func scrolling() {
        let list = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        list.componentEngine.component = VStack {
            for index in 0..<100 { Text("row \(index)").size(width: .fill, height: 20).id("row-\(index)") }
        }
        list.componentEngine.flush()
        list.contentOffset = CGPoint(x: 0, y: 1_000)
        list.componentEngine.flush()
        #expect(list.findView(id: "row-50") != nil)
        #expect(list.findView(id: "row-0") == nil)
    }

    @Test func capturingDiagnostics() {
        let (_, messages) = Diagnostics.capture {
            let strip = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
            strip.componentEngine.component = HStack { Text("wide").size(width: .fill, height: 20) }
            strip.componentEngine.flush()
        }
        #expect(messages.map(\.text) == ["Perceive: .size(…) on Text at \(#fileID):\(#line - 3): .fill on an unbounded axis resolves to 0; give that axis a finite size."])
    }

    @Test func tapByIDFindsTheNearestAndIncludesTheReceiver() {
        // A grid of tiles whose children are numbered like the tiles: the tile wins.
        struct Tile: ComponentBuilder {
            let index: Int
            let tapped: Tally
            func build() -> some Component {
                HStack {
                    for child in 0..<4 { Text("\(index).\(child)").id("\(child)") }
                    Text("♥").tappableView { tapped.count = index }
                }
            }
        }
        let tapped = Tally()
        let grid = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        grid.componentEngine.component = VStack {
            for index in 0..<6 { Tile(index: index, tapped: tapped).perceptionView(width: .fill, height: 40).id("\(index)") }
        }
        grid.componentEngine.flush()
        #expect(grid.tap(id: "3"))
        #expect(tapped.count == 3)
        #expect(grid.tap(id: "missing") == false)
        let tappable = grid.findViews(ofType: TappableView.self).first
        #expect(tappable?.findViews(ofType: TappableView.self).first === tappable)
    }
}
