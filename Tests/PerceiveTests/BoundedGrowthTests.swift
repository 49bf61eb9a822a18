import Foundation
import Perceive
import PerceiveLayout
import Testing

final class ChangingFeed: Perceptible {
    @Perceived var generation = 0
}

struct NoteCenter: Center {
    final class State: Perceptible { @Perceived var count = 0 }
    func makeState() -> State { State() }
    var reducers: [Reducer<State>] {}
}

/// A screen whose every keyed part takes a new id on each reload: readers, stores, boundaries,
/// duplicate ids, memoized builders.
struct ChangingIDs: ComponentBuilder {
    let feed: ChangingFeed
    func build() -> some Component {
        let id = feed.generation
        return VStack {
            SizeReader(reducer: .merge, id: id) { proxy in Space(width: 1, height: 1).measure(proxy) }
            WithStore(NoteCenter(), id: id) { store in Space(width: 1, height: CGFloat(store.state.count)) }
            Space(width: 1, height: 1).perceptionView(width: 10, height: 10).id("card-\(id)")
            Space(width: 1, height: 1).tappableView {}.id("twin-\(id)")
            Space(width: 1, height: 1).tappableView {}.id("twin-\(id)")
            MemoLabel(text: "memo \(id)")
        }
    }
}

struct MemoLabel: ComponentBuilder, Equatable {
    let text: String
    func build() -> some Component { Space(width: 1, height: 1) }
}

@MainActor
@Suite("Tables stay bounded")
struct BoundedGrowthTests {
    @Test func everyTableStaysBoundedOver100000ReloadsWithChangingIDs() {
        let feed = ChangingFeed()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 2_000))
        host.componentEngine.component = ChangingIDs(feed: feed)
        // Process-wide: other suites running meanwhile name their own properties, make their own
        // view classes' prototypes and report their own call sites, so what is checked is the
        // growth over the run, far below one entry per reload.
        let (namesBefore, prototypesBefore, sitesBefore) = (PropertyName.cachedCount, ViewDefaults.count, EnvironmentOrdering.reportedCount)
        let (_, messages) = Diagnostics.capture {
            for _ in 0..<100_000 {
                feed.generation += 1
                host.componentEngine.flush()
            }
        }
        #expect(host.componentEngine.stats.reloads == 100_000)
        let tables = host.componentEngine.tableSizes
        #expect(tables["ReaderHistory"] == 1)
        #expect(tables["StoreRegistry"] == 1)
        #expect(tables["slots"] == 3) // ChangingIDs (the engine's root: its component), WithStore, MemoLabel
        #expect(tables["subscriptions"] == 1) // MemoLabel is Equatable: its own reads
        #expect(tables["buildCounts"] == 3) // ChangingIDs, WithStore, MemoLabel
        #expect((tables["reusePool"] ?? .max) <= 64 * 2)
        #expect(tables["excessiveReloads"] == 0)
        // The repeated twin id, every reload (debug builds may also report the wasted reloads).
        #expect(messages.filter { $0.category == .invalidInput }.count == 100_000)
        #expect(Set(messages.map(\.category)).subtracting([.wastedRebuild]) == [.invalidInput])
        #expect(PropertyName.cachedCount - namesBefore < 100)
        #expect(ViewDefaults.count - prototypesBefore < 20)
        #expect(EnvironmentOrdering.reportedCount - sitesBefore < 20)
    }

    @Test func theDefaultSinkRemembersABoundedNumberOfMessages() {
        var seen: Set<String> = []
        for index in 0..<100_000 { _ = Diagnostics.firstTime("duplicate id \"row-\(index)\"", in: &seen) }
        #expect(seen.count <= Diagnostics.rememberedMessages)
        #expect(Diagnostics.firstTime("new", in: &seen))
        #expect(!Diagnostics.firstTime("new", in: &seen))
    }
}
