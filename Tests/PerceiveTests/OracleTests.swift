import Foundation
import PerceiveLayout
import Synchronization
import Testing

@testable import Perceive

// The randomized oracle: random writes in random batches; after every flush the incrementally
// updated view tree must dump exactly like a fresh engine rendering the same state from scratch.
// `dump()` prints every display property of every view (frame, id, alpha, hidden, colours, layer,
// text attributes, images, handlers, scroll state), so any stale property shows.
//
// Steps per mode: 10,000 by default; `PERCEIVE_ORACLE_STEPS=200000 swift test -c release --filter OracleTests`
// runs the long version (see Docs/Consistency.md).

/// One oracle run's world and its host.
@MainActor
final class OracleWorld {
    let list = OracleList()
    let theme = OracleTheme()
    let tally = OracleTally()
    var nextKey = 0
    let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
    let configuration: OracleConfiguration

    init(_ configuration: OracleConfiguration = OracleConfiguration()) {
        self.configuration = configuration
        list.items = (0..<12).map { _ in makeItem() }
        host.componentEngine.automaticScopes = configuration.automaticEngine
        host.componentEngine.component = root
        host.componentEngine.flush()
    }

    var root: any Component {
        configuration.leafList
            ? OracleLeafList(list: list, theme: theme) : OracleRoot(list: list, theme: theme, tally: tally, configuration: configuration)
    }

    func makeItem() -> OracleItem {
        defer { nextKey += 1 }
        return OracleItem(key: nextKey)
    }

    /// The dump of a new engine rendering the current state at the same size and offset (with
    /// plain scopes: automatic ones must not change what is shown).
    func freshDump() -> String {
        let fresh = ComponentScrollView(frame: host.frame)
        fresh.contentOffset = host.contentOffset
        fresh.componentEngine.component = root
        fresh.componentEngine.flush()
        return fresh.dump()
    }

    /// The root nodes the run read, most recent last (see `OracleConfiguration.readsRootNode`).
    var keptRootNodes: [any RenderNode] = []

    /// Reads the engine's root node when the configuration says so, keeps the last four, and walks
    /// every one kept: a node given out stays whole however the engine lays out since (a slot it
    /// holds that was handed to a later list, then freed, would be read here — AddressSanitizer
    /// names it; a debug run traps or reads garbage). True when every kept node is whole.
    func keepRootNode() -> Bool {
        guard configuration.readsRootNode, let node = host.componentEngine.rootNode else { return true }
        keptRootNodes.append(node)
        if keptRootNodes.count > 4 { keptRootNodes.removeFirst() }
        return keptRootNodes.allSatisfy(isWhole)
    }

    /// Finite sizes and a position for every child, all the way down.
    private func isWhole(_ node: any RenderNode) -> Bool {
        node.size.width.isFinite && node.size.height.isFinite && node.positions.count == node.children.count
            && node.children.allSatisfy(isWhole)
    }

    /// One random change made on the main actor.
    /// The kinds of the last batch's writes (for a failure's message).
    var recent: [Int] = []

    func randomWrite(using random: inout SeededGenerator) {
        let items = list.items
        let bumps = configuration.bumps
        func anyItem() -> OracleItem? { items.randomElement(using: &random) }
        let kind = Int.random(in: 0..<23, using: &random)
        recent.append(kind)
        switch kind {
        case 0: anyItem().map { item in OracleLock.read { item.title = "t\(Int.random(in: 0..<50, using: &random))" } }
        case 1: anyItem()?.flag.toggle()
        case 2: anyItem().map { item in OracleLock.read { item.score += 1 } }
        case 3, 4: anyItem()?.style = Int.random(in: 0..<256, using: &random)
        case 5 where items.count < 30:
            list.items.insert(makeItem(), at: Int.random(in: 0...items.count, using: &random))
        case 6 where items.count > 2:
            list.items.remove(at: Int.random(in: 0..<items.count, using: &random))
        case 7 where items.count > 2:
            let moved = list.items.remove(at: Int.random(in: 0..<items.count, using: &random))
            list.items.insert(moved, at: Int.random(in: 0...list.items.count, using: &random))
        case 8: list.header = "Header \(Int.random(in: 0..<5, using: &random))"
        case 9: list.showFooter.toggle()
        case 10: OracleLock.read { theme.accent = ["red", "blue", "green"].randomElement(using: &random)! }
        case 11: theme.compact.toggle()
        case 12:
            // An equal write: must change nothing.
            anyItem().map { item in OracleLock.read { item.title = item.title } }
        case 13: list.container = Int.random(in: 0..<OracleList.containerKinds, using: &random)
        case 14:
            // A list at the root fits the host when scrolled to the top (its whole-list renders are
            // what reorders patch): there, most scrolls go back to the top.
            let top = configuration.leafList && Int.random(in: 0..<4, using: &random) != 0
            host.contentOffset = CGPoint(x: 0, y: top ? 0 : CGFloat(Int.random(in: 0...600, using: &random)))
        case 15 where bumps:
            // The memoized tally rebuilds, and its nested builder writes the count 1 to 3 times.
            // The label always changes, so the next flush rebuilds the tally and makes every bump
            // (a fresh render must find none left to make).
            tally.pendingBumps = Int.random(in: 1...3, using: &random)
            tally.label = tally.label == "tally" ? "tally again" : "tally"
        case 16:
            // New items for old keys' rows: views are recycled across ids.
            let count = list.items.count
            list.items = (0..<count).map { _ in makeItem() }
        case 17:
            // A size-stable change: the same characters in another order.
            anyItem().map { item in OracleLock.read { item.title = String(item.title.reversed()) } }
        case 18:
            // A few rows out, a few in, the rest kept in order.
            var kept = list.items.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
            for _ in 0..<Int.random(in: 0...3, using: &random) where kept.count < 30 {
                kept.insert(makeItem(), at: Int.random(in: 0...kept.count, using: &random))
            }
            list.items = kept.count > 2 ? kept : list.items
        case 19 where items.count > 2:
            // Two rows trade places, the rest stay where they are.
            let (first, second) = (Int.random(in: 0..<items.count, using: &random), Int.random(in: 0..<items.count, using: &random))
            list.items.swapAt(first, second)
        case 20 where items.count < 30:
            // A few rows appended at the end (the list grows past the visible region).
            list.items += (0..<Int.random(in: 1...6, using: &random)).map { _ in makeItem() }
        case 21:
            // Duplicate ids: a row spells another row's id (the second of the two, in order, is
            // renamed `id#2`), or its own again.
            anyItem().map { item in item.alias = item.alias == nil ? anyItem()?.key : nil }
        default: list.items.shuffle(using: &random)
        }
    }
}

extension OracleWorld {
    /// Two rows trade places, one moves elsewhere, or a few in a row go (nothing else changes).
    func reorder(using random: inout SeededGenerator) {
        let count = list.items.count
        guard count > 2 else { return }
        let (first, second) = (Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
        switch Int.random(in: 0..<3, using: &random) {
        case 0: list.items.swapAt(first, second)
        case 1: list.items.insert(list.items.remove(at: first), at: second)
        default: list.items.removeSubrange(first..<min(first + Int.random(in: 1...3, using: &random), count))
        }
        // The list must not run out: rows come back at the end.
        if list.items.count < 6 { list.items += (0..<6).map { _ in makeItem() } }
    }
}

/// The first differing line of two dumps, with its number, to read a failure quickly.
func firstDifference(_ shown: String, _ expected: String) -> String {
    let (a, b) = (
        shown.split(separator: "\n", omittingEmptySubsequences: false), expected.split(separator: "\n", omittingEmptySubsequences: false)
    )
    for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
        return
            "line \(index + 1): shown \"\(index < a.count ? String(a[index]) : "—")\", fresh \"\(index < b.count ? String(b[index]) : "—")\""
    }
    return "no difference"
}

/// The single-threaded oracle's configurations, each with its seed.
let oracleConfigurations: [(OracleConfiguration, UInt64)] = [
    (OracleConfiguration(), 1),
    (OracleConfiguration(bumps: true), 2),
    (OracleConfiguration(automaticEngine: true, bumps: true), 4),
    (OracleConfiguration(automaticRows: true), 5),
    (OracleConfiguration(equatableRows: true, bumps: true), 6),
    (OracleConfiguration(automaticEngine: true, equatableRows: true), 7),
    (OracleConfiguration(intIDs: true), 8),
    (OracleConfiguration(equatableRows: true, bumps: true, intIDs: true), 9),
    (OracleConfiguration(bumps: true, directRows: true), 10),
    (OracleConfiguration(automaticEngine: true, intIDs: true, directRows: true), 11),
    (OracleConfiguration(leafList: true), 12),
    (OracleConfiguration(automaticEngine: true, leafList: true), 13),
    (OracleConfiguration(leafList: true, readsRootNode: true), 14),
    (OracleConfiguration(bumps: true, directRows: true, readsRootNode: true), 15)
]

/// Added to every configuration's seed (`PERCEIVE_ORACLE_SEED_OFFSET`), to explore other sequences.
let oracleSeedOffset = ProcessInfo.processInfo.environment["PERCEIVE_ORACLE_SEED_OFFSET"].flatMap(UInt64.init) ?? 0

/// Steps per oracle mode (`PERCEIVE_ORACLE_STEPS` overrides the default).
let oracleSteps = ProcessInfo.processInfo.environment["PERCEIVE_ORACLE_STEPS"].flatMap(Int.init) ?? 10_000

@MainActor
@Suite("Randomized oracle")
struct OracleTests {
    /// Single-threaded: structure, every container, modifiers, view recycling, scrolling,
    /// environment; plain, memoized and automatic builders, some writing while they build.
    @Test(arguments: oracleConfigurations)
    func incrementalRendersEqualFreshRenders(configuration: OracleConfiguration, seed baseSeed: UInt64) {
        // The oracle builds shapes the debug checks flag on purpose: their messages are captured.
        quietly {
            let seed = baseSeed &+ oracleSeedOffset
            var random = SeededGenerator(state: seed)
            let world = OracleWorld(configuration)
            var steps = 0
            var batch = 0
            let rendersBefore = (
                inPlace: Reconciler.inPlaceRenders, inRoom: Reconciler.inRoomRenders, renaming: Reconciler.renamingRenders
            )
            while steps < oracleSteps {
                let size = Int.random(in: 1...8, using: &random)
                world.recent = []
                // A list at the root: one batch in four only reorders its rows (a patch's case).
                if configuration.leafList && Int.random(in: 0..<4, using: &random) == 0 {
                    world.reorder(using: &random)
                    steps += 1
                    batch += 1
                    world.host.componentEngine.flush()
                    #expect(world.keepRootNode(), "\(configuration), seed \(seed), batch \(batch): a kept root node")
                    #expect(world.host.dump() == world.freshDump(), "\(configuration), seed \(seed), batch \(batch): a reorder")
                    continue
                }
                for _ in 0..<size { world.randomWrite(using: &random) }
                steps += size
                batch += 1
                world.host.componentEngine.flush()
                #expect(world.host.componentEngine.isDirty == false, "\(configuration), seed \(seed), batch \(batch)")
                #expect(world.keepRootNode(), "\(configuration), seed \(seed), batch \(batch): a kept root node")
                let (incremental, expected) = (world.host.dump(), world.freshDump())
                #expect(
                    incremental == expected,
                    "\(configuration), seed \(seed), batch \(batch), after \(steps) steps (writes \(world.recent), rows in \(world.list.container)): \(firstDifference(incremental, expected))"
                )
                if incremental != expected {
                    // Both trees in full, to read a failure (`PERCEIVE_ORACLE_DUMPS=1`).
                    if ProcessInfo.processInfo.environment["PERCEIVE_ORACLE_DUMPS"] != nil {
                        print("Shown:\n\(incremental)\nA fresh render:\n\(expected)")
                    }
                    return
                }
            }
            #expect(steps >= oracleSteps)
            // The run went through the shortcuts it checks, so that a change that stops it from
            // reaching one fails here rather than leaving the shortcut unchecked; and it renamed
            // repeated ids.
            #expect(Reconciler.renamingRenders > rendersBefore.renaming)
            let stats = world.host.componentEngine.subtreeStats
            if configuration.leafList {
                // Reordered often enough for some renders to be patches.
                #expect(stats.listPatches > 0)
            } else {
                // Boundary rows shown by a few views, updated in place; unchanged rows taken as
                // they were; equal builders skipped.
                #expect(Reconciler.inPlaceRenders > rendersBefore.inPlace)
                #expect(Reconciler.inRoomRenders > rendersBefore.inRoom)
                #expect(stats.childrenReused > 0)
                #expect(stats.buildsSkipped > 0)
            }
            // Memoized builders reloaded alone, without their scope's full layout.
            if configuration.hasMemoizedBuilders { #expect(stats.incrementalReloads > 0) }
            // Reading the root node switched the engine's lists to keeping their slots.
            #expect(world.host.componentEngine.listsEscaped == configuration.readsRootNode)
        }
    }

    /// Writer threads change scores, titles and the accent (under the lock) while the main actor
    /// changes structure and flushes. Whenever the writers pause, one flush must show exactly what
    /// a fresh render shows.
    @Test func writesFromOtherThreadsNeverStrandAChange() {
        // The oracle builds shapes the debug checks flag on purpose: their messages are captured.
        quietly {
            var random = SeededGenerator(state: 3)
            let world = OracleWorld(OracleConfiguration(bumps: true))
            let writers = OracleWriters(threads: 2)
            writers.publish(world.list.items, theme: world.theme)
            writers.start()
            defer { writers.stop() }
            var steps = 0
            var checks = 0
            while steps < oracleSteps {
                let size = Int.random(in: 1...8, using: &random)
                for _ in 0..<size { world.randomWrite(using: &random) }
                writers.publish(world.list.items, theme: world.theme)
                steps += size
                world.host.componentEngine.flush()
                guard Int.random(in: 0..<4, using: &random) == 0 else { continue }
                writers.pause()
                world.host.componentEngine.flush()
                checks += 1
                let (incremental, expected) = (world.host.dump(), world.freshDump())
                writers.resume()
                #expect(incremental == expected, "after \(steps) steps, check \(checks)")
                if incremental != expected { return }
            }
            #expect(writers.writes > 0)
            #expect(checks > oracleSteps / 40)
        }
    }
}

/// Background threads writing the race-mode properties of the current items, with a pause.
final class OracleWriters: Sendable {
    private struct Shared {
        var items: [OracleItem] = []
        var theme: OracleTheme?
    }

    private let shared = Mutex(Shared())
    private let pauseRequests = Atomic<Int>(0)
    private let pausedThreads = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let running = Atomic<Int>(0)
    private let writeCount = Atomic<Int>(0)
    private let threadCount: Int

    init(threads: Int) { threadCount = threads }

    var writes: Int { writeCount.load(ordering: .relaxed) }

    func publish(_ items: [OracleItem], theme: OracleTheme) {
        shared.withLock { $0 = Shared(items: items, theme: theme) }
    }

    func start() {
        for index in 0..<threadCount {
            running.add(1, ordering: .relaxed)
            Thread { [self] in run(seed: UInt64(index) &+ 100) }.start()
        }
    }

    /// Returns once every writer is idle.
    func pause() {
        pauseRequests.add(1, ordering: .acquiringAndReleasing)
        while pausedThreads.load(ordering: .acquiring) < threadCount { sched_yield() }
    }

    func resume() {
        pauseRequests.subtract(1, ordering: .acquiringAndReleasing)
        while pausedThreads.load(ordering: .acquiring) > 0 { sched_yield() }
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        while running.load(ordering: .acquiring) > 0 { sched_yield() }
    }

    private func run(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        defer { running.subtract(1, ordering: .releasing) }
        while !stopping.load(ordering: .acquiring) {
            if pauseRequests.load(ordering: .acquiring) > 0 {
                pausedThreads.add(1, ordering: .acquiringAndReleasing)
                while pauseRequests.load(ordering: .acquiring) > 0 && !stopping.load(ordering: .acquiring) { sched_yield() }
                pausedThreads.subtract(1, ordering: .acquiringAndReleasing)
                continue
            }
            let (item, theme) = shared.withLock { ($0.items.randomElement(using: &random), $0.theme) }
            OracleLock.read {
                switch Int.random(in: 0..<8, using: &random) {
                case 0: theme?.accent = ["red", "blue", "green"].randomElement(using: &random)!
                case 1, 2: item?.title = "w\(Int.random(in: 0..<30, using: &random))"
                default: item?.score += 1
                }
            }
            writeCount.add(1, ordering: .relaxed)
            sched_yield()
        }
    }
}
