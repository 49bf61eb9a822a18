import Foundation
import Perceive
import PerceiveLayout

// The shapes `perceive-probe` drives: the rows table (plain and `Equatable` rows) and a gallery of
// tappable cells (with and without a boundary per cell).

final class RowItem: Perceptible {
    let id: Int
    @Perceived var label: String
    @Perceived var selected = false
    init(id: Int, label: String) { self.id = id; self.label = label }
}

final class Store: Perceptible {
    @Perceived var rows: [RowItem] = []
    var selectedRow: RowItem?
    var nextID = 1
    func make(_ count: Int) -> [RowItem] {
        (0..<count).map { _ in
            defer { nextID += 1 }; return RowItem(id: nextID, label: "pretty table \(nextID % 7)")
        }
    }
    func select(_ row: RowItem) { selectedRow?.selected = false; row.selected = true; selectedRow = row }
}

@MainActor func rowLabel(_ row: RowItem) -> some Component {
    Text("\(row.id) \(row.label)").textColor(row.selected ? .red : .black).size(width: .fill, height: 20)
}

struct PlainTable: ComponentBuilder {
    let store: Store
    func build() -> some Component { VStack { for row in store.rows { rowLabel(row).id(row.id) } } }
}

struct RowView: ComponentBuilder, @MainActor Equatable {
    let row: RowItem
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.row === rhs.row }
    func build() -> some Component { rowLabel(row) }
}

struct EquatableTable: ComponentBuilder {
    let store: Store
    func build() -> some Component { VStack { for row in store.rows { RowView(row: row).id(row.id) } } }
}

struct BoundaryTable: ComponentBuilder {
    let store: Store
    func build() -> some Component {
        VStack { for row in store.rows { RowView(row: row).perceptionView(width: .fill, height: 20).id(row.id) } }
    }
}

final class Pic: Perceptible {
    let id: Int
    let height: CGFloat
    let url: URL
    @Perceived var likes = 0
    init(id: Int) {
        self.id = id
        height = CGFloat(60 + (id * 37) % 140)
        url = URL(string: "https://example.com/\(id).jpg")!
    }
}

/// The benchmark gallery's cell (`perceive-bench`'s `imageCell`): a picture that likes itself when
/// tapped, under its count in bold red.
@MainActor func picCell(_ pic: Pic) -> some Component {
    AsyncImage(pic.url)
        .fill()
        .tappableView { [weak pic] in pic?.likes += 1 }
        .overlay {
            ZStack(verticalAlignment: .center, horizontalAlignment: .center) {
                Text("\(pic.likes)").textColor(.red).font(.boldSystemFont(ofSize: 20))
            }
            .fill()
        }
}

struct PicCell: ComponentBuilder, @MainActor Equatable {
    let pic: Pic
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.pic === rhs.pic }
    func build() -> some Component { picCell(pic) }
}

struct PlainPicCell: ComponentBuilder {
    let pic: Pic
    func build() -> some Component { picCell(pic) }
}

struct Wall: ComponentBuilder {
    let pics: [Pic]
    let boundaries: Bool
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for pic in pics {
                if boundaries {
                    PlainPicCell(pic: pic).perceptionView(width: .fill, height: .absolute(pic.height)).id(pic.id)
                } else {
                    PicCell(pic: pic).id(pic.id)
                }
            }
        }
    }
}

/// The terminal gallery's picture: a coloured block a few rows tall with a like count.
final class TermPic: Perceptible {
    let id: Int
    let height: CGFloat
    @Perceived var likes = 0
    init(id: Int) { self.id = id; height = CGFloat(3 + (id * 7) % 6) }
}

struct TermCell: ComponentBuilder {
    let pic: TermPic
    func build() -> some Component {
        Text(" ♥ \(pic.likes)").textColor(.white).size(width: .fill, height: .fill).with(\.backgroundColor, .blue)
            .tappableView { [weak pic] in pic?.likes += 1 }
    }
}

struct TermWall: ComponentBuilder {
    let pics: [TermPic]
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for pic in pics { TermCell(pic: pic).perceptionView(width: .fill, height: .absolute(pic.height)).id(pic.id) }
        }
        .perceptionScrollView(width: .fill, height: .fill)
    }
}

/// A boundary's content that reads one shared source (the propagation scenario's broad shape).
struct SourceReader: ComponentBuilder {
    let source: ProbeModel
    func build() -> some Component { Text("\(source.count)").size(width: 40, height: 10) }
}

struct BroadFlow: ComponentBuilder {
    let source: ProbeModel
    func build() -> some Component {
        Flow { for index in 0..<1_000 { SourceReader(source: source).perceptionView(width: 40, height: 10).id(index) } }
    }
}

/// Level `depth` reads the source and holds the next level in its own boundary (the propagation
/// scenario's deep shape).
struct DeepLevel: ComponentBuilder {
    let source: ProbeModel
    let depth: Int
    func build() -> some Component {
        VStack {
            Text("\(depth): \(source.count)").size(width: 60, height: 10)
            if depth > 1 {
                DeepLevel(source: source, depth: depth - 1).perceptionView(width: 60, height: .absolute(CGFloat(depth - 1) * 10)).id("next")
            }
        }
    }
}

/// A parent reading the source over two boundaries that read it too (the diamond shape).
struct DiamondShape: ComponentBuilder {
    let source: ProbeModel
    func build() -> some Component {
        VStack {
            Text("top \(source.count)").size(width: 60, height: 10)
            SourceReader(source: source).perceptionView(width: 40, height: 10).id("left")
            SourceReader(source: source).perceptionView(width: 40, height: 10).id("right")
        }
    }
}
