import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A store belongs to its `WithStore`: it keeps its state whether that builder is built in its
/// parent's layout or rebuilt alone because what it read changed (under automatic scopes, or
/// inside an `Equatable` builder), and goes when the builder goes.
@MainActor
@Suite("Store lifetime")
struct StoreLifetimeTests {
    struct Holder: ComponentBuilder {
        let log: EventLog
        let model: SharedModel
        func build() -> some Component {
            WithStore(CounterCenter(log: log, name: "c")) { store in
                Text("m \(model.value) c \(store.state.count)").tappableView { store.send(Increment()) }.id("cell")
            }
        }
    }

    struct EquatableHolder: ComponentBuilder, @MainActor Equatable {
        let log: EventLog
        let model: SharedModel
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
        func build() -> some Component { Holder(log: log, model: model) }
    }

    private func text(_ host: PlatformView) -> String? { (host.findView(id: "cell")?.subviews.first as? LabelView)?.text }

    @Test func aStoreKeepsItsStateWhenItsBuilderRebuildsAloneUnderAutomaticScopes() {
        let (log, model) = (EventLog(), SharedModel())
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.automaticScopes = true
        host.componentEngine.component = VStack {
            Text("top")
            Holder(log: log, model: model)
        }
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        // The event changes the store's state: the builder that read it rebuilds alone.
        (host.findView(id: "cell") as? TappableView)?.tap()
        host.componentEngine.flush()
        #expect(text(host) == "m 0 c 1")
        #expect(host.componentEngine.stats.incrementalReloads == 1)
        model.value = 5
        host.componentEngine.flush()
        #expect(text(host) == "m 5 c 1")
        #expect(host.componentEngine.stats.incrementalReloads == 2)
        #expect(host.componentEngine.tableSizes["StoreRegistry"] == 1)
    }

    @Test func aStoreInsideAnEquatableBuilderKeepsItsStateAndGoesWithIt() {
        let (log, model) = (EventLog(), SharedModel())
        let host = makeHost(VStack { EquatableHolder(log: log, model: model) })
        (host.findView(id: "cell") as? TappableView)?.tap()
        host.componentEngine.flush()
        model.value = 2
        host.componentEngine.flush()
        #expect(text(host) == "m 2 c 1")
        // The builder leaves the tree: its store goes; back, it starts afresh.
        host.componentEngine.component = VStack { Text("none") }
        host.componentEngine.flush()
        #expect(host.componentEngine.tableSizes["StoreRegistry"] == 0)
        host.componentEngine.component = VStack { EquatableHolder(log: log, model: model) }
        host.componentEngine.flush()
        #expect(text(host) == "m 2 c 0")
    }
}
