import Foundation
import Perceive
import PerceiveLayout
import Testing

@testable import PerceiveTerminal

@MainActor
@Suite("Drawing views in cells")
struct TerminalRendererTests {
    /// The lines `content` draws on a `columns` × `rows` terminal, checked through a virtual one.
    func lines(columns: Int, rows: Int, _ content: @escaping @MainActor () -> some Component) -> (TerminalScreen, VirtualTerminal) {
        let screen = TerminalScreen(columns: columns, rows: rows, colors: .trueColor, content: content)
        screen.minimumSize = (1, 1)
        var terminal = VirtualTerminal(columns: columns, rows: rows)
        terminal.feed(screen.frame())
        #expect(terminal.unsupported.isEmpty)
        #expect(terminal.screen == screen.grid)
        return (screen, terminal)
    }

    @Test func wideCharactersTakeTwoCellsInLayoutAndDrawing() {
        let (_, terminal) = lines(columns: 12, rows: 3) {
            VStack {
                Text("中文 and 👍 ok")
                Text("next")
            }
        }
        // Measured in cells: 中文 (4) + space + and (3) + space + 👍 (2) = 11 of 12; " ok" wraps.
        #expect(terminal.lines == ["中文 and 👍", "ok", "next"])
        #expect(terminal.screen[0, 0].grapheme == "中" && terminal.screen[1, 0].isContinuation)
        #expect(
            TerminalTextMeasurer().measure("中文 and 👍 ok", font: .systemFont(ofSize: 17), maxWidth: 12, maxLines: 0)
                == CGSize(width: 11, height: 2))
    }

    @Test func aWideCharacterNeverStraddlesALineEnd() {
        #expect(TerminalTextLayout.lines("ab中", columns: 3, maxLines: 0).map(\.text) == ["ab", "中"])
        #expect(TerminalTextLayout.lines("a\n\nb", columns: 5, maxLines: 0).map(\.text) == ["a", "", "b"])
        #expect(TerminalTextLayout.lines("one two three", columns: 7, maxLines: 2).map(\.text) == ["one two", "three"])
        #expect(TerminalTextLayout.lines("one two three", columns: 7, maxLines: 1).map(\.text) == ["one two"])
        #expect(TerminalTextLayout.lines("abcdefgh", columns: 3, maxLines: 0).map(\.text) == ["abc", "def", "gh"])
    }

    @Test func invalidUTF8AndControlCharactersBecomeReplacementCharacters() {
        let broken = String(decoding: [0x41, 0xFF, 0x42] as [UInt8], as: UTF8.self)
        let (_, terminal) = lines(columns: 8, rows: 2) {
            VStack {
                Text(broken)
                Text("x\u{7}y")
            }
        }
        #expect(terminal.lines == ["A\u{FFFD}B", "x\u{FFFD}y"])
    }

    @Test func bordersHiddenViewsAndClipping() {
        let (_, terminal) = lines(columns: 10, rows: 5) {
            VStack {
                ViewComponent<PlatformView>().with(\.layer.borderWidth, 1).size(width: 5, height: 3)
                Text("gone").with(\.isHidden, true)
                Text("cut at the frame").numberOfLines(1).size(width: 6, height: 1)
            }
        }
        // The hidden label keeps its row in the layout, and draws nothing there.
        #expect(terminal.lines == ["┌───┐", "│   │", "└───┘", "", "cut at"])
    }

    @Test func labelsDrawTheirColoursAndBackgrounds() {
        let (screen, terminal) = lines(columns: 6, rows: 1) {
            Text("hi").textColor(.red).font(.boldSystemFont(ofSize: 17)).size(width: 4, height: 1).with(\.backgroundColor, .blue)
        }
        let cell = terminal.screen[0, 0]
        #expect(cell.grapheme == "h" && cell.style.bold)
        #expect(cell.style.foreground == TerminalColor(red: 255, green: 0, blue: 0))
        #expect(terminal.screen[3, 0].style.background == TerminalColor(red: 0, green: 0, blue: 255))
        #expect(terminal.screen[4, 0].style.background == nil)
        // Nothing changed: the next frame writes nothing.
        #expect(screen.frame().isEmpty)
    }
}
