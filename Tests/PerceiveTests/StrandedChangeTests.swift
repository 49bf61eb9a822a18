import Foundation
import Perceive
import PerceiveLayout
import Synchronization
import Testing

/// A model whose builders write it while they build.
final class FeedbackModel: Perceptible, @unchecked Sendable {
    @Perceived var value = 0
    @Perceived var label = "a"
    @Perceived var other = 0
    /// How many more times `Bumping` may write `value` (plain, untracked).
    var bumpsLeft = 1
}

/// Writes `value` once, while it builds.
struct Bumping: ComponentBuilder {
    let model: FeedbackModel
    func build() -> some Component {
        if model.bumpsLeft > 0 {
            model.bumpsLeft -= 1
            model.value += 1
        }
        return Text("bump").id("bump")
    }
}

/// A memoized builder whose nested builder writes what it has just read.
struct MemoizedReader: ComponentBuilder, @MainActor Equatable {
    let model: FeedbackModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component {
        VStack {
            Text("v=\(model.value)").id("value")
            Bumping(model: model)
        }
    }
}

/// Writes what it reads until `value` reaches 150.
struct CountingUp: ComponentBuilder {
    let model: FeedbackModel
    func build() -> some Component {
        if model.value < 150 { model.value += 1 }
        return Text("\(model.label) \(model.value)").id("label")
    }
}

/// Two scopes writing each other's inputs: `value` ← `other` + 1 and `other` ← `value` + 1.
struct PingPong: ComponentBuilder {
    let model: FeedbackModel
    func build() -> some Component {
        VStack {
            WritesValue(model: model).perceptionView(width: .fill, height: 20).id("ping")
            WritesOther(model: model).perceptionView(width: .fill, height: 20).id("pong")
        }
    }
}

struct WritesValue: ComponentBuilder {
    let model: FeedbackModel
    func build() -> some Component {
        model.value = model.other + 1
        return Text("\(model.label) ping").id("ping-label")
    }
}

struct WritesOther: ComponentBuilder {
    let model: FeedbackModel
    func build() -> some Component {
        model.other = model.value + 1
        return Text("pong").id("pong-label")
    }
}

@MainActor
func label(_ host: PlatformView, _ id: String) -> String? {
    (host.findView(id: id) as? LabelView)?.text
}

@MainActor
@Suite("No change is stranded")
struct StrandedChangeTests {
    @Test func aMemoizedBuilderSeesAWriteMadeWhileItBuilds() {
        let model = FeedbackModel()
        let host = makeHost(MemoizedReader(model: model))
        #expect(model.value == 1)
        #expect(label(host, "value") == "v=1")
        #expect(host.componentEngine.isDirty == false)
        #expect(host.dump() == makeHost(MemoizedReader(model: model)).dump())
    }

    @Test func anEngineReloadsAgainAfterTheReloadCap() {
        let model = FeedbackModel()
        let (host, messages) = Diagnostics.capture { makeHost(CountingUp(model: model)) }
        #expect(messages.map(\.category) == [.reentrantReload])
        #expect(host.componentEngine.stats.reloads == ReloadScheduler.reloadLimitPerFlush)
        #expect(model.value == 100)
        #expect(label(host, "label") == "a 100")
        #expect(host.componentEngine.isDirty == false)
        // The next change to anything it read reloads it: here it counts on up to 150.
        model.label = "b"
        #expect(host.componentEngine.isDirty)
        let (_, later) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(later.isEmpty)
        #expect(label(host, "label") == "b 150")
        #expect(host.componentEngine.isDirty == false)
    }

    @Test func twoScopesWritingEachOthersInputsRecoverAfterTheCap() {
        let model = FeedbackModel()
        let (host, messages) = Diagnostics.capture { makeHost(PingPong(model: model)) }
        // The first scope to reach the cap stops, which also ends the other's loop.
        #expect(messages.map(\.category) == [.reentrantReload])
        #expect(host.findView(id: "ping")?.componentEngine.stats.reloads == ReloadScheduler.reloadLimitPerFlush)
        #expect(label(host, "ping-label") == "a ping")
        #expect(host.findView(id: "ping")?.componentEngine.isDirty == false)
        model.label = "b"
        _ = Diagnostics.capture { host.componentEngine.flush() }
        #expect(label(host, "ping-label") == "b ping")
    }

    @Test func aCappedBoundaryStillReceivesNewContent() {
        // New content is not a tracked change: the cap never drops it, the next flush shows it.
        let model = FeedbackModel()
        struct Screen: ComponentBuilder {
            let model: FeedbackModel
            let title: String
            func build() -> some Component {
                VStack {
                    Text(title).id("title")
                    CountingUp(model: model).perceptionView(width: .fill, height: 20).id("counter")
                }
            }
        }
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = Screen(model: model, title: "one")
        _ = Diagnostics.capture { host.componentEngine.flush() }
        #expect(label(host, "label") == "a 100")
        host.componentEngine.component = Screen(model: model, title: "two")
        _ = Diagnostics.capture { host.componentEngine.flush() }
        #expect(label(host, "title") == "two")
        #expect(label(host, "label") == "a 150")
    }

    @Test func explicitFlushesNeverPileUpAutomaticFlushes() {
        let model = FeedbackModel()
        struct Shows: ComponentBuilder {
            let model: FeedbackModel
            func build() -> some Component { Text("\(model.value)").id("value") }
        }
        let scheduler = ReloadScheduler.shared
        let host = makeHost(Shows(model: model))
        // The README's pattern: change something, flush, again and again, without yielding.
        for _ in 0..<10_000 {
            model.value += 1
            host.componentEngine.flush()
            #expect(scheduler.pendingAutomaticFlushes <= 1)
        }
        #expect(scheduler.pendingAutomaticFlushes <= 1)
        #expect(label(host, "value") == "10000")
    }
}

/// A counter written by a background thread; every access holds `lock`.
final class TickerModel: Perceptible, @unchecked Sendable {
    @Perceived var count = 0
    let lock = NSLock()
    var current: Int { lock.withLock { count } }
    func tick() { lock.withLock { count += 1 } }
}

/// Shows the counter; its build takes `milliseconds`.
struct SlowTicker: ComponentBuilder {
    let model: TickerModel
    let milliseconds: Int
    func build() -> some Component {
        let count = model.current
        if milliseconds > 0 { Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000) }
        return Text("\(count)").id("count")
    }
}

private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}

@MainActor
@Suite("A background writer never freezes a screen")
struct BackgroundWriterTests {
    @Test(arguments: [(0, 40), (1, 20), (20, 6)])
    func eachFlushReloadsOnceAndTheLastValueShows(milliseconds: Int, flushes: Int) {
        let model = TickerModel()
        let host = makeHost(SlowTicker(model: model, milliseconds: milliseconds))
        let stop = StopFlag()
        let writer = Thread {
            while !stop.value.load(ordering: .acquiring) { model.tick() }
        }
        writer.start()
        while model.current < 100 { Thread.sleep(forTimeInterval: 0.000_1) }
        var messages: [Diagnostics.Message] = []
        let first = host.componentEngine.stats.reloads
        for _ in 0..<flushes {
            let before = host.componentEngine.stats.reloads
            let (_, reported) = Diagnostics.capture { host.componentEngine.flush() }
            messages += reported
            #expect(host.componentEngine.stats.reloads - before <= 1)
        }
        #expect(host.componentEngine.stats.reloads > first)
        stop.value.store(true, ordering: .releasing)
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.000_1) }
        let (_, reported) = Diagnostics.capture { host.componentEngine.flush() }
        messages += reported
        #expect(messages.isEmpty)
        #expect(label(host, "count") == "\(model.current)")
        #expect(host.componentEngine.isDirty == false)
    }
}

/// The engine a builder asks to reload while it builds (weakly: the engine holds the builder).
@MainActor
final class EngineBox {
    weak var engine: ComponentEngine?
}

/// Once, while it builds, marks its own engine for a reload and asks it to reload at once.
struct ReloadsItselfWhileBuilding: ComponentBuilder {
    let model: FeedbackModel
    let box: EngineBox
    func build() -> some Component {
        if model.bumpsLeft > 0 {
            model.bumpsLeft -= 1
            box.engine?.setNeedsReload()
            box.engine?.reloadIfNeeded()
        }
        return Text("v=\(model.value)").id("value")
    }
}

@MainActor
@Suite("A reload inside the same engine's reload")
struct NestedReloadTests {
    /// `reloadIfNeeded()` from the engine's own `build()` does not nest a reload (which would
    /// replace the layout the outer one is using): it is reported and ignored, and the flush in
    /// progress reloads the engine again, as it was asked.
    @Test func reloadIfNeededDuringTheEnginesOwnBuildIsIgnoredAndReported() {
        let host = flushReportingOneNestedReload { ReloadsItselfWhileBuilding(model: $0, box: $1) }
        #expect(label(host, "value") == "v=0")
    }

    /// The same from a view update in the engine's render, which walks the engine's root node in
    /// place: the nested reload (which would replace that node under the walk) is reported and
    /// ignored, the render finishes with the views it was showing, and the flush reloads again.
    @Test func reloadIfNeededDuringTheEnginesOwnRenderIsIgnoredAndReported() {
        let host = flushReportingOneNestedReload { ReloadsItselfWhileRendering(model: $0, box: $1) }
        #expect(host.subviews.compactMap { ($0 as? LabelView)?.text } == ["first", "second"])
    }

    /// Shows `make`'s component, which calls `reloadIfNeeded()` on its own engine once, and checks
    /// what both cases share: one `reentrantReload` message, two reloads, nothing left dirty.
    private func flushReportingOneNestedReload(_ make: (FeedbackModel, EngineBox) -> any Component) -> ComponentView {
        let (model, box) = (FeedbackModel(), EngineBox())
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        box.engine = host.componentEngine
        let (_, messages) = Diagnostics.capture {
            host.componentEngine.component = make(model, box)
            host.componentEngine.flush()
        }
        #expect(messages.map(\.category) == [.reentrantReload])
        #expect(messages.first?.text.hasPrefix("Perceive: reloadIfNeeded() was called while the same engine was reloading") == true)
        #expect(host.componentEngine.stats.reloads == 2)
        #expect(host.componentEngine.isDirty == false)
        return host
    }
}

/// Two labels (an in-place render's stack) whose first configures, once, mark their engine for a
/// reload and ask it to reload at once.
private struct ReloadsItselfWhileRendering: ComponentBuilder {
    let model: FeedbackModel
    let box: EngineBox
    func build() -> some Component {
        VStack {
            ReloadingLeaf(content: ReloadingText(text: "first", model: model, box: box))
            ReloadingLeaf(content: ReloadingText(text: "second", model: model, box: box))
        }
    }
}

private struct ReloadingText: ViewContent {
    let text: String
    let model: FeedbackModel
    let box: EngineBox
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    func configure(_ view: LabelView) {
        view.text = text
        // (Untracked: a tracked read here would be reported as one outside any scope.)
        if model.bumpsLeft > 0 {
            model.bumpsLeft -= 1
            box.engine?.setNeedsReload()
            box.engine?.reloadIfNeeded()
        }
    }
}

private struct ReloadingLeaf: Component {
    let content: ReloadingText
    func layout(_ constraint: Constraint) -> any RenderNode {
        ViewNode<LabelView>(size: constraint.clamp(CGSize(width: 80, height: 20)), content: content)
    }
}
