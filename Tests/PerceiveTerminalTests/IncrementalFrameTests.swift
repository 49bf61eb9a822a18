import Foundation
import Perceive
import PerceiveLayout
import Testing

@testable import PerceiveTerminal

/// A screen of labelled tiles whose text, colours, borders, visibility, sizes and order change at
/// random.
final class TileBoard: Perceptible {
    @Perceived var tiles: [Tile]
    @Perceived var header = "Board"
    init(_ tiles: [Tile]) { self.tiles = tiles }
}

final class Tile: Perceptible {
    let id: Int
    @Perceived var text: String
    @Perceived var style = 0
    @Perceived var height: CGFloat = 3
    init(id: Int) {
        self.id = id
        text = "tile \(id)"
    }
}

struct TileCell: ComponentBuilder {
    let tile: Tile
    func build() -> some Component {
        let colors: [PlatformColor?] = [nil, .red, .blue, .green]
        return Text(tile.text).textColor(tile.style & 4 != 0 ? .red : .black).numberOfLines(tile.style & 8 != 0 ? 1 : 0)
            .size(width: .fill, height: .absolute(tile.height))
            .with(\.backgroundColor, colors[tile.style & 3])
            .with(\.layer.borderWidth, tile.style & 16 != 0 ? 1 : 0)
            .with(\.isHidden, tile.style & 32 != 0)
            .tappableView {}
    }
}

struct TileScreen: ComponentBuilder {
    let board: TileBoard
    func build() -> some Component {
        VStack {
            Text(board.header).size(width: .fill, height: 1)
            Waterfall(columns: 3, spacing: 1) {
                for tile in board.tiles {
                    TileCell(tile: tile).perceptionView(width: .fill, height: .absolute(tile.height)).id(tile.id)
                }
            }
        }
        .perceptionScrollView(width: .fill, height: .fill)
    }
}

@MainActor
@Suite("Frames drawn over the last")
struct IncrementalFrameTests {
    @Test(arguments: [ColorMode.trueColor, .none])
    func everyFrameEqualsAWholeRedraw(mode: ColorMode) {
        var random = SeededGenerator(seed: 11)
        let board = TileBoard((0..<24).map(Tile.init))
        var nextID = 24
        let screen = TerminalScreen(columns: 60, rows: 20, colors: mode) { TileScreen(board: board) }
        var terminal = VirtualTerminal(columns: 60, rows: 20)
        terminal.feed(screen.frame())
        var partial = 0
        for step in 1...600 {
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1, 2: board.tiles.randomElement(using: &random)?.text = "t\(Int.random(in: 0..<1000, using: &random))"
            case 3, 4: board.tiles.randomElement(using: &random)?.style = Int.random(in: 0..<64, using: &random)
            case 5: board.tiles.randomElement(using: &random)?.height = CGFloat(Int.random(in: 1...5, using: &random))
            case 6: _ = screen.handle(.key(.tab))
            case 7: _ = screen.handle(.key(.pageDown))
            case 8: _ = screen.handle(.key(.pageUp))
            case 9:
                board.tiles.insert(Tile(id: nextID), at: Int.random(in: 0...board.tiles.count, using: &random))
                nextID += 1
            case 10 where board.tiles.count > 4: board.tiles.remove(at: Int.random(in: 0..<board.tiles.count, using: &random))
            default: board.header = "Board \(Int.random(in: 0..<9, using: &random)) 中文"
            }
            let bytes = screen.frame()
            terminal.feed(bytes)
            if screen.lastFrame.cellsWritten > 0 && screen.lastFrame.cellsWritten < 60 * 20 / 2 { partial += 1 }
            var whole = CellGrid(columns: 60, rows: 20)
            TerminalRenderer.draw(screen.host, into: &whole, focused: screen.focus.focused(in: screen.host))
            #expect(screen.grid == whole, "step \(step): drawn \(screen.grid.lines), whole \(whole.lines)")
            if mode == .trueColor { #expect(terminal.screen == whole, "step \(step): the terminal shows \(terminal.screen.lines)") }
            #expect(terminal.unsupported.isEmpty)
            if screen.grid != whole { return }
        }
        // Most changes touch a few rows: the frames drawn over the last are most of them.
        #expect(partial > 200)
    }

    @Test func aLikeRedrawsOneRowAndAnUnchangedFrameNothing() {
        let board = TileBoard((0..<24).map(Tile.init))
        let screen = TerminalScreen(columns: 60, rows: 20, colors: .trueColor) { TileScreen(board: board) }
        _ = screen.frame()
        #expect(screen.frame().isEmpty)
        #expect(screen.lastFrame.cellsWritten == 0)
        board.tiles[0].text = "tile 0!"
        let bytes = screen.frame()
        #expect(screen.lastFrame.cellsWritten == 1)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[2;7H!")
        #expect(screen.lastFrame.builds == 1)
        #expect(screen.lastFrame.buildsByType == ["TileCell": 1])
    }
}
