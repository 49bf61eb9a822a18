import Testing

@testable import PerceiveTerminal

struct VirtualTerminalTests {
    private func terminal(_ columns: Int, _ rows: Int, after output: String) -> VirtualTerminal {
        var terminal = VirtualTerminal(columns: columns, rows: rows)
        terminal.feed(output.utf8)
        return terminal
    }

    @Test func wrapIsDeferredAndTheBottomLineScrolls() {
        let full = terminal(3, 2, after: "abcdef")
        #expect(full.lines == ["abc", "def"])
        #expect(full.cursor == (2, 1))
        let scrolled = terminal(3, 2, after: "abcdefg")
        #expect(scrolled.lines == ["def", "g"])
        #expect(scrolled.cursor == (1, 1))
        #expect(terminal(3, 2, after: "ab中").lines == ["ab", "中"])
    }

    @Test func controlsAndCursorMovement() {
        let moved = terminal(6, 3, after: "abc\r\nd\u{08}e\u{1B}[3;2Hf\u{1B}[1;5fg\u{1B}[2Dh\u{1B}[Bi\u{1B}[A\u{1B}[2Cj")
        #expect(moved.lines == ["abchgj", "e   i", " f"])
        #expect(moved.lines.count == 3)
        #expect(terminal(6, 3, after: "abc\u{1B}[Hx\u{1B}[9;9Hy").cursor == (5, 2))
    }

    @Test func eraseSequences() {
        let erased = terminal(5, 2, after: "abcde\r\nfghij\u{1B}[1;3H\u{1B}[K")
        #expect(erased.lines == ["ab", "fghij"])
        #expect(terminal(5, 2, after: "abc\u{1B}[2J").lines == ["", ""])
        let tinted = terminal(2, 1, after: "\u{1B}[48;2;1;2;3m\u{1B}[2J")
        #expect(tinted.screen[1, 0].style.background == TerminalColor(red: 1, green: 2, blue: 3))
    }

    @Test func graphicRendition() {
        let styled = terminal(4, 1, after: "\u{1B}[1;4;7;38;5;196;48;2;0;0;9ma\u{1B}[22;24;27;39mb\u{1B}[49mc\u{1B}[0;38;5;244md")
        #expect(
            styled.screen[0, 0].style
                == TerminalStyle(
                    foreground: TerminalColor(red: 255, green: 0, blue: 0), background: TerminalColor(red: 0, green: 0, blue: 9),
                    bold: true, underline: true, inverse: true))
        #expect(styled.screen[1, 0].style == TerminalStyle(background: TerminalColor(red: 0, green: 0, blue: 9)))
        #expect(styled.screen[2, 0].style == .plain)
        #expect(styled.screen[3, 0].style == TerminalStyle(foreground: TerminalColor(red: 128, green: 128, blue: 128)))
        #expect(styled.unsupported.isEmpty)
    }

    @Test func graphemesSplitAcrossFeedsJoin() {
        var terminal = VirtualTerminal(columns: 6, rows: 1)
        for byte in "e\u{301}\u{2665}\u{FE0F}\u{1F1EB}\u{1F1F7}x".utf8 { terminal.feed([byte]) }
        #expect(terminal.lines == ["e\u{301}\u{2665}\u{FE0F}\u{1F1EB}\u{1F1F7}x"])
        #expect(terminal.screen[2, 0].isContinuation && terminal.screen[4, 0].isContinuation)
    }

    @Test func alternateScreenKeepsTheMainScreen() {
        var terminal = terminal(3, 1, after: "ab")
        terminal.feed(TerminalSequences.enterAlternateScreen.utf8)
        #expect(terminal.lines == [""])
        terminal.feed("\u{1B}[Hzz".utf8)
        terminal.feed(TerminalSequences.leaveAlternateScreen.utf8)
        #expect(terminal.lines == ["ab"])
        #expect(terminal.cursor == (2, 0))
    }

    @Test func unknownInputIsRecorded() {
        let terminal = terminal(3, 1, after: "\u{1B}[3mx\u{07}\u{1B}[?2004h\u{1B}(B\u{1B}[1J")
        #expect(terminal.unsupported == ["ESC[3m", "<7>", "ESC[?2004h", "ESC(", "ESC[1J"])
        #expect(terminal.lines == ["xB"])
    }
}
