import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A scope whose root is a stack of single views already shown in order renders by updating each
/// view in place; anything else (a hidden child, a reorder, a view of another type, a view added by
/// hand, a repeated id) renders exactly as a full walk does.
@MainActor
@Suite("Flat roots")
struct FlatRootTests {
    private func makeLevelHost(_ source: LevelSource, height: CGFloat = 100) -> ComponentView {
        let host = makeHost(Level(source: source), width: 200, height: height)
        resetSubtreeStats(host)
        return host
    }

    private func texts(_ host: ComponentView) -> [String?] {
        host.subviews.map { ($0 as? LabelView)?.text ?? $0.componentID }
    }

    @Test func aChangedLabelIsUpdatedInTheViewThatShowsIt() throws {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let before = host.subviews
        #expect(texts(host) == ["top 0", "child", "first", "second"])
        source.value = 1
        host.componentEngine.flush()
        #expect(host.subviews.count == 4)
        #expect(zip(host.subviews, before).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["top 1", "child", "first", "second"])
        #expect(
            host.subviews.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 60, height: 10), CGRect(x: 0, y: 12, width: 50, height: 10),
                CGRect(x: 0, y: 24, width: 30, height: 10), CGRect(x: 0, y: 36, width: 30, height: 10)
            ])
        let child = try #require(host.findView(id: "child")?.findViews(ofType: LabelView.self).first)
        #expect(child.text == "child 1")
        let stats = host.componentEngine.stats
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        #expect(stats.renders == 1)
        // The top label changed; the boundary got new content; the two named labels are equal.
        #expect(stats.viewsUpdated == 2)
        #expect(stats.nodesCompared == 4)
        #expect(stats.viewsCreated == 0)
        #expect(stats.viewsRemoved == 0)
        #expect(stats.viewsMoved == 0)
    }

    @Test func theRootsRecordIsWrittenAsTheWalkWritesIt() throws {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let records = try rootRecords(of: host) { source.value = 1 }
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        expectWrittenAsTheWalkWrites(records, count: 4, in: host)
    }

    @Test func aPatchAfterAnInPlaceRenderFindsTheViewsWhereTheRecordSays() {
        let source = LevelSource()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let engine = host.componentEngine
        engine.automaticScopes = true
        engine.component = Level(source: source)
        engine.flush()
        // A new component: a full reload, rendered in place.
        var renderedInPlace = Reconciler.inPlaceRenders
        engine.component = Level(source: source)
        engine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        renderedInPlace = Reconciler.inPlaceRenders
        let shown = host.subviews
        let renders = engine.renderCount
        engine.resetStats()
        // Only the root builder read it: it is laid out again alone and its items patched where
        // the record says they are, with no full render.
        source.value = 2
        engine.flush()
        #expect(engine.stats.incrementalReloads == 1)
        #expect(engine.stats.renders == 1)
        #expect(engine.renderCount == renders)
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["top 2", "child", "first", "second"])
    }

    @Test func aViewHostingAViewAndALabelInACentringStackAreUpdatedInPlace() throws {
        let source = LevelSource()
        let host = makeHost(Card(source: source), width: 80, height: 60)
        let shown = host.subviews
        #expect(shown.count == 2)
        #expect(shown[0] is TappableView)
        let picture = try #require(shown[0].subviews.first as? ImageView)
        resetSubtreeStats(host)
        let renderedInPlace = Reconciler.inPlaceRenders
        source.value = 7
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(shown[0].subviews.first === picture)
        #expect((shown[1] as? LabelView)?.text == "7")
        #expect(shown[1].componentID == "count")
        #expect(host.subviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 80, height: 60), CGRect(x: 30, y: 25, width: 20, height: 10)])
        let stats = host.componentEngine.stats
        // The tappable view and its picture are compared and kept; the count's label is updated.
        #expect(stats.viewsUpdated == 1)
        #expect(stats.nodesCompared == 3)
        #expect((stats.viewsCreated, stats.viewsRemoved, stats.viewsMoved) == (0, 0, 0))
    }

    @Test func viewsInsideAColumnKeepTheirViewsAndANamedColumnIsWalked() {
        let source = LevelSource()
        let host = makeHost(Columns(source: source), width: 200, height: 100)
        let shown = host.subviews
        #expect(texts(host) == ["left 0", "a 0", "b"])
        #expect(host.subviews.map(\.componentID) == ["0", "1.0.0", "b"])
        var renderedInPlace = Reconciler.inPlaceRenders
        source.value = 1
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["left 1", "a 1", "b"])
        #expect(host.subviews.map(\.frame.origin) == [CGPoint(x: 0, y: 0), CGPoint(x: 44, y: 0), CGPoint(x: 44, y: 11)])
        // Named, the column scopes its views' keys: the walk renders it (new views for new keys).
        renderedInPlace = Reconciler.inPlaceRenders
        source.swapped = true
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        #expect(host.subviews.map(\.componentID) == ["0", "column.0", "column/b"])
        #expect(host.subviews[0] === shown[0])
        #expect(texts(host) == ["left 1", "a 1", "b"])
        // Still named: walked again.
        renderedInPlace = Reconciler.inPlaceRenders
        source.value = 2
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        #expect(texts(host) == ["left 2", "a 2", "b"])
    }

    @Test func aHiddenViewInsideAVisibleColumnIsWalked() {
        let source = LevelSource()
        let host = makeHost(Columns(source: source, gap: 150), width: 200, height: 100)
        let shown = host.subviews
        #expect(texts(host) == ["left 0", "a 0"])
        let renderedInPlace = Reconciler.inPlaceRenders
        source.value = 1
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["left 1", "a 1"])
        #expect(host.subviews.map(\.componentID) == ["0", "1.0.0"])
    }

    @Test func aStackSetAsTheComponentItselfIsRenderedInPlace() {
        let host = makeHost(
            VStack(spacing: 2) {
                Text("one").size(width: 40, height: 10); Text("two").size(width: 40, height: 10)
            })
        let shown = host.subviews
        let renderedInPlace = Reconciler.inPlaceRenders
        host.componentEngine.component = VStack(spacing: 2) {
            Text("one").size(width: 40, height: 10)
            Text("three").size(width: 50, height: 10)
        }
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 1)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["one", "three"])
        #expect(host.subviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 40, height: 10), CGRect(x: 0, y: 12, width: 50, height: 10)])
        #expect(host.componentEngine.stats.viewsUpdated == 1)
    }

    /// Renders `component`, then `next` (the same shape, its first label changed), and returns how
    /// many of those second renders were in place, with the views before and after.
    private func renderTwice(_ component: any Component, then next: any Component) -> (
        inPlace: Int, before: [PlatformView], after: ComponentView
    ) {
        let host = makeHost(component, width: 300, height: 600)
        let before = host.subviews
        let renderedInPlace = Reconciler.inPlaceRenders
        host.componentEngine.component = next
        host.componentEngine.flush()
        return (Reconciler.inPlaceRenders - renderedInPlace, before, host)
    }

    private func labels(_ count: Int, first: String) -> VStack {
        VStack {
            for index in 0..<count { Text(index == 0 ? first : "\(index)").size(width: 30, height: 10) }
        }
    }

    @Test func sixteenViewsAreRenderedInPlaceAndSeventeenWalked() {
        for (count, expected) in [(16, 1), (17, 0)] {
            let (inPlace, before, host) = renderTwice(labels(count, first: "a"), then: labels(count, first: "b"))
            #expect(inPlace == expected, "\(count) views")
            #expect(host.subviews.count == count)
            #expect(zip(host.subviews, before).allSatisfy { $0 === $1 })
            #expect((host.subviews[0] as? LabelView)?.text == "b")
            #expect(host.subviews[count - 1].frame == CGRect(x: 0, y: CGFloat(count - 1) * 10, width: 30, height: 10))
        }
    }

    @Test func aLayoutOfSeventeenChildrenIsWalkedThoughItShowsSixteenViews() {
        let make = { (first: String) -> VStack in
            VStack {
                for index in 0..<16 { Text(index == 0 ? first : "\(index)").size(width: 30, height: 10) }
                VStack {}
            }
        }
        let (inPlace, before, host) = renderTwice(make("a"), then: make("b"))
        #expect(inPlace == 0)
        #expect(host.subviews.count == 16)
        #expect(zip(host.subviews, before).allSatisfy { $0 === $1 })
        #expect((host.subviews[0] as? LabelView)?.text == "b")
    }

    @Test func aLabelSevenLayoutsDownIsRenderedInPlaceAndEightDownWalked() {
        func nested(_ depth: Int, _ text: String) -> any Component {
            var component: any Component = Text(text).size(width: 30, height: 10)
            for _ in 0..<depth { component = VStack { component } }
            return VStack { component }
        }
        for (depth, expected) in [(7, 1), (8, 0)] {
            let (inPlace, before, host) = renderTwice(nested(depth, "a"), then: nested(depth, "b"))
            #expect(inPlace == expected, "\(depth) layouts down")
            #expect(host.subviews.count == 1)
            #expect(host.subviews[0] === before[0])
            #expect((host.subviews[0] as? LabelView)?.text == "b")
            #expect(host.subviews[0].componentID == (["0"] + Array(repeating: "0", count: depth)).joined(separator: "."))
        }
    }

    @Test func aRootNamedByAnIdIsWalked() {
        let (inPlace, before, host) = renderTwice(labels(2, first: "a").id("root"), then: labels(2, first: "b").id("root"))
        #expect(inPlace == 0)
        #expect(zip(host.subviews, before).allSatisfy { $0 === $1 })
        #expect(host.subviews.map(\.componentID) == ["root.0", "root.1"])
        #expect((host.subviews[0] as? LabelView)?.text == "b")
    }

    @Test func aChildMovedOutOfSightLosesItsViewAndComesBack() {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        source.tall = true
        host.componentEngine.flush()
        // The boundary's view sits at y 202, the labels below it: only the top label is visible.
        #expect(texts(host) == ["top 0"])
        #expect(host.componentEngine.stats.viewsRemoved == 3)
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        source.tall = false
        host.componentEngine.flush()
        #expect(texts(host) == ["top 0", "child", "first", "second"])
        #expect(host.subviews.map(\.frame.origin.y) == [0, 12, 24, 36])
    }

    @Test func swappedChildrenKeepTheirViewsAndOneMoves() {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let (first, second) = (host.subviews[2], host.subviews[3])
        source.swapped = true
        host.componentEngine.flush()
        #expect(texts(host) == ["top 0", "child", "second", "first"])
        #expect(host.subviews[2] === second)
        #expect(host.subviews[3] === first)
        #expect(host.subviews[2].frame.origin.y == 24)
        #expect(host.componentEngine.stats.viewsMoved == 1)
        #expect(host.componentEngine.stats.viewsCreated == 0)
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
    }

    @Test func aChildShownByAnotherViewTypeGetsANewView() {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let label = host.subviews[3]
        source.picture = true
        host.componentEngine.flush()
        #expect(host.subviews.count == 4)
        #expect(host.subviews[3] !== label)
        #expect(host.subviews[3] is ImageView)
        #expect(host.subviews[3].componentID == "second")
        #expect(host.componentEngine.stats.viewsRemoved == 1)
        #expect(host.componentEngine.stats.viewsCreated == 1)
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
    }

    @Test func aViewAddedByHandLeavesAtTheNextRender() {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let shown = host.subviews
        let stranger = PlatformView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        host.addSubview(stranger)
        source.value = 1
        host.componentEngine.flush()
        #expect(stranger.superview == nil)
        #expect(host.subviews.count == 4)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["top 1", "child", "first", "second"])
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
    }

    @Test func aViewSwappedInByHandForOneOfTheEnginesIsReplaced() {
        let source = LevelSource()
        let host = makeLevelHost(source)
        let renderedInPlace = Reconciler.inPlaceRenders
        let shown = host.subviews
        shown[3].removeFromSuperview()
        let stranger = PlatformView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        host.addSubview(stranger)
        source.value = 1
        host.componentEngine.flush()
        #expect(stranger.superview == nil)
        #expect(zip(host.subviews.prefix(3), shown).allSatisfy { $0 === $1 })
        #expect(host.subviews[3] !== shown[3])
        #expect(host.subviews[3].componentID == "second")
        #expect(texts(host) == ["top 1", "child", "first", "second"])
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
        #expect(host.componentEngine.stats.viewsCreated + host.componentEngine.stats.viewsReused == 1)
    }

    @Test func repeatedIdsKeepTheirRenamedViews() throws {
        let source = LevelSource()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let renderedInPlace = Reconciler.inPlaceRenders
        let (_, reports) = Diagnostics.capture {
            host.componentEngine.component = Twins(source: source)
            host.componentEngine.flush()
        }
        #expect(host.subviews.map(\.componentID) == ["twin", "twin#2"])
        #expect(reports.count == 1)
        let shown = host.subviews
        source.value = 1
        host.componentEngine.flush()
        #expect(host.subviews.map(\.componentID) == ["twin", "twin#2"])
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect(texts(host) == ["a 1", "b 1"])
        #expect(Reconciler.inPlaceRenders - renderedInPlace == 0)
    }
}
