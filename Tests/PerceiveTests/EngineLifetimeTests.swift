import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// What names an engine without retaining it (its tracking scope's token, the parent lookups of
/// engines below it) forgets it when it goes: a change delivered afterwards, or a lookup cached
/// before, reaches nothing.
@MainActor
@Suite("Engine lifetime")
struct EngineLifetimeTests {
    /// A host showing `model.value`, rendered once and dropped on return; the engine's identity.
    private func engineThatIsGone(observing model: SharedModel) -> ComponentEngineReference {
        let host = makeHost(ValueLabel(model: model))
        #expect((host.findView(id: "child-text") as? LabelView)?.text == "child 0")
        return ComponentEngineReference(host.componentEngine)
    }

    @Test func aWriteAfterItsEngineIsGoneReloadsOnlyTheEnginesStillThere() {
        let model = SharedModel()
        let other = makeHost(ValueLabel(model: model))
        let gone = engineThatIsGone(observing: model)
        #expect(gone.engine == nil)
        other.componentEngine.resetStats()
        model.value = 1
        other.componentEngine.flush()
        #expect(other.componentEngine.stats.reloads == 1)
        #expect((other.findView(id: "child-text") as? LabelView)?.text == "child 1")
    }

    @Test func aQueuedWriteFromAnotherThreadIsDroppedWhenItsEngineGoesBeforeTheFlush() {
        let (model, other) = aModelAndAHostReadingIt()
        var gone: ComponentView? = makeHost(ValueLabel(model: model))
        weak let goneEngine = gone?.componentEngine
        // Written on another thread while the main actor waits: no flush can take the queue.
        onAnotherThread { model.value = 7 }
        // Both engines' invalidations wait in the queue; one engine goes before they are taken.
        #expect(other.componentEngine.hasQueuedInvalidations)
        #expect(gone?.componentEngine.hasQueuedInvalidations == true)
        gone = nil
        #expect(goneEngine == nil)
        other.componentEngine.flush()
        #expect(other.componentEngine.stats.reloads == 1)
        #expect(!other.componentEngine.hasQueuedInvalidations)
        #expect((other.findView(id: "child-text") as? LabelView)?.text == "child 7")
    }

    /// The engine laying out is named, not retained, while it builds (see `BuildContext.engine`):
    /// each build sees its own engine, none is named once the flush is over, and the engines go
    /// with their host (a reference counted once too often would keep them; once too few would
    /// free them while the flush still used them).
    @Test func eachBuildSeesItsOwnEngineOnlyWhileItLaysOut() {
        let log = EngineLog()
        var host: ComponentView? = makeHost(EngineNamingParent(log: log), width: 100, height: 100)
        let parent = ComponentEngineReference(host!.componentEngine)
        let child = ComponentEngineReference(host!.subviews[0].componentEngine)
        #expect(log.names == ["parent", "child"])
        #expect(log.engines == [ObjectIdentifier(parent.engine!), ObjectIdentifier(child.engine!)])
        #expect(BuildContext.current == nil)
        host = nil
        #expect(parent.engine == nil)
        #expect(child.engine == nil)
    }

    /// A build that reloads another engine (its `reloadIfNeeded()`) lays that engine out inside its
    /// own layout: the inner build sees the other engine, and the outer build, after it, its own
    /// again (the engine laying out is put back, not cleared).
    @Test func anEngineReloadedInsideABuildGivesTheLayoutBackToTheOuterEngine() {
        let log = EngineLog()
        let inner = makeHost(EngineNamingLeaf(log: log, name: "inner"), width: 100, height: 20)
        inner.componentEngine.setNeedsReload()
        let outer = makeHost(EngineReloadingBuilder(log: log, other: inner.componentEngine), width: 100, height: 20)
        #expect(log.names == ["inner", "outer before", "inner", "outer after"])
        #expect(
            log.engines == [
                ObjectIdentifier(inner.componentEngine), ObjectIdentifier(outer.componentEngine), ObjectIdentifier(inner.componentEngine),
                ObjectIdentifier(outer.componentEngine)
            ])
        #expect(BuildContext.current == nil)
    }

    @Test func aParentEngineThatGoesIsNotFoundAgain() {
        let child = PlatformView(frame: .zero)
        let childEngine = child.componentEngine
        func parentThatIsGone() {
            let parent = PlatformView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let parentEngine = parent.componentEngine
            parent.addSubview(child)
            #expect(childEngine.parentEngine === parentEngine)
        }
        parentThatIsGone()
        #expect(child.superview == nil)
        #expect(childEngine.parentEngine == nil)
        // Under a new parent, that one is found.
        let next = PlatformView(frame: .zero)
        let nextEngine = next.componentEngine
        next.addSubview(child)
        #expect(childEngine.parentEngine === nextEngine)
    }

    @Test func anEngineThatGoesMovesTheHierarchyRevisionOn() {
        let before = ViewHierarchy.revision
        do {
            let view = PlatformView(frame: .zero)
            _ = view.componentEngine
        }
        // Getting the engine moves it on once, the engine going once more.
        #expect(ViewHierarchy.revision == before + 2)
    }

    /// The engine names its view without a weak reference: the view clears it when it goes, so an
    /// engine someone kept sees no view, and a write to what it read, or new content, renders
    /// nothing and reaches nothing freed.
    @Test func anEngineThatOutlivesItsViewSeesNoView() {
        let model = SharedModel()
        var host: ComponentView? = makeHost(ValueLabel(model: model))
        let engine = host!.componentEngine
        #expect(engine.view === host)
        host = nil
        #expect(engine.view == nil)
        engine.resetStats()
        model.value = 3
        engine.flush()
        engine.component = ValueLabel(model: model)
        engine.flush()
        #expect(engine.stats.viewsCreated == 0)
        #expect(engine.stats.viewsUpdated == 0)
    }
}

/// The scheduler lists dirty engines without retaining them: one that goes while listed takes
/// itself off, and a round skips one that went before its turn.
@MainActor
@Suite("Engine lifetime in the scheduler")
struct ScheduledEngineLifetimeTests {
    @Test func anEngineThatGoesWhileDirtyLeavesTheList() {
        let (model, other) = aModelAndAHostReadingIt()
        var gone: ComponentView? = makeHost(ValueLabel(model: model))
        weak let goneEngine = gone?.componentEngine
        let listed = ReloadScheduler.shared.listedCount
        model.value = 4
        // Both engines are listed; the one that goes takes itself off.
        #expect(ReloadScheduler.shared.listedCount == listed + 2)
        gone = nil
        #expect(goneEngine == nil)
        #expect(ReloadScheduler.shared.listedCount == listed + 1)
        other.componentEngine.flush()
        #expect(other.componentEngine.stats.reloads == 1)
        #expect((other.findView(id: "child-text") as? LabelView)?.text == "child 4")
        #expect(ReloadScheduler.shared.listedCount == listed)
    }

    /// Seventy boundaries dirty in the same round as their parent, whose reload removes them all:
    /// the reuse pool keeps 64 of their views, the other six views go with their engines before
    /// those engines' turns, which are skipped.
    @Test func aRoundSkipsEnginesThatWentBeforeTheirTurn() {
        let model = SharedModel()
        let host = makeHost(ShownBoundaries(model: model, count: 70), height: 2_000)
        #expect(host.subviews.count == 70)
        let engines = host.subviews.map { ComponentEngineReference($0.componentEngine) }
        let (skipped, listed) = (ReloadScheduler.turnsSkipped, ReloadScheduler.shared.listedCount)
        model.label = "hidden"
        model.value = 1
        host.componentEngine.flush()
        #expect(host.subviews.isEmpty)
        #expect(ReloadScheduler.turnsSkipped == skipped + 6)
        #expect(engines.filter { $0.engine == nil }.count == 6)
        #expect(ReloadScheduler.shared.listedCount == listed)
    }
}

/// Which engine each build saw laying out (`BuildContext.current`), in order.
@MainActor
private final class EngineLog {
    var names: [String] = []
    var engines: [ObjectIdentifier?] = []
    func note(_ name: String) {
        names.append(name)
        engines.append(BuildContext.current.map(ObjectIdentifier.init))
    }
}

/// A parent noting its build, over a boundary whose content notes its own.
private struct EngineNamingParent: ComponentBuilder {
    let log: EngineLog
    func build() -> some Component {
        log.note("parent")
        return VStack { EngineNamingLeaf(log: log, name: "child").perceptionView(width: 100, height: 20) }
    }
}

/// A leaf noting its build under `name`.
private struct EngineNamingLeaf: ComponentBuilder {
    let log: EngineLog
    let name: String
    func build() -> some Component {
        log.note(name)
        return Text(name)
    }
}

/// A builder that reloads another engine in the middle of its build, noting the engine laying out
/// before and after.
private struct EngineReloadingBuilder: ComponentBuilder {
    let log: EngineLog
    let other: ComponentEngine
    func build() -> some Component {
        log.note("outer before")
        other.reloadIfNeeded()
        log.note("outer after")
        return Text("outer")
    }
}

/// `count` boundaries showing the model's value, while its label is not "hidden".
private struct ShownBoundaries: ComponentBuilder {
    let model: SharedModel
    let count: Int
    func build() -> some Component {
        VStack {
            if model.label != "hidden" {
                for index in 0..<count { ValueLabel(model: model).perceptionView(width: 100, height: 20).id(index) }
            }
        }
    }
}

/// Holds an engine weakly (to see that it went).
@MainActor
private final class ComponentEngineReference {
    weak var engine: ComponentEngine?
    init(_ engine: ComponentEngine) { self.engine = engine }
}

/// A model and a new host whose label reads it, its stats zeroed: the host that stays while a
/// second one, reading the same model, goes.
@MainActor
private func aModelAndAHostReadingIt() -> (SharedModel, ComponentView) {
    let model = SharedModel()
    let other = makeHost(ValueLabel(model: model))
    other.componentEngine.resetStats()
    return (model, other)
}
