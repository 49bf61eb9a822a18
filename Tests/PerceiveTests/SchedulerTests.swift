import Foundation
import Perceive
import PerceiveLayout
import Testing

final class SharedModel: Perceptible, @unchecked Sendable {
    @Perceived var value = 0
    @Perceived var label = "a"
}

struct ValueLabel: ComponentBuilder {
    let model: SharedModel
    func build() -> some Component { Text("child \(model.value)").id("child-text") }
}

struct ParentAndChild: ComponentBuilder {
    let model: SharedModel
    func build() -> some Component {
        VStack {
            Text("parent \(model.value)").id("parent-text")
            ValueLabel(model: model).perceptionView(width: .fill, height: 30).id("child")
        }
    }
}

/// A memoized row: its own reads invalidate it alone.
struct EquatableRow: ComponentBuilder, @MainActor Equatable {
    let model: SharedModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component { Text("row \(model.value)") }
}

/// The order in which builders ran.
@MainActor
final class BuildOrder {
    private(set) var names: [String] = []
    func record(_ name: String) { names.append(name) }
    func clear() { names = [] }
}

struct OrderedLabel: ComponentBuilder {
    let name: String
    let model: SharedModel
    let order: BuildOrder
    func build() -> some Component {
        order.record(name)
        return Text("\(name) \(model.value)")
    }
}

/// A boundary's content holding another boundary (one level deeper).
struct OrderedPair: ComponentBuilder {
    let outer: SharedModel
    let inner: SharedModel
    let order: BuildOrder
    func build() -> some Component {
        order.record("outer")
        return VStack {
            Text("outer \(outer.value)")
            OrderedLabel(name: "inner", model: inner, order: order).perceptionView(width: 100, height: 20)
        }
    }
}

@MainActor
@Suite("Reload scheduling")
struct SchedulerTests {
    @Test func shallowestFirstThenInTheOrderTheScopesWereWritten() {
        quietly {
            let order = BuildOrder()
            let (a, b, c, outer, inner) = (SharedModel(), SharedModel(), SharedModel(), SharedModel(), SharedModel())
            let host = makeHost(
                VStack {
                    OrderedLabel(name: "a", model: a, order: order).perceptionView(width: 100, height: 20)
                    OrderedLabel(name: "b", model: b, order: order).perceptionView(width: 100, height: 20)
                    OrderedPair(outer: outer, inner: inner, order: order).perceptionView(width: 100, height: 40)
                    OrderedLabel(name: "c", model: c, order: order).perceptionView(width: 100, height: 20)
                })
            // First render: every depth-1 scope, then the one its parent created.
            #expect(order.names == ["a", "b", "outer", "c", "inner"])
            order.clear()
            // The deepest scope is written first, then three at one depth in an order unlike the layout's.
            inner.value = 1
            c.value = 1
            outer.value = 1
            a.value = 1
            host.componentEngine.flush()
            // Depth 1 in the order written; the inner scope after its parent, once (b was not written).
            #expect(order.names == ["c", "outer", "a", "inner"])
        }
    }

    /// The child is dirty twice over — it read the value, and its parent's render gives it new
    /// content — yet it is listed once: the flush reloads both in one round and needs no other.
    @Test func parentReloadsBeforeChildAndChildReloadsOnce() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = SharedModel()
            let host = makeHost(ParentAndChild(model: model))
            let child = host.findView(id: "child")!
            resetSubtreeStats(host)
            model.value = 1
            #expect(host.componentEngine.isDirty)
            #expect(child.componentEngine.isDirty)
            let before = ReloadScheduler.rounds
            host.componentEngine.flush()
            #expect(ReloadScheduler.rounds - before == 1)
            #expect(host.componentEngine.stats.reloads == 1)
            #expect(child.componentEngine.stats.reloads == 1)
            #expect((host.findView(id: "child-text") as? LabelView)?.text == "child 1")
            #expect((host.findView(id: "parent-text") as? LabelView)?.text == "parent 1")
        }
    }

    /// A round of more than sixteen engines is ordered by counting depths rather than by insertion:
    /// the same order, shallowest first and by the order written within a depth.
    @Test func aLongRoundIsOrderedShallowestFirstThenInTheOrderWritten() {
        quietly {
            let order = BuildOrder()
            let models = (0..<20).map { _ in SharedModel() }
            let (outer, inner) = (SharedModel(), SharedModel())
            let host = makeHost(
                VStack {
                    for index in 0..<20 {
                        OrderedLabel(name: "\(index)", model: models[index], order: order).perceptionView(width: 100, height: 20)
                            .id("\(index)")
                    }
                    OrderedPair(outer: outer, inner: inner, order: order).perceptionView(width: 100, height: 40).id("pair")
                }, height: 800)
            order.clear()
            inner.value = 1
            for index in stride(from: 19, through: 0, by: -2) { models[index].value = 1 }
            outer.value = 1
            for index in stride(from: 0, to: 20, by: 2) { models[index].value = 1 }
            let before = ReloadScheduler.rounds
            host.componentEngine.flush()
            let odd = stride(from: 19, through: 0, by: -2).map { "\($0)" }
            let even = stride(from: 0, to: 20, by: 2).map { "\($0)" }
            #expect(order.names == odd + ["outer"] + even + ["inner"])
            #expect(ReloadScheduler.rounds - before == 1)
        }
    }

    @Test func writeOnAnotherThreadReloadsOnTheMainActor() async {
        let model = SharedModel()
        let host = makeHost(ValueLabel(model: model))
        await Task.detached { model.value = 42 }.value
        host.componentEngine.flush()
        #expect((host.findView(id: "child-text") as? LabelView)?.text == "child 42")
        #expect(host.componentEngine.stats.reloads == 2)
    }

    @Test func aMainQueueWriteBetweenFlushesMarksItsScopeAtOnceAnotherThreadsWaitsInTheQueue() {
        let model = SharedModel()
        let row = SharedModel()
        let host = makeHost(
            VStack {
                ValueLabel(model: model)
                EquatableRow(model: row)
            })
        // The engine's own scope, then a memoized builder's: both marked now, nothing queued.
        model.value = 1
        #expect(host.componentEngine.isDirty && !host.componentEngine.hasQueuedInvalidations)
        host.componentEngine.flush()
        row.value = 1
        #expect(host.componentEngine.isDirty && !host.componentEngine.hasQueuedInvalidations)
        host.componentEngine.flush()
        #expect(!host.componentEngine.isDirty)
        // Another thread's write waits in the queue until the main actor's next flush.
        onAnotherThread { row.value = 2 }
        #expect(host.componentEngine.isDirty && host.componentEngine.hasQueuedInvalidations)
        host.componentEngine.resetStats()
        host.componentEngine.flush()
        #expect(!host.componentEngine.hasQueuedInvalidations)
        #expect(host.componentEngine.stats.builds == 1)
        #expect(host.findViews(ofType: LabelView.self).map(\.text) == ["child 1", "row 2"])
    }

    @Test func defaultSchedulerFlushesFromTheMainQueue() async {
        let model = SharedModel()
        let host = makeHost(ValueLabel(model: model))
        model.value = 7
        for _ in 0..<200 where host.componentEngine.isDirty {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(host.componentEngine.isDirty == false)
        #expect((host.findView(id: "child-text") as? LabelView)?.text == "child 7")
    }

    @Test func mutationDuringBuildIsCutOffAndReported() {
        struct SelfFeeding: ComponentBuilder {
            let model: SharedModel
            func build() -> some Component {
                let value = model.value
                model.value = value + 1 // writes what it just read: every reload invalidates itself
                return Text("\(value)")
            }
        }
        let model = SharedModel()
        let (host, messages) = Diagnostics.capture { makeHost(SelfFeeding(model: model)) }
        #expect(host.componentEngine.stats.reloads == ReloadScheduler.reloadLimitPerFlush)
        #expect(model.value == ReloadScheduler.reloadLimitPerFlush)
        #expect(
            messages.map(\.text) == [
                "Perceive: the scope of SelfFeeding was invalidated by its own reload 100 times in one flush (last cause: SharedModel.value); "
                    + "its reloads were stopped until the next change. A build() or view update writes a property that the same scope reads."
            ])
        #expect(host.componentEngine.isDirty == false)
    }

    @Test func flushDuringBuildIsIgnoredAndReported() {
        struct Flushing: ComponentBuilder {
            func build() -> some Component {
                ReloadScheduler.shared.flush()
                return Text("ok").id("ok")
            }
        }
        let (host, messages) = Diagnostics.capture { makeHost(Flushing()) }
        #expect((host.findView(id: "ok") as? LabelView)?.text == "ok")
        #expect(messages.map(\.text) == [Self.ignoredFlush(pickedUpBy: "the flush in progress")])
    }

    /// The report of a flush called during a reload, which says where the changes go.
    private static func ignoredFlush(pickedUpBy flush: String) -> String {
        "Perceive: flush() was called during a reload (from build() or a view update); the nested flush was ignored. "
            + "Changes made there are picked up by \(flush)."
    }

    /// `component` on a new host, reloaded by `reloadIfNeeded()` outside any flush: the host and the
    /// reports of the flushes that reload ignored.
    private func reloadedOutsideAFlush(_ component: any Component) -> (ComponentView, [String]) {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let (_, messages) = Diagnostics.capture {
            host.componentEngine.component = component
            host.componentEngine.reloadIfNeeded()
        }
        return (host, messages.map(\.text).filter { $0.hasPrefix("Perceive: flush()") })
    }

    /// A reload started outside a flush (`reloadIfNeeded()`) whose `build()` writes what a sibling
    /// read and flushes: the flush is ignored and reported (it would reload the engine inside its
    /// own layout), and the next flush picks the write up.
    @Test func flushDuringAReloadOutsideAFlushIsIgnoredAndReported() {
        let model = SharedModel()
        let (host, ignored) = reloadedOutsideAFlush(WritingParent(model: model))
        #expect(ignored == [Self.ignoredFlush(pickedUpBy: "the next flush")])
        #expect(model.value == 1)
        #expect((host.findView(id: "reader") as? LabelView)?.text == "read 0")
        _ = Diagnostics.capture { host.componentEngine.flush() }
        #expect((host.findView(id: "reader") as? LabelView)?.text == "read 1")
    }

    /// The same from a view update: a label's `configure` writes what the label read and flushes,
    /// in the render of a reload started by `reloadIfNeeded()`. The flush is ignored and reported
    /// (it would lay the engine out again under the view update), and the next flush shows the write.
    @Test func flushDuringARenderOutsideAFlushIsIgnoredAndReported() {
        let model = SharedModel()
        let (host, ignored) = reloadedOutsideAFlush(FlushingLabel(model: model))
        #expect(ignored == [Self.ignoredFlush(pickedUpBy: "the next flush")])
        #expect((host.subviews.first as? LabelView)?.text == "value 0")
        _ = Diagnostics.capture { host.componentEngine.flush() }
        #expect((host.subviews.first as? LabelView)?.text == "value 1")
    }

    @Test func resizingTheHostRelaysOutWithoutRebuildingChildren() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = SharedModel()
            let host = makeHost(ParentAndChild(model: model), width: 300)
            resetSubtreeStats(host)
            host.frame.size.width = 200
            host.componentEngine.flush()
            #expect(host.componentEngine.stats.lastReloadCause == .resized)
            #expect(host.findView(id: "child")?.frame.width == 200)
            #expect(subtreeBuilds(host)["ParentAndChild"] == 1)
        }
    }
}

/// A memoized row showing the model's value.
private struct ReadingRow: ComponentBuilder, @MainActor Equatable {
    let model: SharedModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component { Text("read \(model.value)").id("reader") }
}

/// A row whose first build writes the value its sibling read, then flushes.
private struct WritingRow: ComponentBuilder {
    let model: SharedModel
    func build() -> some Component {
        if model.value == 0 {
            model.value = 1
            ReloadScheduler.shared.flush()
        }
        return Text("writer").id("writer")
    }
}

/// A stack of the reading row and the writing row, rebuilt whenever the engine lays out in full.
private struct WritingParent: ComponentBuilder {
    let model: SharedModel
    func build() -> some Component {
        VStack {
            ReadingRow(model: model)
            WritingRow(model: model)
        }
    }
}

/// A label whose first configuration writes the value it shows, then flushes.
private struct FlushingText: ViewContent {
    let model: SharedModel
    let value: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model && lhs.value == rhs.value }
    func configure(_ view: LabelView) {
        view.text = "value \(value)"
        if model.value == 0 {
            model.value = 1
            ReloadScheduler.shared.flush()
        }
    }
}

private struct FlushingLabel: ComponentBuilder {
    let model: SharedModel
    func build() -> some Component { FlushingLeaf(content: FlushingText(model: model, value: model.value)) }
}

private struct FlushingLeaf: Component {
    let content: FlushingText
    func layout(_ constraint: Constraint) -> any RenderNode {
        ViewNode<LabelView>(size: constraint.clamp(CGSize(width: 80, height: 20)), content: content)
    }
}
