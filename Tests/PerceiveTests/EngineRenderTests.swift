import Foundation
import Perceive
import PerceiveLayout
import Testing

@MainActor
@Suite("Engine rendering")
struct EngineRenderTests {
    @Test func rendersVisibleLeavesWithExactFrames() {
        let host = makeHost(
            VStack(spacing: 10) {
                Text("Title").font(.systemFont(ofSize: 20))
                Text("Body")
                Space(height: 5)
            })
        #expect(
            host.dump() == """
                ComponentView (0, 0, 300, 600)
                  LabelView #0 (0, 0, 50, 24) text="Title" font=20
                  LabelView #1 (0, 34, 34, 21) text="Body"
                """)
        #expect(host.componentEngine.stats.viewsCreated == 2)
        #expect(host.componentEngine.stats.reloads == 1)
    }

    /// An engine's component and root node can be cleared and set again: no component, no root
    /// node, no views, nothing observed; a component again, its root node and its view (the
    /// removed one, from the reuse pool).
    @Test func theComponentAndRootNodeClearAndComeBack() throws {
        let model = SharedModel()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let engine = host.componentEngine
        #expect(engine.component == nil)
        engine.flush()
        #expect(engine.rootNode == nil)
        engine.component = ValueLabel(model: model)
        engine.flush()
        #expect(engine.rootNode != nil)
        #expect(engine.component is ValueLabel)
        #expect((host.findView(id: "child-text") as? LabelView)?.text == "child 0")
        #expect(host.subviews.count == 1)
        engine.component = nil
        engine.flush()
        #expect(engine.component == nil)
        #expect(engine.rootNode == nil)
        #expect(host.subviews.isEmpty)
        #expect(engine.stats.viewsRemoved == 1)
        // What the cleared component read is no longer observed.
        engine.resetStats()
        model.value = 7
        engine.flush()
        #expect(engine.stats.reloads == 0)
        engine.component = Text("two").size(width: 60, height: 12)
        engine.flush()
        #expect(try #require(engine.rootNode).size == CGSize(width: 60, height: 12))
        #expect((host.subviews.first as? LabelView)?.text == "two")
        #expect(host.subviews.count == 1)
        #expect(engine.stats.viewsReused == 1)
    }

    /// A scroll view whose component is cleared scrolls over nothing.
    @Test func aClearedScrollViewHasNoContentSize() throws {
        let host = makeHost(VStack { for index in 0..<50 { Text("row \(index)").size(width: 100, height: 40) } }, scrolls: true)
        let scroll = try #require(host as? ComponentScrollView)
        #expect(scroll.contentSize == CGSize(width: 100, height: 2_000))
        #expect(host.subviews.count == 15)
        host.componentEngine.component = nil
        host.componentEngine.flush()
        #expect(scroll.contentSize == .zero)
        #expect(host.subviews.isEmpty)
    }

    @Test func unchangedNodesAreNotUpdatedAndChangedOnesAre() {
        let host = makeHost(
            VStack {
                Text("a"); Text("b"); Text("c")
            })
        host.componentEngine.resetStats()
        host.componentEngine.component = VStack {
            Text("a"); Text("B"); Text("c")
        }
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(stats.viewsUpdated == 1)
        #expect(stats.viewsCreated == 0)
        #expect(stats.viewsRemoved == 0)
    }

    @Test func explicitIDsMoveViewsInsteadOfRecreatingThem() {
        let ids = ["a", "b", "c", "d"]
        let host = makeHost(VStack { for id in ids { Text(id).id(id) } })
        let viewB = host.findView(id: "b")
        host.componentEngine.resetStats()
        host.componentEngine.component = VStack { for id in ["a", "d", "c", "b"] { Text(id).id(id) } }
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(stats.viewsMoved == 2)
        #expect(stats.viewsCreated == 0)
        #expect(stats.viewsUpdated == 0)
        #expect(host.findView(id: "b") === viewB)
        #expect(host.subviews.map(\.componentID) == ["a", "d", "c", "b"])
        #expect(viewB?.frame.minY == 63)
    }

    @Test func removedViewsAreReusedByType() {
        let host = makeHost(
            VStack {
                Text("x").id("x"); Text("y").id("y")
            })
        host.componentEngine.component = VStack { Text("x").id("x") }
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        host.componentEngine.component = VStack {
            Text("x").id("x"); Text("z").id("z")
        }
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.viewsReused == 1)
        #expect(host.componentEngine.stats.viewsCreated == 0)
        #expect((host.findView(id: "z") as? LabelView)?.text == "z")
    }

    @Test func onlyViewsThePoolKeepsArePreparedForReuse() {
        PreparedCountingView.prepared = 0
        let host = makeHost(VStack { for index in 0..<100 { ViewComponent<PreparedCountingView>().size(width: 10, height: 1).id(index) } })
        host.componentEngine.resetStats()
        host.componentEngine.component = VStack {}
        host.componentEngine.flush()
        // 100 removed; the pool keeps 64 of the class and prepares only those.
        #expect(host.componentEngine.stats.viewsRemoved == 100)
        #expect(PreparedCountingView.prepared == 64)
        host.componentEngine.component = VStack { ViewComponent<PreparedCountingView>().size(width: 10, height: 1).id(7) }
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.viewsReused == 1)
        #expect(host.componentEngine.stats.viewsCreated == 0)
        #expect(host.subviews.map(\.componentID) == ["7"])
    }

    @Test func aListReplacedWholesaleHandsItsRemovedViewsToItsInserts() {
        PreparedCountingView.prepared = 0
        let rows = { (ids: Range<Int>) in
            VStack { for index in ids { ViewComponent<PreparedCountingView>().size(width: 10, height: 1).id(index) } }
        }
        let host = makeHost(rows(0..<100))
        let first = Set(host.subviews.map(ObjectIdentifier.init))
        host.componentEngine.resetStats()
        // 100 new keys for 100 old ones: every removed view shows a new row, none is made.
        host.componentEngine.component = rows(100..<200)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect((stats.viewsRemoved, stats.viewsReused, stats.viewsCreated) == (100, 100, 0))
        #expect(PreparedCountingView.prepared == 100)
        #expect(Set(host.subviews.map(ObjectIdentifier.init)) == first)
        #expect(host.subviews.map(\.componentID) == (100..<200).map(String.init))
        #expect(host.subviews.map(\.frame.minY) == (0..<100).map { CGFloat($0) })
        // 30 new keys for 100: 30 removed views show them, and the pool keeps 64 of the other 70
        // (94 prepared; the 6 beyond the capacity are dropped when the render ends).
        PreparedCountingView.prepared = 0
        host.componentEngine.resetStats()
        host.componentEngine.component = rows(200..<230)
        host.componentEngine.flush()
        let after = host.componentEngine.stats
        #expect((after.viewsRemoved, after.viewsReused, after.viewsCreated) == (30 + 70, 30, 0))
        #expect(PreparedCountingView.prepared == 94)
        host.componentEngine.resetStats()
        host.componentEngine.component = rows(230..<325)
        host.componentEngine.flush()
        // 30 old views removed, 95 new rows: the pool's 64 plus the 30 just removed, and 1 made.
        let last = host.componentEngine.stats
        #expect((last.viewsRemoved, last.viewsReused, last.viewsCreated) == (30, 94, 1))
    }

    @Test func scrollViewCreatesOnlyVisibleViews() {
        let host =
            makeHost(
                VStack { for index in 0..<100 { Text("row \(index)").size(width: .fill, height: 50).id("\(index)") } },
                width: 200, height: 120, scrolls: true) as! ComponentScrollView
        #expect(host.contentSize == CGSize(width: 200, height: 5_000))
        #expect(host.subviews.map(\.componentID) == ["0", "1", "2"])
        host.componentEngine.resetStats()
        host.contentOffset = CGPoint(x: 0, y: 1_000)
        host.componentEngine.flush()
        #expect(host.subviews.map(\.componentID) == ["20", "21", "22"])
        #expect(host.componentEngine.stats.layouts == 0)
        #expect(host.componentEngine.stats.builds == 0)
        #expect(host.componentEngine.stats.viewsRemoved == 3)
        #expect(host.componentEngine.stats.viewsReused == 3)
    }

    @Test func duplicateIDsAreRenamedAndReported() {
        let (host, messages) = Diagnostics.capture {
            makeHost(
                VStack {
                    Text("1").id("same"); Text("2").id("same")
                })
        }
        #expect(host.subviews.map(\.componentID) == ["same", "same#2"])
        #expect(
            messages.map(\.text) == [
                "Perceive: duplicate id \"same\" among siblings in the scope of VStack; the repeat was renamed \"same#2\". Give each item a unique .id."
            ])
    }

    @Test func tappableViewsHostTheirContentAndRunTheirHandler() {
        final class Box { var taps = 0 }
        let box = Box()
        let host = makeHost(Text("Press").tappableView { box.taps += 1 }.id("button"))
        let button = host.findView(id: "button") as? TappableView
        #expect(button?.subviews.count == 1)
        #expect((button?.subviews.first as? LabelView)?.text == "Press")
        button?.tap()
        button?.tap()
        #expect(box.taps == 2)
    }

    /// A tappable view's one label is updated in place when only its content changed, and a
    /// change of shape (two views, then one again) goes through the full match: the outcome
    /// is the same views, frames and counts either way.
    @Test func aTappableLabelIsUpdatedInPlaceAndReshapedByTheFullMatch() {
        let host = makeHost(Text("1").tappableView {}.id("button"))
        let button = host.findView(id: "button")
        let label = button?.subviews.first as? LabelView
        host.componentEngine.resetStats()
        host.componentEngine.component = Text("22").tappableView {}.id("button")
        host.componentEngine.flush()
        #expect(host.findView(id: "button") === button)
        #expect(button?.subviews.count == 1)
        #expect(button?.subviews.first === label)
        #expect(label?.text == "22")
        #expect(label?.frame == CGRect(x: 0, y: 0, width: 17, height: 21))
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect(host.componentEngine.stats.viewsCreated == 0)
        // Two labels: the first child is now a stack, so the old label's key is gone.
        host.componentEngine.component = VStack {
            Text("a"); Text("b")
        }.tappableView {}.id("button")
        host.componentEngine.flush()
        #expect(
            host.dump() == """
                ComponentView (0, 0, 300, 600)
                  TappableView #button (0, 0, 8.5, 42) tappable
                    LabelView #0.0 (0, 0, 8.5, 21) text="a"
                    LabelView #0.1 (0, 21, 8.5, 21) text="b"
                """)
        host.componentEngine.resetStats()
        host.componentEngine.component = Text("c").tappableView {}.id("button")
        host.componentEngine.flush()
        #expect(
            host.dump() == """
                ComponentView (0, 0, 300, 600)
                  TappableView #button (0, 0, 8.5, 21) tappable
                    LabelView #0 (0, 0, 8.5, 21) text="c"
                """)
        #expect(host.componentEngine.stats.viewsRemoved == 2)
        #expect(host.componentEngine.stats.viewsReused == 1)
        #expect(host.componentEngine.stats.viewsCreated == 0)
    }

    /// A boundary whose content is one label keeps and updates that label in place; when the
    /// label's key changes (it gains an id) the full match replaces it, and back again.
    @Test func aBoundarysOneLabelIsUpdatedInPlaceUntilItsKeyChanges() {
        let caption = Caption()
        let host = makeHost(CaptionLabel(caption: caption).perceptionView(width: 100, height: 20).id("caption"))
        let boundary = host.findView(id: "caption")
        let engine = boundary?.componentEngine
        let label = boundary?.subviews.first as? LabelView
        engine?.resetStats()
        caption.text = "bb"
        host.componentEngine.flush()
        #expect(boundary?.subviews.count == 1)
        #expect(boundary?.subviews.first === label)
        #expect(label?.text == "bb")
        #expect(engine?.stats.viewsUpdated == 1)
        #expect(engine?.stats.viewsCreated == 0)
        caption.tagged = true
        host.componentEngine.flush()
        #expect(boundary?.subviews.map(\.componentID) == ["tag"])
        #expect((boundary?.subviews.first as? LabelView)?.text == "bb")
        #expect(engine?.stats.viewsRemoved == 1)
        #expect(engine?.stats.viewsReused == 1)
        caption.tagged = false
        caption.text = "ccc"
        host.componentEngine.flush()
        #expect(boundary?.subviews.map(\.componentID) == ["root"])
        let back = boundary?.subviews.first as? LabelView
        engine?.resetStats()
        caption.text = "d"
        host.componentEngine.flush()
        #expect(boundary?.subviews.first === back)
        #expect(back?.text == "d")
        #expect(back?.frame == CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(engine?.stats.viewsUpdated == 1)
        #expect(engine?.stats.viewsCreated == 0)
        #expect(engine?.stats.viewsReused == 0)
    }
}

/// A caption that can gain an explicit id.
final class Caption: Perceptible {
    @Perceived var text = "a"
    @Perceived var tagged = false
}

struct CaptionLabel: ComponentBuilder {
    let caption: Caption
    func build() -> some Component {
        let label = Text(caption.text).size(width: .fill, height: .fill)
        return caption.tagged ? AnyComponent(label.id("tag")) : AnyComponent(label)
    }
}

/// Counts `prepareForReuse()` calls (main-actor state, read by one test at a time).
final class PreparedCountingView: PlatformView {
    static var prepared = 0
    override func prepareForReuse() { Self.prepared += 1 }
}
