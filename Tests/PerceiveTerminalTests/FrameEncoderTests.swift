import Testing

@testable import PerceiveTerminal

struct FrameEncoderTests {
    private let red = TerminalColor(red: 255, green: 0, blue: 0)

    private func label(_ text: String, columns: Int = 10, style: TerminalStyle = .plain) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: 1)
        grid.put(text, x: 0, y: 0, style: style, clip: grid.bounds)
        return grid
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func firstFrameClearsThenWritesOnlyNonBlankCells() {
        var encoder = FrameEncoder(colors: .trueColor)
        var grid = CellGrid(columns: 3, rows: 2)
        grid.put("ab", x: 0, y: 1, style: .plain, clip: grid.bounds)
        #expect(text(encoder.encode(grid)) == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;1Hab")
        #expect(encoder.lastCellsWritten == 2)
        #expect(encoder.previous == grid)
    }

    @Test func oneCellChangeIsAShortCursorMoveAndTheGrapheme() {
        // The pen and the cursor carry over from the previous frame: a like count that changes
        // on the row the last frame ended on is a column move and one character.
        for mode in [ColorMode.trueColor, .palette256, .none] {
            var encoder = FrameEncoder(colors: mode)
            _ = encoder.encode(label("\u{2665} 3", style: TerminalStyle(foreground: red, bold: mode == .none)))
            let bytes = encoder.encode(label("\u{2665} 4", style: TerminalStyle(foreground: red, bold: mode == .none)))
            #expect(text(bytes) == "\u{1B}[3G4")
            #expect(encoder.lastCellsWritten == 1)
        }
    }

    @Test func aPenChangeIsTheShorterOfTheDifferenceAndAReset() {
        for (mode, change) in [(ColorMode.trueColor, "\u{1B}[38;2;255;0;0m"), (.palette256, "\u{1B}[38;5;196m"), (.none, "")] {
            var encoder = FrameEncoder(colors: mode)
            _ = encoder.encode(label("ab", style: TerminalStyle(bold: true)))
            var next = label("ab", style: TerminalStyle(bold: true))
            next[1, 0].style.foreground = red
            // Adding a colour to a bold pen: only the colour; back to plain: a reset is shorter.
            #expect(text(encoder.encode(next)) == "\u{1B}[2G\(change)b")
            #expect(text(encoder.encode(label("ac"))) == "\u{1B}[1G\u{1B}[0mac")
        }
    }

    @Test func unchangedFrameEncodesToNothing() {
        var encoder = FrameEncoder(colors: .trueColor)
        let grid = label("hello 中", style: TerminalStyle(background: red))
        _ = encoder.encode(grid)
        #expect(encoder.encode(grid).isEmpty)
        #expect(encoder.lastCellsWritten == 0)
    }

    @Test func resizeAndInvalidateForceFullRedraw() {
        var encoder = FrameEncoder(colors: .trueColor)
        _ = encoder.encode(label("ab", columns: 4))
        #expect(text(encoder.encode(label("ab", columns: 5))) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jab")
        encoder.invalidate()
        #expect(encoder.previous == nil)
        #expect(text(encoder.encode(label("ab", columns: 5))) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jab")
        #expect(text(encoder.encode(CellGrid(columns: 0, rows: 0))) == "\u{1B}[0m\u{1B}[H\u{1B}[2J")
    }

    @Test func adjacentChangesShareOneCursorMoveAndPenChangesOnlyWhenNeeded() {
        var encoder = FrameEncoder(colors: .trueColor)
        _ = encoder.encode(label("abcdef"))
        var next = label("xyzdeQ")
        next[2, 0].style.underline = true
        #expect(text(encoder.encode(next)) == "\u{1B}[1Gxy\u{1B}[4mz\u{1B}[6G\u{1B}[0mQ")
    }

    @Test func wideGraphemesAdvanceTheCursorByTwo() {
        var encoder = FrameEncoder(colors: .trueColor)
        _ = encoder.encode(label("abcd"))
        #expect(text(encoder.encode(label("中cd"))) == "\u{1B}[1G中")
        #expect(encoder.lastCellsWritten == 2)
        // The cursor is already where the change starts: no move at all.
        #expect(text(encoder.encode(label("中xy"))) == "xy")
        #expect(text(encoder.encode(label("a中z中"))) == "\u{1B}[1Ga中z中")
        #expect(encoder.lastCellsWritten == 6)
    }

    @Test func changedContinuationRedrawsFromItsLead() {
        var encoder = FrameEncoder(colors: .trueColor)
        let before = label("a中b")
        _ = encoder.encode(before)
        var after = before
        after[2, 0].style.bold = true
        #expect(text(encoder.encode(after)) == "\u{1B}[2G中")
    }

    @Test func malformedCellsAreReplacedSoTheCursorStaysInStep() {
        var encoder = FrameEncoder(colors: .trueColor)
        _ = encoder.encode(CellGrid(columns: 3, rows: 1))
        var grid = CellGrid(columns: 3, rows: 1)
        grid[0, 0] = TerminalCell(grapheme: "中")
        grid[1, 0] = TerminalCell(grapheme: "\u{301}")
        grid[2, 0] = TerminalCell(grapheme: "z")
        #expect(text(encoder.encode(grid)) == "\u{FFFD}\u{FFFD}z")
    }

    @Test func terminalSequences() {
        #expect(TerminalSequences.hideCursor == "\u{1B}[?25l")
        #expect(TerminalSequences.enableMouse == "\u{1B}[?1000h\u{1B}[?1006h")
        var terminal = VirtualTerminal(columns: 2, rows: 1)
        for sequence in [TerminalSequences.hideCursor, TerminalSequences.enterAlternateScreen, TerminalSequences.enableMouse] {
            terminal.feed(sequence.utf8)
        }
        #expect(!terminal.cursorVisible && terminal.alternateScreen && terminal.mouseReporting && terminal.sgrMouse)
        for sequence in [TerminalSequences.disableMouse, TerminalSequences.leaveAlternateScreen, TerminalSequences.showCursor] {
            terminal.feed(sequence.utf8)
        }
        #expect(terminal.cursorVisible && !terminal.alternateScreen && !terminal.mouseReporting && !terminal.sgrMouse)
        #expect(terminal.unsupported.isEmpty)
    }
}
