import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A counter shown by a label in its own boundary: the boundary's root is one view-leaf slot.
private final class LeafCounter: Perceptible {
    @Perceived var count = 0
}

private struct CounterLabel: ComponentBuilder {
    let counter: LeafCounter
    /// Tens only: a write inside the same ten changes what was read, not what is shown.
    func build() -> some Component { Text("\(counter.count / 10)").size(width: 40, height: 20) }
}

/// A view-leaf slot rendered again in place (a boundary's label, a memoized row) updates the view
/// that shows it — the same view, compared once, updated only when its content changed.
@MainActor
@Suite("Leaf patches")
struct LeafPatchTests {
    private func makeHost(_ counter: LeafCounter) -> ComponentView {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        host.componentEngine.component = VStack { CounterLabel(counter: counter).perceptionView(width: 40, height: 20).id("counter") }
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()
        return host
    }

    private func label(in host: ComponentView) -> LabelView? { host.findView(id: "counter")?.findViews(ofType: LabelView.self).first }

    @Test func aChangedLabelIsComparedOnceAndUpdatedInItsView() throws {
        let counter = LeafCounter()
        let host = makeHost(counter)
        let before = try #require(label(in: host))
        counter.count = 10
        host.componentEngine.flush()
        let stats = host.componentEngine.subtreeStats
        #expect(stats.reloads == 1)
        #expect(stats.nodesCompared == 1)
        #expect(stats.viewsUpdated == 1)
        #expect(stats.viewsCreated == 0)
        let after = try #require(label(in: host))
        #expect(after === before)
        #expect(after.text == "1")
        #expect(after.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func anUnchangedLabelIsComparedAndLeftAlone() throws {
        let counter = LeafCounter()
        let host = makeHost(counter)
        let before = try #require(label(in: host))
        counter.count = 3 // still "0"
        host.componentEngine.flush()
        let stats = host.componentEngine.subtreeStats
        #expect(stats.reloads == 1)
        #expect(stats.nodesCompared == 1)
        #expect(stats.viewsUpdated == 0)
        #expect(label(in: host) === before)
        #expect(before.text == "0")
    }
}
