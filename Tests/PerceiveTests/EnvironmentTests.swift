import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A stand-in for a view controller: the environment must hold it weakly.
@MainActor
final class ScreenController {
    let name: String
    init(name: String) { self.name = name }
}

struct ViewControllerKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue = WeakReference<ScreenController>(nil)
}

extension EnvironmentValues {
    /// The stored form: a weak reference, so neither the environment nor the modifier that set it
    /// keeps the controller alive.
    var viewControllerReference: WeakReference<ScreenController> {
        get { self[ViewControllerKey.self] }
        set { self[ViewControllerKey.self] = newValue }
    }

    var viewController: ScreenController? { viewControllerReference.object }
}

extension Component {
    func viewController(_ controller: ScreenController) -> EnvironmentComponent<Self, WeakReference<ScreenController>> {
        environment(\.viewControllerReference, WeakReference(controller))
    }
}

/// Shows the name of the controller it sees, so a dump tells which ordering worked.
struct Screen: ComponentBuilder {
    @Environment(\.viewController) var controller
    func build() -> some Component {
        Text(controller?.name ?? "no controller").id("screen")
    }
}

struct ScreenContainer: ComponentBuilder {
    func build() -> some Component {
        Screen().perceptionScrollViewFill()
    }
}

@MainActor
@Suite("Environment")
struct EnvironmentTests {
    let controller = ScreenController(name: "Home")

    func screenText(_ host: PlatformView) -> String? {
        (host.findView(id: "screen") as? LabelView)?.text
    }

    /// `withValues` given the values already current (the same identity) swaps nothing; given
    /// others, it makes them current for its body alone — also inside such a call.
    @Test func withValuesOfTheCurrentValuesKeepsThemAndRestoresAroundOthers() {
        var red = EnvironmentValues()
        red.accent = "red"
        var green = red
        green.accent = "green"
        let seen = EnvironmentValues.withValues(red) {
            let inner = EnvironmentValues.withValues(EnvironmentValues.current) { EnvironmentValues.current.accent }
            let other = EnvironmentValues.withValues(green) { EnvironmentValues.current.accent }
            return [inner, other, EnvironmentValues.current.accent]
        }
        #expect(seen == ["red", "green", "red"])
        #expect(EnvironmentValues.current.accent == "blue")
    }

    @Test func valueSetBeforeTheBoundaryReachesTheContent() {
        let host = makeHost(Screen().viewController(controller).perceptionScrollViewFill())
        #expect(screenText(host) == "Home")
    }

    @Test func extraBuilderLayerPropagatesTheValue() {
        let host = makeHost(ScreenContainer().viewController(controller))
        #expect(screenText(host) == "Home")
    }

    @Test func valueSetAfterTheBoundaryDoesNotReachTheContent() {
        let (host, messages) = Diagnostics.capture { makeHost(Screen().perceptionScrollViewFill().viewController(controller)) }
        #expect(screenText(host) == "no controller")
        // Reported once per call site (a debug-build check): only if no earlier test reported this site.
        #expect(messages.allSatisfy { $0.category == .environmentOrdering })
    }

    @Test func snapshotSurvivesTheChildsOwnReloads() {
        final class Counter: Perceptible { @Perceived var value = 0 }
        struct CountingScreen: ComponentBuilder {
            let counter: Counter
            @Environment(\.viewController) var controller
            func build() -> some Component {
                Text("\(controller?.name ?? "none") \(counter.value)").id("screen")
            }
        }
        let counter = Counter()
        let host = makeHost(CountingScreen(counter: counter).viewController(controller).perceptionViewFill())
        #expect(screenText(host) == "Home 0")
        counter.value = 1
        host.componentEngine.flush()
        #expect(screenText(host) == "Home 1")
        #expect(host.componentEngine.stats.reloads == 1)
    }

    @Test func childReloadNeverSeesValuesOfAnUnrelatedParentReload() {
        final class Model: Perceptible {
            @Perceived var parentTitle = "p"
            @Perceived var childValue = 0
        }
        struct Child: ComponentBuilder {
            let model: Model
            @Environment(\.viewController) var controller
            func build() -> some Component {
                Text("\(controller?.name ?? "none") \(model.childValue)").id("screen")
            }
        }
        struct Parent: ComponentBuilder {
            let model: Model
            let other: ScreenController
            func build() -> some Component {
                VStack {
                    // The parent's own reload happens inside another controller's environment...
                    Text(model.parentTitle).viewController(other)
                    // ...but the boundary was created outside it and keeps its own snapshot.
                    Child(model: model).perceptionView(width: .fill, height: 50)
                }
            }
        }
        let model = Model()
        let host = makeHost(Parent(model: model, other: ScreenController(name: "Other")).viewController(controller))
        #expect(screenText(host) == "Home 0")
        model.parentTitle = "q"
        model.childValue = 2
        host.componentEngine.flush()
        #expect(screenText(host) == "Home 2")
    }

    @Test func environmentIsRestoredAfterTheModifiedSubtree() {
        struct Probe: ComponentBuilder {
            let id: String
            @Environment(\.viewController) var controller
            func build() -> some Component { Text(controller?.name ?? "none").id(id) }
        }
        let host = makeHost(
            VStack {
                Probe(id: "inside").viewController(controller)
                Probe(id: "after")
            })
        #expect((host.findView(id: "inside") as? LabelView)?.text == "Home")
        #expect((host.findView(id: "after") as? LabelView)?.text == "none")
    }

    @Test func weakValuesDoNotKeepTheControllerAlive() {
        weak var weakController: ScreenController?
        var host: ComponentView?
        do {
            let temporary = ScreenController(name: "Temp")
            weakController = temporary
            host = makeHost(Screen().viewController(temporary).perceptionViewFill())
            #expect(screenText(host!) == "Temp")
        }
        #expect(weakController == nil)
        #expect(host != nil)
    }
}
