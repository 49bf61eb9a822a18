import Testing

@testable import PerceiveTerminal

/// Encodes grids, replays the bytes on a `VirtualTerminal` and checks that it shows exactly the grid.
struct RoundTripTests {
    private static let modes: [ColorMode] = [.trueColor, .palette256, .none]
    private static let graphemes: [String] = [
        "a", "b", "Z", " ", "-", "中", "한", "\u{FF71}", "\u{E9}", "e\u{301}", "\u{2665}", "\u{2665}\u{FE0F}", "\u{1F44D}",
        "\u{1F44D}\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EB}\u{1F1F7}", "\u{200B}", "\u{07}"
    ]
    private static let colors: [TerminalColor?] = [
        nil, TerminalColor(red: 255, green: 0, blue: 0), TerminalColor(red: 12, green: 200, blue: 90),
        TerminalColor(red: 128, green: 128, blue: 128), TerminalColor(red: 0, green: 0, blue: 0)
    ]

    /// What a terminal in `mode` can show of `grid`: quantised colours, or no styling at all.
    private func visible(_ grid: CellGrid, in mode: ColorMode) -> CellGrid {
        var result = grid
        for y in 0..<grid.rows {
            for x in 0..<grid.columns {
                switch mode {
                case .trueColor:
                    break
                case .palette256:
                    result[x, y].style.foreground = grid[x, y].style.foreground.map(quantised)
                    result[x, y].style.background = grid[x, y].style.background.map(quantised)
                case .none:
                    result[x, y].style = .plain
                }
            }
        }
        return result
    }

    private func quantised(_ color: TerminalColor) -> TerminalColor {
        ColorMode.color(forPaletteIndex: ColorMode.paletteIndex(color))
    }

    @discardableResult
    private func replay(
        _ grid: CellGrid, with encoder: inout FrameEncoder, on terminal: inout VirtualTerminal, step: Int = 0
    ) -> Bool {
        terminal.feed(encoder.encode(grid))
        let matches = visible(terminal.screen, in: encoder.colors) == visible(grid, in: encoder.colors)
        #expect(matches, "step \(step): terminal shows \(terminal.screen.rowsText), grid is \(grid.rowsText)")
        #expect(terminal.unsupported.isEmpty)
        return matches && terminal.unsupported.isEmpty
    }

    @Test(arguments: modes)
    func fullRedrawAndSmallChanges(mode: ColorMode) {
        var encoder = FrameEncoder(colors: mode)
        var terminal = VirtualTerminal(columns: 8, rows: 3)
        var grid = CellGrid(columns: 8, rows: 3)
        grid.fill(CellRect(x: 0, y: 0, width: 8, height: 1), background: Self.colors[2])
        grid.put("\u{2665} 3 中!", x: 0, y: 0, style: TerminalStyle(foreground: Self.colors[1], bold: true), clip: grid.bounds)
        grid.put("\u{1F44D}\u{1F1EB}\u{1F1F7}end", x: 0, y: 2, style: TerminalStyle(underline: true), clip: grid.bounds)
        replay(grid, with: &encoder, on: &terminal)
        #expect(terminal.lines == ["\u{2665} 3 中!", "", "\u{1F44D}\u{1F1EB}\u{1F1F7}end"])
        grid.put("4", x: 2, y: 0, style: TerminalStyle(foreground: Self.colors[1], bold: true), clip: grid.bounds)
        replay(grid, with: &encoder, on: &terminal)
        grid.put("x", x: 5, y: 0, style: .plain, clip: grid.bounds)
        replay(grid, with: &encoder, on: &terminal)
        grid.put("中中中中", x: 1, y: 2, style: TerminalStyle(inverse: true), clip: grid.bounds)
        replay(grid, with: &encoder, on: &terminal)
        #expect(terminal.lines[2] == " 中中中")
        grid = CellGrid(columns: 8, rows: 3)
        replay(grid, with: &encoder, on: &terminal)
        #expect(terminal.lines == ["", "", ""])
    }

    @Test(arguments: modes)
    func randomEditsStayInSync(mode: ColorMode) {
        var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(Self.modes.firstIndex(of: mode)!))
        var encoder = FrameEncoder(colors: mode)
        var terminal = VirtualTerminal(columns: 11, rows: 4)
        var grid = CellGrid(columns: 11, rows: 4)
        for step in 0..<200 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                edit(&grid, using: &random)
            }
            // Later frames build on this one, so the first mismatch is the only informative one.
            guard replay(grid, with: &encoder, on: &terminal, step: step) else { return }
        }
    }

    private func edit(_ grid: inout CellGrid, using random: inout SeededGenerator) {
        let rect = CellRect(
            x: Int.random(in: -2...10, using: &random), y: Int.random(in: -1...3, using: &random),
            width: Int.random(in: 0...12, using: &random), height: Int.random(in: 0...4, using: &random))
        let color = Self.colors.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            grid.fill(rect, background: color)
        case 1:
            grid.setBackground(rect, color)
        default:
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.graphemes.randomElement(using: &random)! }
            let style = TerminalStyle(
                foreground: Self.colors.randomElement(using: &random)!, background: color, bold: Bool.random(using: &random),
                underline: Bool.random(using: &random), inverse: Bool.random(using: &random))
            let clip = Bool.random(using: &random) ? grid.bounds : rect
            grid.put(
                text.joined(), x: Int.random(in: -2...10, using: &random), y: Int.random(in: 0...3, using: &random), style: style,
                clip: clip)
        }
    }
}
