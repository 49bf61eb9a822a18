import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// What every row of a list reads.
final class RepeatLook: Perceptible {
    @Perceived var tall = false
}

/// A row whose id may repeat another row's (`alias`).
final class RepeatRow: Perceptible {
    let key: String
    let look: RepeatLook
    @Perceived var alias: String?
    @Perceived var title: String
    @Perceived var flagged = false
    init(_ key: String, look: RepeatLook) {
        (self.key, self.look) = (key, look)
        self.title = "title \(key)"
    }
    var id: String { alias ?? key }
}

final class RepeatList: Perceptible {
    let look = RepeatLook()
    @Perceived var rows: [RepeatRow] = []
    init(_ keys: [String]) { rows = keys.map { RepeatRow($0, look: look) } }
}

/// A row's label, memoized by its row (one reference: under an id, a row is held in place and
/// compared bit for bit, see `ChildReuse`).
struct RepeatLabel: ComponentBuilder, @MainActor Equatable {
    let row: RepeatRow
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
    func build() -> some Component { Text(row.title).size(width: 80, height: row.look.tall ? 30 : 20) }
}

/// A row's label, built whenever its parent builds.
struct RepeatPlainLabel: ComponentBuilder {
    let row: RepeatRow
    func build() -> some Component { Text(row.title) }
}

/// A row's star, memoized inside its card.
struct RepeatStar: ComponentBuilder, @MainActor Equatable {
    let row: RepeatRow
    let flagged: Bool
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row && lhs.flagged == rhs.flagged }
    func build() -> some Component { Text(flagged ? "★ \(row.title.count)" : "☆") }
}

/// A row's title and star (one reference: taken as it was by the column when unchanged).
struct RepeatCard: ComponentBuilder, @MainActor Equatable {
    let row: RepeatRow
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
    func build() -> some Component {
        HStack(spacing: 2) {
            Text(row.title)
            RepeatStar(row: row, flagged: row.flagged).id(0)
        }
    }
}

/// The cards in a column, each under its id.
struct RepeatCards: ComponentBuilder {
    let list: RepeatList
    func build() -> some Component {
        VStack { for row in list.rows { RepeatCard(row: row).id(row.id) } }
    }
}

/// The rows in a column, each under its id.
struct RepeatColumn: ComponentBuilder {
    let list: RepeatList
    func build() -> some Component {
        VStack { for row in list.rows { RepeatLabel(row: row).id(row.id) } }
    }
}

/// The rows in a column inside a size reader, each as wide as the widest.
struct RepeatReaderColumn: ComponentBuilder {
    let list: RepeatList
    func build() -> some Component {
        SizeReader { proxy in
            VStack { for row in list.rows { RepeatPlainLabel(row: row).id(row.id).measure(proxy).frame(minWidth: proxy.maxWidth()) } }
        }
    }
}

/// The rows in a row that stretches them to its height, beside a tall label.
struct RepeatStretchedRow: ComponentBuilder {
    let list: RepeatList
    func build() -> some Component {
        HStack(alignItems: .stretch) {
            Text("tall").size(width: 20, height: 50)
            for row in list.rows { RepeatPlainLabel(row: row).id(row.id) }
        }
    }
}

/// Siblings repeating an id: the repeat is renamed in order, and every render shows each row's own
/// content under the name a fresh render gives it.
@MainActor
@Suite("Repeated ids across renders")
struct RepeatedIDRenderTests {
    /// Each subview: its type, id and text.
    func shown(_ host: PlatformView) -> [String] {
        host.subviews.map { view in "\(type(of: view)) \(view.componentID ?? "-") \((view as? LabelView)?.text ?? "")" }
    }

    func fresh(_ component: any Component, size: CGSize = CGSize(width: 300, height: 300)) -> [String] {
        let host = ComponentView(frame: CGRect(origin: .zero, size: size))
        host.componentEngine.component = component
        quietly { host.componentEngine.flush() }
        return shown(host)
    }

    @Test func aRowThatComesToRepeatAnIDLeavesTheOtherRowsAsTheyWere() {
        let list = RepeatList(["a", "b", "c", "d"])
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = RepeatColumn(list: list)
        host.componentEngine.flush()
        list.rows[3].alias = "b"
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(
            shown(host) == ["LabelView a title a", "LabelView b title b", "LabelView c title c", "LabelView b#2 title d"])
        #expect(shown(host) == fresh(RepeatColumn(list: list)))
        #expect(messages.count == 1)
    }

    /// A reader lays its content out again once it has measured it: the repeat is laid out at its
    /// own position in that pass too (its slot, made in the layout before, is found again).
    @Test func rowsRepeatingAnIDInAReaderShowTheirOwnRows() {
        let list = RepeatList(["a", "b"])
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = RepeatReaderColumn(list: list)
        host.componentEngine.flush()
        list.rows[1].alias = "a"
        quietly { host.componentEngine.flush() }
        #expect(shown(host) == ["LabelView a title a", "LabelView a#2 title b"])
        #expect(shown(host) == fresh(RepeatReaderColumn(list: list)))
    }

    /// A stack stretching its children lays them out again: the repeat is laid out as itself.
    @Test func rowsRepeatingAnIDInAStretchingStackShowTheirOwnRows() {
        let list = RepeatList(["a", "b", "c", "d", "e"])
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = RepeatStretchedRow(list: list)
        host.componentEngine.flush()
        list.rows[4].alias = "a"
        quietly { host.componentEngine.flush() }
        #expect(
            shown(host) == [
                "LabelView 0 tall", "LabelView a title a", "LabelView b title b", "LabelView c title c", "LabelView d title d",
                "LabelView a#2 title e"
            ])
        #expect(host.subviews.map(\.frame.height) == [50, 300, 300, 300, 300, 300])
        #expect(shown(host) == fresh(RepeatStretchedRow(list: list)))
    }

    /// Two memoized rows under one id trade places, taken by value: each keeps its slot, though
    /// the first now holds the repeat's. Both then rebuild alone and change size; the column lays
    /// out its stored rows again, and each must be matched to its own slot.
    @Test func memoizedRowsThatTradedPlacesAreLaidOutAgainAsThemselves() {
        for dirtyFirst in [0, 5] {
            let list = RepeatList(["k", "a", "b", "c", "d", "x"])
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            host.componentEngine.component = RepeatColumn(list: list)
            host.componentEngine.flush()
            quietly {
                list.rows[5].alias = "k"
                host.componentEngine.flush()
                list.rows.swapAt(0, 5)
                host.componentEngine.flush()
                // Either row may be the first to rebuild alone: both orders.
                list.rows[dirtyFirst].title += " again"
                list.rows[dirtyFirst].title = "title \(list.rows[dirtyFirst].key)"
                list.look.tall = true
                host.componentEngine.flush()
            }
            #expect(
                shown(host) == [
                    "LabelView k title x", "LabelView a title a", "LabelView b title b", "LabelView c title c", "LabelView d title d",
                    "LabelView k#2 title k"
                ], "row \(dirtyFirst) first")
            #expect(host.subviews.map(\.frame.height) == [30, 30, 30, 30, 30, 30])
        }
    }

    /// Cards sharing ids in every order: the views they showed may have shown another card's
    /// star (its slot taken by order), so each must be configured from what it shows now.
    @Test func cardsSharingIDsMatchAFreshRenderInAnyOrder() {
        var random = SeededGenerator(state: 21)
        let list = RepeatList(["a", "b", "c", "d", "e", "f"])
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = RepeatCards(list: list)
        host.componentEngine.flush()
        var mismatches: [String] = []
        quietly {
            for step in 0..<2_000 {
                let rows = list.rows
                let row = rows[Int.random(in: 0..<rows.count, using: &random)]
                switch Int.random(in: 0..<5, using: &random) {
                case 0: row.alias = row.alias == nil ? rows[Int.random(in: 0..<rows.count, using: &random)].key : nil
                case 1: row.flagged.toggle()
                case 2: row.title = "title \(row.key)\(String(repeating: "!", count: Int.random(in: 0..<3, using: &random)))"
                case 3: list.rows.swapAt(Int.random(in: 0..<rows.count, using: &random), Int.random(in: 0..<rows.count, using: &random))
                default: list.rows.shuffle(using: &random)
                }
                host.componentEngine.flush()
                let expected = fresh(RepeatCards(list: list))
                if shown(host) != expected && mismatches.isEmpty { mismatches.append("step \(step): \(shown(host)) against \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func aListPatchNamesTheRepeatAgainWhenTheFirstGoes() {
        let list = RepeatList(["k", "a", "x"])
        list.rows[2].alias = "k"
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = RepeatColumn(list: list)
        quietly { host.componentEngine.flush() }
        #expect(shown(host) == ["LabelView k title k", "LabelView a title a", "LabelView k#2 title x"])
        list.rows.removeFirst()
        host.componentEngine.flush()
        #expect(shown(host) == ["LabelView a title a", "LabelView k title x"])
        #expect(shown(host) == fresh(RepeatColumn(list: list)))
    }
}
