import Foundation
import Perceive
import PerceiveLayout

/// The rows table's data (a row object per row, with tracked label and selection) and its three
/// variants' builders.
extension RowsScenario {
    final class RowItem: Perceptible {
        let id: Int
        @Perceived var label: String
        @Perceived var selected = false
        init(id: Int, label: String) {
            self.id = id
            self.label = label
        }
    }

    final class Store: Perceptible {
        @Perceived var rows: [RowItem] = []
        private var selectedRow: RowItem?
        private var nextID = 1
        private var generator = SplitMix64(seed: 7)
        static let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint"]
        static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger"]

        func make(_ count: Int) -> [RowItem] {
            (0..<count).map { _ in
                defer { nextID += 1 }
                let adjective = Self.adjectives[Int(generator.next() % 10)]
                let noun = Self.nouns[Int(generator.next() % 10)]
                return RowItem(id: nextID, label: "\(adjective) \(noun)")
            }
        }

        func select(_ row: RowItem) {
            selectedRow?.selected = false
            row.selected = true
            selectedRow = row
        }
    }

    /// One row's look: its label, red while selected.
    static func rowLabel(_ row: RowItem) -> some Component {
        Text("\(row.id) \(row.label)").textColor(row.selected ? .red : .black).size(width: .fill, height: 20)
    }

    struct PlainTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowsScenario.rowLabel(row).id(row.id) } }
        }
    }

    struct RowView: ComponentBuilder, @MainActor Equatable {
        let row: RowItem
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
        func build() -> some Component { RowsScenario.rowLabel(row) }
    }

    struct EquatableTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowView(row: row).id(row.id) } }
        }
    }

    struct BoundaryTable: ComponentBuilder {
        let store: Store
        func build() -> some Component {
            VStack { for row in store.rows { RowView(row: row).perceptionView(width: .fill, height: 20).id(row.id) } }
        }
    }
}
