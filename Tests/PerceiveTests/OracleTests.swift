import Foundation
import Testing
import Perceive
import PerceiveLayout

// A randomized oracle: a tree of nested perception boundaries over several models takes 2,000
// random writes in random batches; after every flush, the incrementally updated view tree must
// dump exactly like a fresh engine rendering the same component from scratch.

final class OracleItem: Perceptible {
    let key: Int
    @Perceived var title: String
    @Perceived var flag = false
    @Perceived var score = 0
    init(key: Int) {
        self.key = key
        self.title = "item \(key)"
    }
}

final class OracleList: Perceptible {
    @Perceived var items: [OracleItem] = []
    @Perceived var header = "Header"
    @Perceived var showFooter = true
}

final class OracleTheme: Perceptible {
    @Perceived var accent = "red"
    @Perceived var compact = false
}

struct OracleRoot: ComponentBuilder {
    let list: OracleList
    let theme: OracleTheme

    func build() -> some Component {
        VStack(spacing: 2) {
            Text(list.header).id("header")
            for item in list.items {
                OracleRow(item: item, theme: theme)
                    .perceptionView(width: .fill, height: 40)
                    .id("row-\(item.key)")
            }
            if list.showFooter {
                OracleFooter(list: list).perceptionView(width: .fill, height: 20).id("footer")
            }
        }
    }
}

struct OracleRow: ComponentBuilder {
    let item: OracleItem
    let theme: OracleTheme

    func build() -> some Component {
        HStack(spacing: theme.compact ? 1 : 4) {
            Text(item.title)
            if item.flag {
                Text("★").textColor(.red)
            }
            OracleStar(flagged: item.flag, item: item)
            OracleBadge(item: item, theme: theme).perceptionView(width: 30, height: 20).id("badge")
        }
    }
}

/// Equatable: memoized across reloads; its own reads of `item` and `theme` decide its rebuilds.
struct OracleBadge: ComponentBuilder, @MainActor Equatable {
    let item: OracleItem
    let theme: OracleTheme
    static func == (lhs: OracleBadge, rhs: OracleBadge) -> Bool { lhs.item === rhs.item && lhs.theme === rhs.theme }
    func build() -> some Component {
        Text("\(item.score) \(theme.accent)")
    }
}

/// An equatable builder inside a parent scope (no boundary), with a plain-value input.
struct OracleStar: ComponentBuilder, @MainActor Equatable {
    let flagged: Bool
    let item: OracleItem
    static func == (lhs: OracleStar, rhs: OracleStar) -> Bool { lhs.flagged == rhs.flagged && lhs.item === rhs.item }
    func build() -> some Component {
        Text(flagged ? "★ \(item.title.count)" : "☆")
    }
}

struct OracleFooter: ComponentBuilder {
    let list: OracleList
    func build() -> some Component {
        Text("\(list.items.count) items, \(list.items.filter(\.flag).count) flagged")
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed reproduces exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor
@Suite("Randomized oracle")
struct OracleTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func incrementalRendersEqualFreshRenders(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let list = OracleList()
        let theme = OracleTheme()
        var nextKey = 0
        list.items = (0..<12).map { _ in defer { nextKey += 1 }; return OracleItem(key: nextKey) }
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        host.componentEngine.component = OracleRoot(list: list, theme: theme)
        host.componentEngine.flush()
        var writes = 0
        var batch = 0
        while writes < 2_000 {
            let size = Int.random(in: 1...8, using: &random)
            for _ in 0..<size {
                Self.randomWrite(list: list, theme: theme, nextKey: &nextKey, using: &random)
            }
            writes += size
            batch += 1
            if Int.random(in: 0..<10, using: &random) == 0 {
                host.contentOffset = CGPoint(x: 0, y: CGFloat(Int.random(in: 0...400, using: &random)))
            }
            host.componentEngine.flush()
            let fresh = ComponentScrollView(frame: host.frame)
            fresh.contentOffset = host.contentOffset
            fresh.componentEngine.component = OracleRoot(list: list, theme: theme)
            fresh.componentEngine.flush()
            let incremental = host.dump()
            let expected = fresh.dump()
            #expect(incremental == expected, "seed \(seed), batch \(batch), after \(writes) writes")
            if incremental != expected { return }
        }
        #expect(writes >= 2_000)
    }

    static func randomWrite(list: OracleList, theme: OracleTheme, nextKey: inout Int, using random: inout SeededGenerator) {
        let items = list.items
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where !items.isEmpty:
            items.randomElement(using: &random)!.title = "t\(Int.random(in: 0..<50, using: &random))"
        case 1 where !items.isEmpty:
            items.randomElement(using: &random)!.flag.toggle()
        case 2 where !items.isEmpty:
            items.randomElement(using: &random)!.score += 1
        case 3 where items.count < 30:
            list.items.insert(OracleItem(key: nextKey), at: Int.random(in: 0...items.count, using: &random))
            nextKey += 1
        case 4 where items.count > 2:
            list.items.remove(at: Int.random(in: 0..<items.count, using: &random))
        case 5 where items.count > 2:
            let from = Int.random(in: 0..<items.count, using: &random)
            let moved = list.items.remove(at: from)
            list.items.insert(moved, at: Int.random(in: 0...list.items.count, using: &random))
        case 6:
            list.header = "Header \(Int.random(in: 0..<5, using: &random))"
        case 7:
            list.showFooter.toggle()
        case 8:
            theme.accent = ["red", "blue", "green"].randomElement(using: &random)!
        case 9:
            theme.compact.toggle()
        case 10 where !items.isEmpty:
            // An equal write: must change nothing.
            let item = items.randomElement(using: &random)!
            item.title = item.title
        default:
            list.items.shuffle(using: &random)
        }
    }
}
