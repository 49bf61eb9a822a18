// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
@testable import Perceive
import PerceiveLayout

// The examples of Docs/Events.md (the event guide's scenarios), compiled and checked.

final class Router {
    var path: [String] = []
}

final class MainState: Perceptible {
    @Perceived var user: String?
    @Perceived var loads = 0
}

enum MainEvents {
    struct Prepare: Event {}
    struct User: Event { let name: String }
    struct Pong: Event {}
}

struct MainCenter: Center {
    func makeState() -> MainState { MainState() }
    var dependencies: [Any.Type] { [Router.self] }

    var reducers: [Reducer<MainState>] {
        Reducer(MainEvents.Prepare.self) { _, state, context in
            state.loads += 1
            if let router = try? context.dependency(Router.self) { router.path.append("main") }
        }
        Reducer(MainEvents.User.self) { event, state, _ in state.user = event.name }
        Reducer(MainEvents.Pong.self) { _, state, _ in state.loads += 100 }
    }

    var links: [Link<MainState>] {
        [.onDependenciesResolved(MainEvents.Prepare())]
    }
}

struct MainComponent: ComponentBuilder {
    func build() -> some Component {
        WithStore(MainCenter()) { store in
            VStack {
                Text(store.state.user ?? "signed out").id("user")
                Text("Sign in").tappableView { store.send(MainEvents.User(name: "Ada")) }.id("sign-in")
                ChildComponent()
            }
        }
    }
}

final class ChildState: Perceptible {
    @Perceived var pings = 0
}

enum ChildEvents {
    struct Ping: Event {}
    struct Tapped: Event {}
}

struct ChildCenter: Center {
    func makeState() -> ChildState { ChildState() }
    var reducers: [Reducer<ChildState>] {
        Reducer(ChildEvents.Ping.self, broadcast: .receive) { _, state, _ in state.pings += 1 }
        Reducer(ChildEvents.Tapped.self) { _, _, context in context.send(MainEvents.Pong(), route: .up) }
    }
}

struct ChildComponent: ComponentBuilder {
    func build() -> some Component {
        WithStore(ChildCenter()) { store in
            Text("pings: \(store.state.pings)").tappableView { store.send(ChildEvents.Tapped()) }.id("child")
        }
    }
}

struct PingChildren: Event {}

@MainActor
@Suite("Docs/Events.md examples")
struct DocsEventsExamples {
    func text(_ host: PlatformView, _ id: String) -> String? {
        (host.findView(id: id) as? LabelView)?.text ?? (host.findView(id: id)?.subviews.first as? LabelView)?.text
    }

    @Test func mainComponentWithARouterDependency() {
        let router = Router()
        let host = makeHost(MainComponent().dependency(router))
        host.componentEngine.flush()
        #expect(router.path == ["main"])      // the dependant link fired once
        (host.findView(id: "sign-in") as? TappableView)?.tap()
        host.componentEngine.flush()
        #expect(text(host, "user") == "Ada")
        host.componentEngine.component = MainComponent().dependency(router)
        host.componentEngine.flush()
        #expect(router.path == ["main"])      // still once: the store (and its links) survived
    }

    @Test func childPingsParentAndParentPingsChildren() {
        let host = makeHost(MainComponent().dependency(Router()))
        host.componentEngine.flush()
        (host.findView(id: "child") as? TappableView)?.tap()   // Tapped → Pong, up to MainCenter
        host.componentEngine.flush()
        let mainStore = StoreProbe.firstStore(in: host) as? Store<MainCenter>
        #expect(mainStore?.state.loads == 101)   // 1 from the dependant link, 100 from the child's Pong
        #expect(text(host, "child") == "pings: 0")
        // The parent broadcasts down; the child receives.
        let pingChildren = Reducer<MainState>(PingChildren.self) { _, _, context in
            context.broadcast(ChildEvents.Ping())
        }
        #expect(pingChildren.eventName == "PingChildren")
        mainStore?.broadcast(ChildEvents.Ping())
        host.componentEngine.flush()
        #expect(text(host, "child") == "pings: 1")
    }
}

/// Finds the root store of a host's engine (tests only).
@MainActor
enum StoreProbe {
    static func firstStore(in host: PlatformView) -> StoreBase? {
        host.componentEngine.attachment(StoreRegistry.self) { StoreRegistry() }.rootStore
    }
}
