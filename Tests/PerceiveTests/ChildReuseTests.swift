import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A list whose builder runs again for a swap, a removal or an append: containers take the rows
/// whose values are exactly the previous ones without laying them out.
final class ReuseFeed: Perceptible {
    @Perceived var items: [ReuseItem]
    init(count: Int) { items = (0..<count).map(ReuseItem.init) }
}

final class ReuseItem: Perceptible {
    let id: Int
    @Perceived var title: String
    init(id: Int) {
        self.id = id
        title = "item \(id)"
    }
}

/// A memoized row holding one reference.
struct ReuseRow: ComponentBuilder, @MainActor Equatable {
    let item: ReuseItem
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item === rhs.item }
    func build() -> some Component { Text(item.title).size(width: .fill, height: 20) }
}

/// The same row, not `Equatable`: rebuilt whenever the list is.
struct PlainReuseRow: ComponentBuilder {
    let item: ReuseItem
    func build() -> some Component { Text(item.title).size(width: .fill, height: 20) }
}

/// A child 50 high that gives up space when its stack overflows, and whose value fills the
/// existential's inline buffer (three words): the same value is the same bits in every build, so a
/// stack takes its flexibility from last time instead of asking it.
struct Shrinker: Component {
    let a: Int, b: Int, c: Int
    func layout(_ constraint: Constraint) -> any RenderNode {
        ContainerNode(size: constraint.clamp(CGSize(width: 10, height: 50)), children: [], positions: [])
    }
    var _flexibility: (grow: CGFloat, shrink: CGFloat)? { (0, 1) }
}

enum ReuseShape {
    case keyed, longIDs, unnamed, plain
    /// Keyed rows, the one with id `plainID` plain (not `Equatable`).
    case mixed(plainID: Int)
    /// Keyed rows (20 high; new 40-high ones from id 50 on) with a `Shrinker` after the row with
    /// id `shrinkerAfter`.
    case shrinking(shrinkerAfter: Int)
}

struct ReuseList: ComponentBuilder {
    let feed: ReuseFeed
    let shape: ReuseShape
    func build() -> some Component {
        VStack {
            for item in feed.items {
                switch shape {
                case .keyed: ReuseRow(item: item).id("row-\(item.id)")
                // Longer than a small string: each build makes a new string with the same characters.
                case .longIDs: ReuseRow(item: item).id("a rather long row identifier \(item.id)")
                case .unnamed: ReuseRow(item: item)
                case .plain: PlainReuseRow(item: item).id("row-\(item.id)")
                case .mixed(let plainID):
                    if item.id == plainID {
                        PlainReuseRow(item: item).id("row-\(item.id)")
                    } else {
                        ReuseRow(item: item).id("row-\(item.id)")
                    }
                case .shrinking(let shrinkerAfter):
                    if item.id >= 50 {
                        Text("new").size(width: .fill, height: 40).id("row-\(item.id)")
                    } else {
                        ReuseRow(item: item).id("row-\(item.id)")
                    }
                    if item.id == shrinkerAfter { Shrinker(a: 1, b: 2, c: 3) }
                }
            }
        }
    }
}

@MainActor
@Suite("Unchanged children")
struct ChildReuseTests {
    func makeList(_ shape: ReuseShape, count: Int = 100) -> (ReuseFeed, ComponentView) {
        let feed = ReuseFeed(count: count)
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: CGFloat(count + 10) * 20))
        host.componentEngine.component = ReuseList(feed: feed, shape: shape)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        return (feed, host)
    }

    @Test func aSwapTakesEveryRowThatKeptItsPlace() {
        let (feed, host) = makeList(.keyed)
        feed.items.swapAt(1, 98)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1])
        // The other 98 are taken as they were, in two runs; each swapped row is found, bit for
        // bit, at its old place in the list's memo and taken too.
        #expect(stats.childrenReused == 100)
        #expect(stats.buildsSkipped == 100)
        #expect(stats.viewsMoved == 2)
        #expect(host.subviews.map(\.componentID)[0...2] == ["row-0", "row-98", "row-2"])
        #expect(host.subviews[98].componentID == "row-1")
        #expect(host.subviews[98].frame == CGRect(x: 0, y: 1_960, width: 300, height: 20))
    }

    @Test func aReversedListSearchesTheMemoForAFewRowsAndLaysTheOthersOut() {
        let (feed, host) = makeList(.keyed)
        feed.items.reverse()
        host.componentEngine.flush()
        // Rows are rarely at their place or next to a match: the first four are found by a search
        // of the memo (its limit per layout of the stack), row 1 (now next to last) two places
        // after the last match, as after a removal; the others are looked up by id and compared.
        // Either way no row builds, and the views are the same, in the new order.
        #expect(host.componentEngine.stats.childrenReused == 5)
        #expect(host.componentEngine.stats.buildsSkipped == 100)
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1])
        #expect(host.subviews.map(\.componentID) == (0..<100).reversed().map { "row-\($0)" })
        #expect(host.subviews.map(\.frame.minY) == (0..<100).map { CGFloat($0) * 20 })
    }

    @Test func aRunOfUnchangedRowsStopsAtARowThatIsNotEquatable() {
        let (feed, host) = makeList(.mixed(plainID: 20), count: 40)
        feed.items.swapAt(1, 38)
        host.componentEngine.flush()
        // Rows 2...37 are bit for bit what they were (the stack found that run once, for their
        // flexibility); the plain row among them builds, as it does whenever its list does, and
        // splits the run: 0, 2...19, 21...37 and 39 are taken in runs, the swapped two from the memo.
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1, "PlainReuseRow": 1])
        #expect(host.componentEngine.stats.childrenReused == 39)
        var expected = (0..<40).map { "row-\($0)" }
        expected.swapAt(1, 38)
        #expect(host.subviews.map(\.componentID) == expected)
        #expect(host.subviews.map(\.frame.minY) == (0..<40).map { CGFloat($0) * 20 })
    }

    @Test func aRemovalTakesTheRowsAfterItFromOnePlaceFurther() {
        let (feed, host) = makeList(.keyed)
        feed.items.remove(at: 50)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1])
        #expect(stats.childrenReused == 99)
        #expect(stats.viewsRemoved == 1)
        #expect(host.subviews.count == 99)
        #expect(host.subviews[50].componentID == "row-51")
        #expect(host.subviews[50].frame.minY == 1_000)
    }

    @Test func anAppendBuildsOnlyTheNewRow() {
        let (feed, host) = makeList(.keyed)
        feed.items.append(ReuseItem(id: 100))
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1, "ReuseRow": 1])
        #expect(host.componentEngine.stats.childrenReused == 100)
        #expect((host.subviews.last as? LabelView)?.text == "item 100")
    }

    @Test func aChangedRowIsRebuiltAndTheRestAreTaken() {
        let (feed, host) = makeList(.keyed)
        feed.items[10].title = "changed"
        feed.items.swapAt(20, 21)
        host.componentEngine.flush()
        // The changed row is dirty: it builds again. Of the neighbours that traded places, the first
        // is found one place further on (as after a removal), the second at its old place in the
        // memo: both are taken.
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1, "ReuseRow": 1])
        #expect(host.componentEngine.stats.childrenReused == 99)
        #expect((host.findView(id: "row-10") as? LabelView)?.text == "changed")
    }

    @Test func unnamedRowsKeepTheirPlaceAsIdentity() {
        // Without ids a row is its position: after a removal, each later position holds the next
        // item, so those rows build again with it; only the rows before the removal are taken.
        let (feed, host) = makeList(.unnamed)
        feed.items.remove(at: 50)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.childrenReused == 50)
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1, "ReuseRow": 49])
        #expect((host.subviews[50] as? LabelView)?.text == "item 51")
    }

    @Test func rowsThatAreNotEquatableBuildWithTheirList() {
        let (feed, host) = makeList(.plain)
        feed.items.swapAt(1, 98)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.childrenReused == 0)
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1, "PlainReuseRow": 100])
    }

    @Test func flexibilityFollowsAChildThatMovedByARemovalOrAnInsertion() {
        // 7 rows of 20 and the shrinker (50) after row 3 fill 190 exactly. Then each later child
        // is one place earlier (a removal) or later (an insertion) and keeps its own flexibility:
        // a 40-high row makes the list overflow, and the shrinker, not the child now at its old
        // place, gives up the space over.
        func makeHost() -> (ReuseFeed, ComponentView) {
            let feed = ReuseFeed(count: 7)
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 190))
            host.componentEngine.component = ReuseList(feed: feed, shape: .shrinking(shrinkerAfter: 3))
            host.componentEngine.flush()
            #expect(host.subviews.map(\.frame.origin.y) == [0, 20, 40, 60, 130, 150, 170])
            return (feed, host)
        }
        let (removing, afterRemoval) = makeHost()
        removing.items.remove(at: 1)
        removing.items.append(ReuseItem(id: 50))
        afterRemoval.componentEngine.flush()
        // r0 r2 r3 | shrinker 60..90 (20 over) | r4 r5 r6, the new row.
        #expect(afterRemoval.subviews.map(\.frame.origin.y) == [0, 20, 40, 90, 110, 130, 150])
        #expect(afterRemoval.subviews.map(\.frame.size.height) == [20, 20, 20, 20, 20, 20, 40])
        let (inserting, afterInsertion) = makeHost()
        inserting.items.insert(ReuseItem(id: 50), at: 0)
        afterInsertion.componentEngine.flush()
        // The new row, r0...r3 | shrinker 120..130 (40 over) | r4 r5 r6.
        #expect(afterInsertion.subviews.map(\.frame.origin.y) == [0, 40, 60, 80, 100, 130, 150, 170])
        #expect(afterInsertion.subviews.map(\.frame.size.height) == [40, 20, 20, 20, 20, 20, 20, 20])
    }

    @Test func aSpacerAfterARunOfRowsStillTakesTheSpaceLeft() {
        // Ten rows of 20, a spacer and a 20-high footer in 300: the spacer gets 80. After a swap the
        // rows before it are taken in runs (no flexibility asked of them); the spacer, laid out
        // anew, still grows, and nothing else does.
        struct Page: ComponentBuilder {
            let feed: ReuseFeed
            func build() -> some Component {
                VStack {
                    for item in feed.items { ReuseRow(item: item).id("row-\(item.id)") }
                    Spacer()
                    Text("footer").size(width: .fill, height: 20).id("footer")
                }
            }
        }
        let feed = ReuseFeed(count: 10)
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = Page(feed: feed)
        host.componentEngine.flush()
        feed.items.swapAt(1, 8)
        host.componentEngine.flush()
        var expected = (0..<10).map { "row-\($0)" }
        expected.swapAt(1, 8)
        #expect(host.subviews.map(\.componentID) == expected + ["footer"])
        #expect(host.subviews.map(\.frame.origin.y) == (0..<10).map { CGFloat($0) * 20 } + [280])
        #expect(host.subviews.map(\.frame.size.height) == Array(repeating: 20, count: 11))
    }

    @Test func valuesAreComparedNotTheirStorage() {
        // A long id is a new string in every build: equal ids, so the rows are taken all the same.
        let (feed, host) = makeList(.longIDs)
        feed.items.swapAt(1, 98)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.childrenReused == 98)
        #expect(host.componentEngine.stats.buildsSkipped == 100)
        #expect(host.componentEngine.buildsByType == ["ReuseList": 1])
    }
}
