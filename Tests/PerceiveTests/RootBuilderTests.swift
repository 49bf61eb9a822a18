import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// An engine whose component is a builder keeps that builder in its root slot (no slot above it):
/// the builder is built, reused and subscribed as anywhere else, and another component taking
/// its place starts afresh.
@MainActor
@Suite("Builder at an engine's root")
struct RootBuilderTests {
    private struct Counter: ComponentBuilder {
        let log: EventLog
        let name: String
        func build() -> some Component {
            WithStore(CounterCenter(log: log, name: name)) { store in
                counterView(store, id: name)
            }
        }
    }

    private struct Row: ComponentBuilder, @MainActor Equatable {
        let model: SharedModel
        static func == (lhs: Row, rhs: Row) -> Bool { lhs.model === rhs.model }
        func build() -> some Component { Text("row \(model.value)").id("row") }
    }

    @Test func aBuilderAtTheRootIsTheRootSlot() {
        let model = SharedModel()
        let host = makeHost(Row(model: model))
        let context = host.componentEngine.layoutContext
        #expect(context.rootHoldsBuilder)
        #expect(context.root.childSlots.isEmpty)
        #expect(host.componentEngine.tableSizes["slots"] == 1)
        // Equatable, so memoized: its reads are its own, and a change rebuilds it alone, in place.
        #expect(context.subscriptionCount == 1)
        host.componentEngine.resetStats()
        model.value = 3
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.reloads == 1)
        #expect(host.componentEngine.stats.incrementalReloads == 1)
        #expect(host.componentEngine.stats.builds == 1)
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect((host.findView(id: "row") as? LabelView)?.text == "row 3")
        // Set again, equal: nothing is built.
        host.componentEngine.resetStats()
        host.componentEngine.component = Row(model: model)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.builds == 0)
        #expect(host.componentEngine.stats.viewsUpdated == 0)
    }

    @Test func anotherComponentAtTheRootStartsAfresh() {
        let log = EventLog()
        let host = makeHost(Counter(log: log, name: "a"))
        let context = host.componentEngine.layoutContext
        let first = context.root
        (host.findView(id: "a") as? TappableView)?.tap()
        host.componentEngine.flush()
        #expect((host.findView(id: "a")?.subviews.first as? LabelView)?.text == "a 1")
        #expect(host.componentEngine.tableSizes["StoreRegistry"] == 1)
        // The same builder type again: the same slot and store.
        host.componentEngine.component = Counter(log: log, name: "a")
        host.componentEngine.flush()
        #expect(context.root === first)
        #expect((host.findView(id: "a")?.subviews.first as? LabelView)?.text == "a 1")
        // A builder of another type: a new root, and the old builder's store is dropped.
        let model = SharedModel()
        host.componentEngine.component = Row(model: model)
        host.componentEngine.flush()
        #expect(context.root !== first)
        #expect(first.isDiscarded)
        #expect(host.componentEngine.tableSizes["StoreRegistry"] == 0)
        #expect(context.subscriptionCount == 1)
        // A component that is no builder: a plain root holding it, whose child is the row's slot.
        host.componentEngine.component = VStack { Row(model: model) }
        host.componentEngine.flush()
        #expect(!context.rootHoldsBuilder)
        #expect(context.root.childSlots.count == 1)
        #expect(context.subscriptionCount == 1)
        // The counter again: a fresh store.
        host.componentEngine.component = Counter(log: log, name: "a")
        host.componentEngine.flush()
        #expect(context.rootHoldsBuilder)
        #expect(context.subscriptionCount == 0)
        #expect((host.findView(id: "a")?.subviews.first as? LabelView)?.text == "a 0")
    }
}
