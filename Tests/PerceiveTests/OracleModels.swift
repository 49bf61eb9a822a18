import Foundation
import Perceive
import PerceiveLayout

// The randomized oracle's world: models, and a component tree that uses every container kind,
// keyed rows inside and outside perception boundaries, memoized builders (some writing while they
// build), modifiers switched on and off, and an environment value. Every read of a property that
// the race mode writes from other threads holds `OracleLock`, as the docs require.

/// The lock guarding values written from the race mode's threads.
enum OracleLock {
    static let shared = NSLock()
    static func read<T>(_ body: () -> T) -> T { shared.withLock(body) }
}

final class OracleItem: Perceptible, @unchecked Sendable {
    let key: Int
    @Perceived var title: String
    @Perceived var flag = false
    @Perceived var score = 0
    /// Bits choosing modifiers: alpha, background, corner and border, colour and font, one line,
    /// tappable, hidden, clipping.
    @Perceived var style = 0
    /// Another row's key that this row's id spells while set: two siblings with one id, the second
    /// renamed `id#2` (see Components.md, "Bad input"). Written on the main actor only.
    @Perceived var alias: Int?
    init(key: Int) {
        self.key = key
        self.title = "item \(key)"
    }
    var scoreValue: Int { OracleLock.read { score } }
    var titleValue: String { OracleLock.read { title } }
    /// The key the row's id spells in its list: its own, or the alias that duplicates another's.
    var idKey: Int { alias ?? key }
    /// The one reference a direct row holds (made once per item while rows hold it). Weak: the
    /// input holds the item, and a strong cache would keep both alive for ever (a cycle that
    /// AddressSanitizer's leak check reports).
    private weak var cachedInput: OracleRowInput?
    func input(theme: OracleTheme, intIDs: Bool) -> OracleRowInput {
        if let cachedInput, cachedInput.theme === theme, cachedInput.intIDs == intIDs { return cachedInput }
        let made = OracleRowInput(item: self, theme: theme, intIDs: intIDs)
        cachedInput = made
        return made
    }
}

/// What a row shows, behind one reference.
final class OracleRowInput: @unchecked Sendable {
    let item: OracleItem
    let theme: OracleTheme
    let intIDs: Bool
    init(item: OracleItem, theme: OracleTheme, intIDs: Bool) { (self.item, self.theme, self.intIDs) = (item, theme, intIDs) }
}

final class OracleList: Perceptible, @unchecked Sendable {
    @Perceived var items: [OracleItem] = []
    @Perceived var header = "Header"
    @Perceived var showFooter = true
    /// Which container holds the rows: 0 VStack, 1 Waterfall, 2 Flow, 3 ZStack, 4 HStack,
    /// 5 a size reader giving every row the widest row's width, 6 a VStack whose block makes each
    /// row in a `for` loop (direct rows in their own type, the others erased), 7 a stretching
    /// column of lines that share their width with flexible children, 8 a column of rows centred or
    /// in a one-child `ZStack`, boundaries sized to fit or by percentages, 9 a table reader (inside
    /// a size reader giving it the column's width) putting the rows and their scores in two columns.
    @Perceived var container = 0
    /// The number of container kinds.
    static let containerKinds = 10
}

final class OracleTheme: Perceptible, @unchecked Sendable {
    @Perceived var accent = "red"
    @Perceived var compact = false
    var accentValue: String { OracleLock.read { accent } }
}

/// A counter that a memoized builder reads and a nested builder bumps while it builds.
final class OracleTally: Perceptible, @unchecked Sendable {
    @Perceived var count = 0
    @Perceived var label = "tally"
    /// Writes the nested builder still has to make (plain: not tracked).
    var pendingBumps = 0
}

struct OracleAccentKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    var oracleAccent: String {
        get { self[OracleAccentKey.self] }
        set { self[OracleAccentKey.self] = newValue }
    }
}

/// How an oracle run builds its tree: which builders are memoized, and where.
struct OracleConfiguration: Sendable, CustomStringConvertible {
    /// The engine treats every builder as memoized (checked against a fresh engine without).
    var automaticEngine = false
    /// Only the rows' subtree has automatic scopes.
    var automaticRows = false
    /// Each row is an `Equatable` builder, memoized by its item and theme.
    var equatableRows = false
    /// Memoized builders that write while they build.
    var bumps = false
    /// Rows are identified by integers (`.id(item.key)`), and each row names its star `.id(0)`,
    /// spelled like the structural position of the row's first view.
    var intIDs = false
    /// Each row is an `Equatable` builder holding one reference, identified directly (no type
    /// erasure): made again by every build of the list, a row's value is bit for bit the previous
    /// one, so containers take unchanged rows without laying them out (see `ChildReuse`).
    var directRows = false
    /// The engine's component is the list itself, one label per row (most rows named, every fifth
    /// not): reorders are patched without a walk when every row is visible (see `ListPatch`).
    var leafList = false
    /// After every flush the run reads the engine's `rootNode` and keeps the last few it read:
    /// from the first read on, the engine's lists keep their slots instead of handing them over to
    /// the next list (see `MovedSlot`), and every node kept must stay whole.
    var readsRootNode = false

    /// Whether some builder reloads on its own (memoized, or writing while it builds in a
    /// memoized tally).
    var hasMemoizedBuilders: Bool { automaticEngine || automaticRows || equatableRows || bumps || directRows || leafList }

    var description: String {
        [
            automaticEngine ? "automatic engine" : nil, automaticRows ? "automatic rows" : nil,
            equatableRows ? "equatable rows" : nil, bumps ? "writes during builds" : nil,
            intIDs ? "integer ids" : nil, directRows ? "direct rows" : nil, leafList ? "a list at the root" : nil,
            readsRootNode ? "root nodes kept" : nil
        ]
        .compactMap { $0 }.joined(separator: ", ").ifEmpty("plain builders")
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}

struct OracleRoot: ComponentBuilder {
    let list: OracleList
    let theme: OracleTheme
    let tally: OracleTally
    let configuration: OracleConfiguration

    func build() -> some Component {
        VStack(spacing: 2) {
            Text(list.header).id("header")
            OracleTallyView(tally: tally).id("tally")
            if configuration.automaticRows {
                OracleRows(
                    list: list, theme: theme, equatable: configuration.equatableRows, intIDs: configuration.intIDs,
                    direct: configuration.directRows
                )
                .automaticScopes()
            } else {
                OracleRows(
                    list: list, theme: theme, equatable: configuration.equatableRows, intIDs: configuration.intIDs,
                    direct: configuration.directRows)
            }
            if list.showFooter {
                OracleFooter(list: list).perceptionView(width: .fill, height: 20).id("footer")
            }
        }
        .environment(\.oracleAccent, theme.accentValue)
    }
}

/// The rows, in the container the list chooses; every third row is its own perception boundary.
struct OracleRows: ComponentBuilder {
    let list: OracleList
    let theme: OracleTheme
    let equatable: Bool
    var intIDs = false
    var direct = false

    func build() -> some Component {
        if list.container == 6 {
            return AnyComponent(
                VStack(spacing: 2) {
                    for item in list.items {
                        if direct && item.key % 3 != 0 {
                            if intIDs {
                                OracleDirectRow(input: item.input(theme: theme, intIDs: intIDs)).id(item.idKey)
                            } else {
                                OracleDirectRow(input: item.input(theme: theme, intIDs: intIDs)).id("row-\(item.idKey)")
                            }
                        } else {
                            row(item)
                        }
                    }
                })
        }
        let rows: [any Component] = list.items.map { item in row(item) }
        switch list.container {
        case 1: return AnyComponent(Waterfall(columns: 2, spacing: 3) { rows })
        case 2: return AnyComponent(Flow(spacing: 4) { rows })
        case 3: return AnyComponent(ZStack(verticalAlignment: .start, horizontalAlignment: .start) { rows })
        case 4: return AnyComponent(HStack(spacing: 1, alignItems: .end) { rows })
        case 7:
            return AnyComponent(
                VStack(spacing: 1, alignItems: .stretch) {
                    for (index, item) in list.items.enumerated() { OracleLines.flexible(rows[index], item: item) }
                })
        case 8:
            return AnyComponent(
                VStack(spacing: 2) {
                    for (index, item) in list.items.enumerated() { OracleLines.placed(rows[index], item: item) }
                })
        case 9:
            // A table as wide as a size reader measures the column to be (a reader inside a
            // reader); its measurements replaced on every layout, not merged across reloads: a
            // fresh render starts with none, and must show the same columns.
            return AnyComponent(
                SizeReader { column in
                    VStack(spacing: 1) {
                        Space().size(width: .fill, height: 0).measure(column)
                        TableReader<Int>(maxWidth: column.maxWidth() ?? 0, reducer: .replace) { proxy in
                            VStack(spacing: 1) {
                                for (index, item) in list.items.enumerated() { OracleLines.tabled(rows[index], item: item, proxy) }
                            }
                        }
                    }
                })
        case 5:
            return AnyComponent(
                SizeReader { proxy in
                    VStack(spacing: 1) {
                        for row in rows { AnyComponent(row).measure(proxy).frame(minWidth: proxy.maxWidth()) }
                    }
                })
        default: return AnyComponent(VStack(spacing: 2) { rows })
        }
    }

    /// One row: direct, memoized or plain, every third in its own boundary.
    private func row(_ item: OracleItem) -> any Component {
        if direct && item.key % 3 != 0 {
            let row = OracleDirectRow(input: item.input(theme: theme, intIDs: intIDs))
            return intIDs ? row.id(item.idKey) : row.id("row-\(item.idKey)")
        }
        let boundary = item.key % 3 == 0
        let row: any Component
        if boundary && item.key % 2 == 1 {
            row =
                item.key % 24 >= 12
                ? OracleFlatRow.content(item: item, theme: theme, accent: theme.accentValue) : OracleFlatRow(item: item, theme: theme)
        } else if equatable {
            row = OracleEquatableRow(item: item, theme: theme, intIDs: intIDs)
        } else {
            row = OracleRow(item: item, theme: theme, intIDs: intIDs)
        }
        // In a row (an HStack, a line, a table row), `.fill` would have no width to fill: boundaries
        // get a fixed one. In the placed column, half fit their content (measured in the list's own
        // layout, whose reads then include the row's) and half take a share of the width and a
        // height from it.
        let (width, height): (SizeStrategy, SizeStrategy) =
            switch list.container {
            case 4, 7, 9: (.absolute(120), .absolute(40))
            case 8: item.key % 2 == 0 ? (.fit, .fit) : (.percentage(0.5), .aspectPercentage(0.25))
            default: (.fill, .absolute(40))
            }
        switch (boundary, intIDs) {
        case (true, true): return AnyComponent(row).perceptionView(width: width, height: height).id(item.idKey)
        case (true, false): return AnyComponent(row).perceptionView(width: width, height: height).id("row-\(item.idKey)")
        case (false, true): return AnyComponent(row).id(item.idKey)
        case (false, false): return AnyComponent(row).id("row-\(item.idKey)")
        }
    }
}

/// The wrappers of containers 7, 8 and 9 around a row, each named by its item's key.
@MainActor
enum OracleLines {
    /// A line of at most four children, laid out by the stack's small path: the row giving up
    /// width when the line overflows, a spacer taking what is left, while the score is odd a
    /// label growing beside it, and a mark; stretched across while the item is flagged.
    static func flexible(_ row: any Component, item: OracleItem) -> any Component {
        let score = item.scoreValue
        return HStack(spacing: 2, alignItems: item.flag ? .stretch : .center) {
            AnyComponent(row).flexShrink(1)
            Spacer()
            if score % 2 == 1 {
                Text("\(score)").flex(2)
            }
            Text("·").size(width: 8, height: 12)
        }
        .id("line-\(item.idKey)")
    }

    /// The row and its score in a table's two columns (the score right-aligned).
    static func tabled(_ row: any Component, item: OracleItem, _ proxy: TableProxy<Int>) -> any Component {
        HStack(spacing: 2) {
            AnyComponent(row).measure(proxy, 0).frame(width: proxy.columnWidth(0), alignment: .leading)
            Text("\(item.scoreValue)").measure(proxy, 1).frame(width: proxy.columnWidth(1), alignment: .trailing)
        }
        .id("table-\(item.idKey)")
    }

    /// The row centred in the column's width, or alone in a `ZStack` that stretches it across
    /// while the item is flagged.
    static func placed(_ row: any Component, item: OracleItem) -> any Component {
        if item.key % 2 == 0 { return AnyComponent(row).centered().id("cell-\(item.idKey)") }
        return ZStack(verticalAlignment: .center, horizontalAlignment: item.flag ? .stretch : .center) { row }.id("cell-\(item.idKey)")
    }
}

/// The rows as the engine's whole component: one label each, memoized by identity.
struct OracleLeafList: ComponentBuilder {
    let list: OracleList
    let theme: OracleTheme

    func build() -> some Component {
        VStack(spacing: 1) {
            for item in list.items {
                if item.key % 5 == 0 {
                    OracleLeafRow(item: item, theme: theme)
                } else {
                    OracleLeafRow(item: item, theme: theme).id(item.idKey)
                }
            }
        }
    }
}

/// One label: its title and score, red while flagged, shorter while the theme is compact.
struct OracleLeafRow: ComponentBuilder, @MainActor Equatable {
    let item: OracleItem
    let theme: OracleTheme
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item === rhs.item && lhs.theme === rhs.theme }
    func build() -> some Component {
        Text("\(item.titleValue) \(item.scoreValue)").textColor(item.flag ? .red : .black)
            .size(width: .fill, height: theme.compact ? 10 : 12)
    }
}

struct OracleRow: ComponentBuilder {
    let item: OracleItem
    let theme: OracleTheme
    var intIDs = false
    @Environment(\.oracleAccent) var accent

    func build() -> some Component {
        HStack(spacing: theme.compact ? 1 : 4, alignItems: .center) {
            OracleTitle(title: item.titleValue, style: item.style)
            if item.flag {
                Text("★").textColor(.red)
            }
            if intIDs {
                OracleStar(flagged: item.flag, item: item).id(0)
            } else {
                OracleStar(flagged: item.flag, item: item)
            }
            Text(accent).inset(h: 2, v: 1).background { Space() }
            OracleBadge(item: item, theme: theme).perceptionView(width: 30, height: 20).id("badge-\(item.key)")
        }
    }
}

/// A row memoized by identity: rebuilt only for its own reads, its environment, or a new item.
struct OracleEquatableRow: ComponentBuilder, @MainActor Equatable {
    let item: OracleItem
    let theme: OracleTheme
    var intIDs = false
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item === rhs.item && lhs.theme === rhs.theme && lhs.intIDs == rhs.intIDs }
    func build() -> some Component { OracleRow(item: item, theme: theme, intIDs: intIDs) }
}

/// A row memoized by its one input: its value is a single reference, so an unchanged row is the
/// same bits in every build of the list.
struct OracleDirectRow: ComponentBuilder, @MainActor Equatable {
    let input: OracleRowInput
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.input === rhs.input }
    func build() -> some Component { OracleRow(item: input.item, theme: input.theme, intIDs: input.intIDs) }
}

/// A label whose modifiers follow `style`'s bits.
struct OracleTitle: ComponentBuilder {
    let title: String
    let style: Int

    func build() -> some Component {
        var text = Text(title)
        if style & 8 != 0 { text = text.textColor(.blue).font(.boldSystemFont(ofSize: 15)) }
        if style & 16 != 0 { text = text.numberOfLines(1) }
        var updates: [ViewPropertyUpdate<LabelView>] = []
        if style & 1 != 0 { updates.append(ViewPropertyUpdate(\.alpha, 0.5)) }
        if style & 2 != 0 { updates.append(ViewPropertyUpdate(\.backgroundColor, .green)) }
        if style & 4 != 0 {
            updates.append(ViewPropertyUpdate(\.layer.cornerRadius, 4))
            updates.append(ViewPropertyUpdate(\.layer.borderWidth, 1))
            updates.append(ViewPropertyUpdate(\.layer.borderColor, .gray))
        }
        if style & 64 != 0 { updates.append(ViewPropertyUpdate(\.isHidden, true)) }
        if style & 128 != 0 { updates.append(ViewPropertyUpdate(\.clipsToBounds, true)) }
        let label = OracleStyledText(text: text, updates: updates).size(width: .fit, height: 21)
        return style & 32 != 0 ? AnyComponent(label.tappableView {}) : AnyComponent(label)
    }
}

/// A `Text` with a list of view updates (what a chain of `.with(…)` builds).
struct OracleStyledText: ViewBackedComponent {
    typealias View = LabelView
    let text: Text
    let updates: [ViewPropertyUpdate<LabelView>]
    func layout(_ constraint: Constraint, applying more: [ViewPropertyUpdate<LabelView>]) -> any RenderNode {
        text.layout(constraint, applying: updates + more)
    }
}

/// A boundary row's other content (a row in six): views updated in place while they stay in order
/// (see `Reconciler.renderFlatRoot`) — the title (named by the row's key in every other such row);
/// then, in a row of their own, a picture while flagged and a label otherwise at the same place, and
/// a column of the score and the accent; a tappable label (a view hosting a view) in rows with style
/// bit 32; a note while the theme is compact (one view more); and a mark over it all (style bit 1
/// alone) or a named one under it (style bit 2 alone). Wider than a row in an `HStack` and than most
/// others while the theme is roomy: the views past the edge are then hidden. In half of these rows
/// the list makes the views itself (see `content`).
struct OracleFlatRow: ComponentBuilder {
    let item: OracleItem
    let theme: OracleTheme
    @Environment(\.oracleAccent) var accent
    static let star = PlatformImage(name: "star", size: CGSize(width: 12, height: 12))

    func build() -> some Component { Self.content(item: item, theme: theme, accent: accent) }

    /// The row's views; made by the list itself (a plain layout as the boundary's content, no
    /// builder at its root) in half of these rows.
    static func content(item: OracleItem, theme: OracleTheme, accent: String) -> AnyComponent {
        let width: CGFloat = theme.compact ? 40 : 70
        let row = HStack(spacing: 2, alignItems: .center) {
            if item.key % 4 == 3 {
                Text(item.titleValue).size(width: .absolute(width), height: 16).id("title-\(item.key)")
            } else {
                Text(item.titleValue).size(width: .absolute(width), height: 16)
            }
            HStack(spacing: 1, alignItems: .center) {
                if item.flag {
                    Image(star).size(width: 12, height: 12)
                } else {
                    Text("☆").size(width: 12, height: 12)
                }
                VStack(spacing: 1) {
                    Text("\(item.scoreValue)").textColor(item.scoreValue % 2 == 0 ? .black : .blue)
                        .size(width: .absolute(width), height: 16)
                    Text(accent).size(width: .absolute(width), height: 16)
                }
            }
            if item.style & 32 != 0 {
                Text("tap").size(width: 24, height: 16).tappableView {}
            }
            if theme.compact {
                Text("compact").size(width: 60, height: 16)
            }
        }
        switch item.style & 3 {
        case 1: return AnyComponent(row.overlay { Text("•").size(width: 8, height: 8) })
        case 2: return AnyComponent(row.background { Text("◦").size(width: 8, height: 8).id("mark-\(item.key)") })
        default: return AnyComponent(row)
        }
    }
}

/// Equatable: memoized across reloads; its own reads of `item` and `theme` decide its rebuilds.
struct OracleBadge: ComponentBuilder, @MainActor Equatable {
    let item: OracleItem
    let theme: OracleTheme
    static func == (lhs: OracleBadge, rhs: OracleBadge) -> Bool { lhs.item === rhs.item && lhs.theme === rhs.theme }
    func build() -> some Component {
        Text("\(item.scoreValue) \(theme.accentValue)")
    }
}

/// An equatable builder inside a parent scope (no boundary), with a plain-value input.
struct OracleStar: ComponentBuilder, @MainActor Equatable {
    let flagged: Bool
    let item: OracleItem
    static func == (lhs: OracleStar, rhs: OracleStar) -> Bool { lhs.flagged == rhs.flagged && lhs.item === rhs.item }
    func build() -> some Component {
        Text(flagged ? "★ \(item.titleValue.count)" : "☆")
    }
}

/// A memoized builder reading the tally; its nested builder writes the count while it builds.
struct OracleTallyView: ComponentBuilder, @MainActor Equatable {
    let tally: OracleTally
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.tally === rhs.tally }
    func build() -> some Component {
        HStack(spacing: 4) {
            Text("\(tally.label): \(tally.count)")
            OracleBumper(tally: tally)
        }
    }
}

struct OracleBumper: ComponentBuilder {
    let tally: OracleTally
    func build() -> some Component {
        if tally.pendingBumps > 0 {
            tally.pendingBumps -= 1
            tally.count += 1
        }
        return Text("+")
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
