import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A list that is the engine's whole component: when its rows only trade places, render moves
/// those rows' views and looks at nothing else; anything else renders in full, with the same
/// outcome.
final class PatchRow: Perceptible {
    let id: Int
    @Perceived var title: String
    init(id: Int) {
        self.id = id
        title = "row \(id)"
    }
}

final class PatchFeed: Perceptible {
    @Perceived var rows: [PatchRow] = (0..<10).map(PatchRow.init)
}

struct PatchRowView: ComponentBuilder, @MainActor Equatable {
    let row: PatchRow
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
    func build() -> some Component { Text(row.title).size(width: .fill, height: 20) }
}

struct PatchList: ComponentBuilder {
    let feed: PatchFeed
    /// Rows with these ids carry no explicit id (their identity is their position).
    var unnamed: Set<Int> = []
    func build() -> some Component {
        VStack {
            for row in feed.rows {
                if unnamed.contains(row.id) { PatchRowView(row: row) } else { PatchRowView(row: row).id(row.id) }
            }
        }
    }
}

@MainActor
@Suite("Reordered lists")
struct ListPatchTests {
    func makeList(unnamed: Set<Int> = [], height: CGFloat = 400) -> (PatchFeed, ComponentScrollView) {
        let feed = PatchFeed()
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: height))
        host.componentEngine.component = PatchList(feed: feed, unnamed: unnamed)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        return (feed, host)
    }

    /// What a new engine shows for the same rows (the full render's outcome).
    func freshDump(_ feed: PatchFeed, _ host: ComponentScrollView, unnamed: Set<Int> = []) -> String {
        let fresh = ComponentScrollView(frame: host.frame)
        fresh.contentOffset = host.contentOffset
        fresh.componentEngine.component = PatchList(feed: feed, unnamed: unnamed)
        fresh.componentEngine.flush()
        return fresh.dump()
    }

    @Test func aSwapMovesTheTwoViewsAndNothingElse() {
        let (feed, host) = makeList()
        let views = host.subviews
        feed.rows.swapAt(1, 8)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(stats.listPatches == 1)
        #expect(stats.renders == 1)
        #expect(stats.viewsMoved == 2)
        #expect(stats.viewsUpdated == 0)
        #expect(stats.viewsCreated + stats.viewsReused == 0)
        #expect(host.subviews.map(\.componentID) == ["0", "8", "2", "3", "4", "5", "6", "7", "1", "9"])
        // The same view objects, the two swapped ones at each other's places and frames.
        #expect(host.subviews[1] === views[8] && host.subviews[8] === views[1])
        #expect(host.subviews[1].frame == CGRect(x: 0, y: 20, width: 300, height: 20))
        #expect(host.subviews[8].frame == CGRect(x: 0, y: 160, width: 300, height: 20))
        #expect(host.dump() == freshDump(feed, host))
    }

    @Test func neighboursTradingPlacesCountOneMove() {
        let (feed, host) = makeList()
        feed.rows.swapAt(4, 5)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 1)
        #expect(host.componentEngine.stats.viewsMoved == 1)
        #expect(host.dump() == freshDump(feed, host))
    }

    @Test func aRowMovedFurtherDownShiftsTheRowsBetween() {
        let (feed, host) = makeList()
        let moved = feed.rows.remove(at: 2)
        feed.rows.insert(moved, at: 6)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 1)
        // Rows 3–6 shift up; one move puts row 2 after them, as the keyed diff counts it.
        #expect(host.componentEngine.stats.viewsMoved == 1)
        #expect(host.subviews.map(\.componentID) == ["0", "1", "3", "4", "5", "6", "2", "7", "8", "9"])
        #expect(host.subviews.map(\.frame.minY) == (0..<10).map { CGFloat($0) * 20 })
        #expect(host.dump() == freshDump(feed, host))
    }

    /// A row without an id is its position: when it changes places the list renders in full.
    @Test func aMovedRowWithoutAnIDRendersInFull() {
        let (feed, host) = makeList(unnamed: [3])
        feed.rows.swapAt(3, 7)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.dump() == freshDump(feed, host, unnamed: [3]))
    }

    /// A row that changed since it was rendered needs its view updated: a full render does that.
    @Test func aChangedRowBesideTheSwapRendersInFull() {
        let (feed, host) = makeList()
        feed.rows.swapAt(1, 8)
        feed.rows[5].title = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect(host.dump() == freshDump(feed, host))
    }

    /// A moved row that changes afterwards is patched alone, in the view that moved with it: its
    /// record follows the move, and the view at its old place (the other row's) is left as it is.
    @Test func aSwappedRowThatChangesLaterIsPatchedInItsNewPlace() {
        let (feed, host) = makeList()
        let views = host.subviews
        feed.rows.swapAt(1, 8)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        feed.rows[1].title = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.incrementalReloads == 1)
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect((host.subviews[1] as? LabelView)?.text == "changed")
        #expect((host.subviews[8] as? LabelView)?.text == "row 1")
        #expect(host.subviews[1] === views[8] && host.subviews[8] === views[1])
        #expect(host.dump() == freshDump(feed, host))
    }

    /// Rows out of sight were never rendered: the list was not rendered whole, so it renders in
    /// full — also after a scroll.
    @Test func aListPartlyOutOfSightRendersInFull() {
        let (feed, host) = makeList(height: 100)
        feed.rows.swapAt(1, 2)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.dump() == freshDump(feed, host))
        host.contentOffset = CGPoint(x: 0, y: 60)
        host.componentEngine.flush()
        feed.rows.swapAt(4, 5)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.dump() == freshDump(feed, host))
    }

    /// A removal drops its row's view and moves the rows after it up, looking at nothing else.
    @Test func aRemovalDropsOneViewAndMovesTheRestUp() {
        let (feed, host) = makeList()
        let views = host.subviews
        feed.rows.remove(at: 4)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(stats.listPatches == 1)
        #expect(stats.viewsRemoved == 1)
        #expect(stats.viewsMoved == 0)
        #expect(stats.viewsUpdated == 0)
        #expect(host.subviews.map(\.componentID) == ["0", "1", "2", "3", "5", "6", "7", "8", "9"])
        #expect(views[4].superview == nil)
        #expect(host.subviews[4] === views[5])
        #expect(host.subviews.map(\.frame.minY) == (0..<9).map { CGFloat($0) * 20 })
        #expect(host.dump() == freshDump(feed, host))
        // The next render starts from the shorter list.
        feed.rows.swapAt(0, 8)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 2)
        #expect(host.dump() == freshDump(feed, host))
    }

    @Test func aRunOfRowsRemovedAtOnce() {
        let (feed, host) = makeList()
        feed.rows.removeSubrange(2..<5)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 1)
        #expect(host.componentEngine.stats.viewsRemoved == 3)
        #expect(host.dump() == freshDump(feed, host))
        feed.rows.removeLast()
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 2)
        #expect(host.dump() == freshDump(feed, host))
    }

    /// After a removal moved the rows below it up without a full render, a row among them that
    /// changes is patched in its own view, not in the one now at its former place.
    @Test func aRowShiftedByARemovalThatChangesLaterIsPatchedInItsOwnView() {
        let (feed, host) = makeList()
        feed.rows.remove(at: 2)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 1)
        feed.rows[4].title = "changed"
        host.componentEngine.flush()
        #expect(
            host.subviews.compactMap { ($0 as? LabelView)?.text } == [
                "row 0", "row 1", "row 3", "row 4", "changed", "row 6", "row 7", "row 8", "row 9"
            ])
        #expect(host.dump() == freshDump(feed, host))
    }

    /// A view inserted by hand in front of the rows shifts them from the places their render
    /// recorded: a changed row then finds another row's view there (same type, another key), so
    /// the engine renders in full — the row's own view is updated, and the view it did not place
    /// leaves the container, as any full render leaves only the views it placed.
    @Test func aViewAddedByHandBeforeTheRowsIsNotTakenForARow() {
        let (feed, host) = makeList()
        let rowViews = host.subviews
        let added = LabelView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        added.text = "added by hand"
        host.insertSubview(added, at: 0)
        feed.rows[3].title = "changed"
        host.componentEngine.flush()
        #expect(host.subviews.compactMap { ($0 as? LabelView)?.text } == (0..<10).map { $0 == 3 ? "changed" : "row \($0)" })
        #expect(zip(host.subviews, rowViews).allSatisfy { $0 === $1 })
        #expect(added.superview == nil)
        #expect(added.text == "added by hand")
        #expect(host.dump() == freshDump(feed, host))
    }

    /// Rows removed from two places, or a removal with a changed row: a full render.
    @Test func otherRemovalsRenderInFull() {
        let (feed, host) = makeList()
        feed.rows.remove(at: 7)
        feed.rows.remove(at: 2)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.dump() == freshDump(feed, host))
        feed.rows.remove(at: 0)
        feed.rows[3].title = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.dump() == freshDump(feed, host))
    }

    /// Under automatic scopes the list's builder rebuilds alone (an incremental reload): its
    /// reordered rows are patched the same way.
    @Test func aListRebuiltAloneIsPatchedToo() {
        let (feed, host) = makeList()
        host.componentEngine.automaticScopes = true
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        feed.rows.swapAt(0, 9)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(stats.incrementalReloads == 1)
        #expect(stats.listPatches == 1)
        #expect(stats.viewsMoved == 2)
        #expect(host.subviews.map(\.componentID) == ["9", "1", "2", "3", "4", "5", "6", "7", "8", "0"])
        #expect(host.dump() == freshDump(feed, host))
    }

    /// A row changed and re-rendered alone since the list was last rendered whole: the next swap
    /// looks at every row again (it cannot know from the list alone that they all show what they
    /// hold), finds them current and patches; a swap after that patch does not need to look.
    @Test func aSwapAfterARowChangedAloneChecksTheRowsAndPatches() {
        let (feed, host) = makeList()
        feed.rows[5].title = "changed"
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 0)
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        for (first, second) in [(0, 9), (1, 8)] {
            feed.rows.swapAt(first, second)
            host.componentEngine.flush()
            #expect(host.dump() == freshDump(feed, host))
        }
        #expect(host.componentEngine.stats.listPatches == 2)
        #expect(host.componentEngine.stats.viewsMoved == 4)
        #expect((host.findView(id: "5") as? LabelView)?.text == "changed")
    }

    /// Patches one after another each start from what the previous one left.
    @Test func patchesFollowOneAnother() {
        let (feed, host) = makeList()
        for (first, second) in [(0, 9), (2, 3), (9, 4), (1, 8)] {
            feed.rows.swapAt(first, second)
            host.componentEngine.flush()
            #expect(host.dump() == freshDump(feed, host))
        }
        #expect(host.componentEngine.stats.listPatches == 4)
        // Then a change the patch cannot make, and a swap again.
        feed.rows[0].title = "longer title now"
        host.componentEngine.flush()
        feed.rows.swapAt(0, 5)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.listPatches == 5)
        #expect(host.dump() == freshDump(feed, host))
    }
}
