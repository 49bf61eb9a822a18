import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

final class LinkState: Perceptible {
    @Perceived var value = 0
    @Perceived var reloads = 0
}

struct Appeared: Event {}
struct Resolved: Event {}
struct Reloaded: Event {}
struct ValueChanged: Event {}
struct SetValue: Event { let value: Int }
struct NeedsRouter: Event {}

final class LinkRouter {
    let name: String
    init(name: String) { self.name = name }
}

struct LinkCenter: Center {
    let log: EventLog

    func makeState() -> LinkState { LinkState() }
    var dependencies: [Any.Type] { [LinkRouter.self] }

    var reducers: [Reducer<LinkState>] {
        Reducer(Appeared.self) { _, _, _ in log.entries.append("appear") }
        Reducer(Resolved.self) { _, _, context in
            log.entries.append("resolved \((try? context.dependency(LinkRouter.self))?.name ?? "-")")
        }
        // Quiet: the reload counter is not shown, and a loud write would reload again.
        Reducer(Reloaded.self) { _, state, context in context.quietly { state.reloads += 1 } }
        Reducer(ValueChanged.self) { _, state, _ in log.entries.append("changed to \(state.value)") }
        Reducer(SetValue.self) { event, state, _ in state.value = event.value }
        Reducer(NeedsRouter.self) { _, _, context in
            do {
                _ = try context.dependency(LinkRouter.self)
            } catch let error as MissingDependency {
                log.entries.append(error.description)
            } catch {
                log.entries.append("unexpected \(error)")
            }
        }
    }

    var links: [Link<LinkState>] {
        [.onAppear(Appeared()), .onDependenciesResolved(Resolved()), .onReload(Reloaded()), .onChange(of: \.value, ValueChanged())]
    }
}

@MainActor
@Suite("Event links and dependencies")
struct EventLinkTests {
    final class Switch: Perceptible {
        @Perceived var router: LinkRouter?
        @Perceived var tick = 0
    }

    struct Screen: ComponentBuilder {
        let control: Switch
        let log: EventLog
        let seen: (Store<LinkCenter>) -> Void
        func build() -> some Component {
            let content = WithStore(LinkCenter(log: log)) { store in
                seen(store)
                Text("value \(store.state.value) tick \(control.tick)")
            }
            if let router = control.router {
                return AnyComponent(content.dependency(router))
            }
            return AnyComponent(content)
        }
    }

    @Test func linksFireExactlyOncePerTrigger() {
        let log = EventLog()
        let control = Switch()
        var store: Store<LinkCenter>?
        let host = makeHost(Screen(control: control, log: log) { store = $0 })
        #expect(log.entries == ["appear"])
        #expect(store?.state.reloads == 1)
        control.tick = 1
        host.componentEngine.flush()
        #expect(log.entries == ["appear"])
        #expect(store?.state.reloads == 2)
        control.router = LinkRouter(name: "main")
        host.componentEngine.flush()
        control.tick = 2
        host.componentEngine.flush()
        #expect(log.entries == ["appear", "resolved main"])
        store?.send(SetValue(value: 5))
        store?.send(SetValue(value: 5)) // equal: no change event
        store?.send(SetValue(value: 6))
        #expect(log.entries == ["appear", "resolved main", "changed to 5", "changed to 6"])
        host.componentEngine.flush()
        #expect(store?.state.reloads == 5)
    }

    @Test func missingDependencyIsAClearErrorNamingTheType() {
        let log = EventLog()
        var store: Store<LinkCenter>?
        let host = makeHost(Screen(control: Switch(), log: log) { store = $0 })
        store?.send(NeedsRouter())
        withExtendedLifetime(host) {}
        #expect(
            log.entries.last
                == "No dependency of type LinkRouter is available here: provide one with .dependency(_:) on an ancestor component, or Dependencies.setDefault(_:)."
        )
    }

    @Test func asyncEffectsDeliverInOrderOnTheMainActor() async {
        final class Steps: Perceptible { @Perceived var done: [Int] = [] }
        struct Start: Event {}
        struct Step: Event { let number: Int }
        struct StepsCenter: Center {
            func makeState() -> Steps { Steps() }
            var reducers: [Reducer<Steps>] {
                Reducer(Start.self) { _, _, context in
                    context.run { send in
                        for number in 1...3 {
                            try? await Task.sleep(nanoseconds: 1_000_000)
                            await send(Step(number: number))
                        }
                    }
                }
                Reducer(Step.self) { event, state, _ in state.done.append(event.number) }
            }
        }
        var store: Store<StepsCenter>?
        let host = makeHost(
            WithStore(StepsCenter()) { stepsStore in
                store = stepsStore
                Text("steps")
            })
        store?.send(Start())
        for _ in 0..<500 where store?.state.done.count != 3 {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(store?.state.done == [1, 2, 3])
        withExtendedLifetime(host) {}
    }

    @Test func injectedStateOutlivesTheComponent() {
        final class Session { let state = LinkState() }
        let session = Session()
        session.state.value = 9
        struct InjectedCenter: Center {
            func makeState() -> LinkState { LinkState() }
            var reducers: [Reducer<LinkState>] { Reducer(SetValue.self) { event, state, _ in state.value = event.value } }
        }
        var store: Store<InjectedCenter>?
        let host = makeHost(
            WithStore(InjectedCenter(), state: .inject(Session.self, \.state)) { injected in
                store = injected
                Text("\(injected.state.value)")
            }.dependency(session))
        #expect(store?.state === session.state)
        store?.send(SetValue(value: 3))
        #expect(session.state.value == 3)
        withExtendedLifetime(host) {}
    }
}
