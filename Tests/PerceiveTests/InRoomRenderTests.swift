import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A label beside a boundary (a level of the nested shape); with `tall`, the label pushes the
/// boundary below the host.
private struct RoomPair: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component {
        VStack(spacing: 2) {
            Text("top \(source.value)").size(width: 60, height: source.tall ? 200 : 10)
            LevelChild(source: source).perceptionView(width: 50, height: 10).id("next")
        }
    }
}

/// Five views in a column, the first a label reading the source (taller than the host with
/// `tall`), the last a picture with `picture`.
private struct RoomColumn: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component {
        VStack {
            Text("v \(source.value)").size(width: 40, height: source.tall ? 200 : 10)
            for index in 1..<4 { Text("\(index)").size(width: 40, height: 10) }
            if source.picture {
                Image(PlatformImage(name: "dot", size: CGSize(width: 10, height: 10)))
            } else {
                Text("4").size(width: 40, height: 10)
            }
        }
    }
}

/// A root shown by at most four views renders in place with what it finds kept in fixed room: the
/// same views, frames, counts and record as the in-place render of more views, and as a render
/// from scratch.
@MainActor
@Suite("In-place renders of a few views")
struct InRoomRenderTests {
    private func host(_ component: any Component, height: CGFloat = 100) -> ComponentView {
        let host = makeHost(component, width: 200, height: height)
        resetSubtreeStats(host)
        return host
    }

    @Test func aLabelBesideABoundaryIsUpdatedInItsViewsFromFixedRoom() throws {
        let source = LevelSource()
        let host = host(RoomPair(source: source))
        let shown = host.subviews
        let (inRoom, inPlace) = (Reconciler.inRoomRenders, Reconciler.inPlaceRenders)
        source.value = 1
        host.componentEngine.flush()
        #expect(Reconciler.inRoomRenders - inRoom == 1)
        #expect(Reconciler.inPlaceRenders - inPlace == 1)
        #expect(host.subviews.count == 2)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect((host.subviews[0] as? LabelView)?.text == "top 1")
        #expect(host.subviews[1].componentID == "next")
        #expect(host.subviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 60, height: 10), CGRect(x: 0, y: 12, width: 50, height: 10)])
        let child = try #require(host.subviews[1].findViews(ofType: LabelView.self).first)
        #expect(child.text == "child 1")
        let stats = host.componentEngine.stats
        // The label changed and the boundary got new content: both compared, both updated.
        #expect((stats.viewsUpdated, stats.nodesCompared) == (2, 2))
        #expect((stats.viewsCreated, stats.viewsRemoved, stats.viewsMoved) == (0, 0, 0))
        #expect(host.dump() == makeHost(RoomPair(source: source), width: 200, height: 100).dump())
    }

    @Test func aViewBesideALayoutHoldingANamedViewIsUpdatedFromFixedRoom() throws {
        let source = LevelSource()
        let host = host(Card(source: source), height: 60)
        let shown = host.subviews
        #expect(shown.count == 2)
        let inRoom = Reconciler.inRoomRenders
        source.value = 7
        host.componentEngine.flush()
        #expect(Reconciler.inRoomRenders - inRoom == 1)
        #expect(zip(host.subviews, shown).allSatisfy { $0 === $1 })
        #expect((host.subviews[1] as? LabelView)?.text == "7")
        #expect(host.subviews[1].componentID == "count")
        #expect(host.subviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 80, height: 60), CGRect(x: 30, y: 25, width: 20, height: 10)])
        let stats = host.componentEngine.stats
        // The tappable view and its picture are compared and kept; the count's label is updated.
        #expect((stats.viewsUpdated, stats.nodesCompared) == (1, 3))
        #expect(host.dump() == makeHost(Card(source: source), width: 200, height: 60).dump())
    }

    @Test func fiveViewsKeepWhatThePassFindsInAList() {
        let source = LevelSource()
        let host = host(RoomColumn(source: source))
        let (inRoom, inPlace) = (Reconciler.inRoomRenders, Reconciler.inPlaceRenders)
        source.value = 1
        host.componentEngine.flush()
        #expect(Reconciler.inRoomRenders - inRoom == 0)
        #expect(Reconciler.inPlaceRenders - inPlace == 1)
        #expect(host.subviews.compactMap { ($0 as? LabelView)?.text } == ["v 1", "1", "2", "3", "4"])
        #expect(host.componentEngine.stats.viewsUpdated == 1)
    }

    @Test func fiveViewsRenderedInPlaceAreRecordedAsTheWalkRecordsThem() throws {
        let source = LevelSource()
        let host = host(RoomColumn(source: source))
        let (inRoom, inPlace) = (Reconciler.inRoomRenders, Reconciler.inPlaceRenders)
        let records = try rootRecords(of: host) { source.value = 1 }
        #expect((Reconciler.inRoomRenders - inRoom, Reconciler.inPlaceRenders - inPlace) == (0, 1))
        expectWrittenAsTheWalkWrites(records, count: 5, in: host)
    }

    @Test func twoViewsRenderedFromFixedRoomAreRecordedAsTheWalkRecordsThem() throws {
        let source = LevelSource()
        let host = host(RoomPair(source: source))
        let inRoom = Reconciler.inRoomRenders
        let records = try rootRecords(of: host) { source.value = 1 }
        #expect(Reconciler.inRoomRenders - inRoom == 1)
        expectWrittenAsTheWalkWrites(records, count: 2, in: host)
    }

    @Test func aViewOfAnotherTypeLateInAListIsWalkedAndTheListIsLeftEmpty() {
        let source = LevelSource()
        let host = host(RoomColumn(source: source))
        let shown = host.subviews
        var inPlace = Reconciler.inPlaceRenders
        // The pass finds four views before the fifth differs: nothing changes, and the walk renders.
        source.value = 1
        source.picture = true
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - inPlace == 0)
        #expect(zip(host.subviews.prefix(4), shown.prefix(4)).allSatisfy { $0 === $1 })
        #expect(host.subviews[4] is ImageView)
        #expect((host.subviews[0] as? LabelView)?.text == "v 1")
        let stats = host.componentEngine.stats
        #expect((stats.viewsUpdated, stats.viewsCreated, stats.viewsRemoved) == (1, 1, 1))
        #expect(host.dump() == makeHost(RoomColumn(source: source), width: 200, height: 100).dump())
        // The shared list was emptied: the next render in place finds five views again.
        inPlace = Reconciler.inPlaceRenders
        source.value = 2
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - inPlace == 1)
        #expect((host.subviews[0] as? LabelView)?.text == "v 2")
        #expect(host.dump() == makeHost(RoomColumn(source: source), width: 200, height: 100).dump())
    }

    @Test func aHiddenChildOfAListIsWalked() {
        let source = LevelSource()
        let host = host(RoomColumn(source: source))
        let inPlace = Reconciler.inPlaceRenders
        source.tall = true
        host.componentEngine.flush()
        #expect(Reconciler.inPlaceRenders - inPlace == 0)
        #expect(host.subviews.count == 1)
        #expect(host.subviews[0].frame == CGRect(x: 0, y: 0, width: 40, height: 200))
        #expect(host.componentEngine.stats.viewsRemoved == 4)
        #expect(host.dump() == makeHost(RoomColumn(source: source), width: 200, height: 100).dump())
    }

    @Test func aChildPushedOutOfViewIsWalked() {
        let source = LevelSource()
        let host = host(RoomPair(source: source))
        let (inRoom, inPlace) = (Reconciler.inRoomRenders, Reconciler.inPlaceRenders)
        source.tall = true
        host.componentEngine.flush()
        #expect(Reconciler.inRoomRenders - inRoom == 0)
        #expect(Reconciler.inPlaceRenders - inPlace == 0)
        #expect(host.subviews.count == 1)
        #expect(host.subviews[0].frame == CGRect(x: 0, y: 0, width: 60, height: 200))
        #expect(host.componentEngine.stats.viewsRemoved == 1)
        #expect(host.dump() == makeHost(RoomPair(source: source), width: 200, height: 100).dump())
    }
}
