import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// Records what reducers did, in order.
@MainActor
final class EventLog {
    var entries: [String] = []
}

final class CounterState: Perceptible {
    @Perceived var count = 0
    @Perceived var label = "a"
}

struct Increment: Event {}
struct Ping: Event {}
struct Note: Event { let text: String }

struct CounterCenter: Center {
    let log: EventLog
    let name: String
    var stopsPings = false
    var broadcastRole: BroadcastRole = .ignore

    func makeState() -> CounterState { CounterState() }

    var reducers: [Reducer<CounterState>] {
        Reducer(Increment.self) { _, state, _ in state.count += 1 }
        Reducer(Ping.self, broadcast: broadcastRole) { _, _, context in
            log.entries.append(name)
            if stopsPings { context.stopPropagation() }
        }
        Reducer(Note.self) { event, _, _ in log.entries.append("\(name): \(event.text)") }
    }
}

/// Renders a store's count, with a tap target that sends `Increment`.
@MainActor
func counterView(_ store: Store<CounterCenter>, id: String) -> some Component {
    Text("\(store.center.name) \(store.state.count)").tappableView { store.send(Increment()) }.id(id)
}

@MainActor
@Suite("Events and state")
struct EventTests {
    @Test func localReduction() {
        let log = EventLog()
        var captured: Store<CounterCenter>?
        let host = makeHost(
            WithStore(CounterCenter(log: log, name: "c")) { store in
                captured = store
                counterView(store, id: "counter")
            })
        (host.findView(id: "counter") as? TappableView)?.tap()
        (host.findView(id: "counter") as? TappableView)?.tap()
        host.componentEngine.flush()
        #expect(captured?.state.count == 2)
        #expect((host.findView(id: "counter")?.subviews.first as? LabelView)?.text == "c 2")
    }

    @Test func bubblingUpStopsAtTheMiddle() {
        let log = EventLog()
        var child: Store<CounterCenter>?
        let host = makeHost(
            WithStore(CounterCenter(log: log, name: "grandparent")) { _ in
                WithStore(CounterCenter(log: log, name: "parent", stopsPings: true)) { _ in
                    WithStore(CounterCenter(log: log, name: "child")) { store in
                        child = store
                        Text("child")
                    }
                }
            })
        child?.send(Ping(), route: .up)
        #expect(log.entries == ["child", "parent"])
        log.entries = []
        child?.send(Note(text: "up"), route: .up)
        #expect(log.entries == ["child: up", "parent: up", "grandparent: up"])
        withExtendedLifetime(host) {}
    }

    @Test func broadcastReachesOnlyOptedInDescendantsAndPassesThroughForwarders() {
        let log = EventLog()
        var root: Store<CounterCenter>?
        let host = makeHost(
            WithStore(CounterCenter(log: log, name: "root")) { store in
                root = store
                VStack {
                    WithStore(CounterCenter(log: log, name: "A", broadcastRole: .receive)) { _ in Text("A") }
                    WithStore(CounterCenter(log: log, name: "B", broadcastRole: .ignore)) { _ in
                        WithStore(CounterCenter(log: log, name: "B1", broadcastRole: .receive)) { _ in Text("B1") }
                    }
                    WithStore(CounterCenter(log: log, name: "C", broadcastRole: .forward)) { _ in
                        WithStore(CounterCenter(log: log, name: "C1", broadcastRole: .receive)) { _ in Text("C1") }
                    }
                }
            })
        root?.broadcast(Ping())
        #expect(log.entries == ["A", "C1"])
        withExtendedLifetime(host) {}
    }

    @Test func stateSurvivesOneHundredParentRebuilds() {
        final class Parent: Perceptible { @Perceived var title = 0 }
        let parent = Parent()
        let log = EventLog()
        var stores: Set<ObjectIdentifier> = []
        struct Screen: ComponentBuilder {
            let parent: Parent
            let log: EventLog
            let seen: (Store<CounterCenter>) -> Void
            func build() -> some Component {
                VStack {
                    Text("title \(parent.title)")
                    WithStore(CounterCenter(log: log, name: "child")) { store in
                        seen(store)
                        counterView(store, id: "child")
                    }
                }
            }
        }
        let host = makeHost(Screen(parent: parent, log: log) { stores.insert(ObjectIdentifier($0)) })
        (host.findView(id: "child") as? TappableView)?.tap()
        host.componentEngine.flush()
        for value in 1...100 {
            parent.title = value
            host.componentEngine.flush()
        }
        #expect(host.componentEngine.stats.reloads == 102)
        #expect(stores.count == 1)
        #expect((host.findView(id: "child")?.subviews.first as? LabelView)?.text == "child 1")
    }

    @Test func reducerWritingOneFieldReloadsOnlyTheScopeReadingIt() {
        final class Pair: Perceptible { @Perceived var left = 0; @Perceived var right = 0 }
        struct BumpLeft: Event {}
        struct PairCenter: Center {
            func makeState() -> Pair { Pair() }
            var reducers: [Reducer<Pair>] { Reducer(BumpLeft.self) { _, state, _ in state.left += 1 } }
        }
        struct Side: ComponentBuilder {
            let text: String
            func build() -> some Component { Text(text) }
        }
        var store: Store<PairCenter>?
        let host = makeHost(
            WithStore(PairCenter()) { pairStore in
                store = pairStore
                VStack {
                    LeftReader(pair: pairStore.state).perceptionView(width: 100, height: 20).id("left")
                    RightReader(pair: pairStore.state).perceptionView(width: 100, height: 20).id("right")
                }
            })
        struct LeftReader: ComponentBuilder { let pair: Pair; func build() -> some Component { Text("L\(pair.left)") } }
        struct RightReader: ComponentBuilder { let pair: Pair; func build() -> some Component { Text("R\(pair.right)") } }
        resetSubtreeStats(host)
        store?.send(BumpLeft())
        host.componentEngine.flush()
        #expect(host.findView(id: "left")?.componentEngine.stats.reloads == 1)
        #expect(host.findView(id: "right")?.componentEngine.stats.reloads == 0)
        #expect(host.componentEngine.stats.reloads == 0)
    }

    @Test func eventsForARemovedComponentAreDroppedWithoutLeaks() {
        final class Toggle: Perceptible { @Perceived var shows = true }
        let toggle = Toggle()
        let log = EventLog()
        weak var weakStore: Store<CounterCenter>?
        var strongStore: Store<CounterCenter>?
        struct Screen: ComponentBuilder {
            let toggle: Toggle
            let log: EventLog
            let seen: (Store<CounterCenter>) -> Void
            func build() -> some Component {
                VStack {
                    if toggle.shows {
                        WithStore(CounterCenter(log: log, name: "gone")) { store in
                            seen(store)
                            counterView(store, id: "gone")
                        }
                    }
                }
            }
        }
        let host = makeHost(
            Screen(toggle: toggle, log: log) { store in
                weakStore = store; strongStore = store
            })
        #expect(weakStore != nil)
        toggle.shows = false
        host.componentEngine.flush()
        strongStore?.send(Note(text: "late"))
        #expect(log.entries.isEmpty)
        #expect(strongStore?.isActive == false)
        strongStore = nil
        #expect(weakStore == nil)
    }
}
