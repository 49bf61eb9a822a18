import Testing

@testable import PerceiveTerminal

struct CellGridTests {
    private let red = TerminalColor(red: 255, green: 0, blue: 0)
    private let blue = TerminalColor(red: 0, green: 0, blue: 255)

    private func makeGrid(_ columns: Int, _ rows: Int = 1, filledWith text: String = "") -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        for y in 0..<rows { grid.put(text, x: 0, y: y, style: .plain, clip: grid.bounds) }
        return grid
    }

    @Test func negativeSizesBecomeEmpty() {
        let grid = CellGrid(columns: -3, rows: 2)
        #expect(grid.columns == 0)
        #expect(grid.rows == 2)
        #expect(grid.rowsText == ["", ""])
    }

    @Test func outOfBoundsAccessIsHarmless() {
        var grid = makeGrid(2)
        grid[5, 0] = TerminalCell(grapheme: "x")
        grid[-1, 0] = TerminalCell(grapheme: "x")
        #expect(grid[5, 0] == .blank)
        #expect(grid == CellGrid(columns: 2, rows: 1))
    }

    @Test func putAdvancesByWidthAndSanitises() {
        var grid = makeGrid(8)
        let advanced = grid.put("a中\u{200B}\u{07}b", x: 1, y: 0, style: .plain, clip: grid.bounds)
        #expect(advanced == 5)
        #expect(grid.rowsText == [" a中\u{FFFD}b  "])
        #expect(grid[3, 0].isContinuation)
    }

    @Test func putStopsAtClipRightEdge() {
        var grid = makeGrid(6, filledWith: "......")
        let advanced = grid.put("abcdef", x: 1, y: 0, style: .plain, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
        #expect(advanced == 2)
        #expect(grid.rowsText == [".ab..."])
    }

    @Test func wideGraphemeStraddlingRightClipEdgeBecomesSpace() {
        var grid = makeGrid(6, filledWith: "......")
        let advanced = grid.put("ab中", x: 0, y: 0, style: .plain, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
        #expect(advanced == 3)
        #expect(grid.rowsText == ["ab ..."])
        #expect(!grid[2, 0].isContinuation && !grid[3, 0].isContinuation)
    }

    @Test func wideGraphemeStraddlingLeftClipEdgeBecomesSpace() {
        var grid = makeGrid(6, filledWith: "......")
        let advanced = grid.put("中ab", x: 0, y: 0, style: .plain, clip: CellRect(x: 1, y: 0, width: 5, height: 1))
        #expect(advanced == 4)
        #expect(grid.rowsText == [". ab.."])
    }

    @Test func wideGraphemeAtGridEdge() {
        var grid = makeGrid(3)
        grid.put("a中", x: 2, y: 0, style: .plain, clip: grid.bounds)
        #expect(grid.rowsText == ["  a"])
        grid.put("中", x: 2, y: 0, style: .plain, clip: grid.bounds)
        #expect(grid.rowsText == ["   "])
    }

    @Test func rowOutsideClipDrawsNothing() {
        var grid = makeGrid(3, 2)
        #expect(grid.put("abc", x: 0, y: 1, style: .plain, clip: CellRect(x: 0, y: 0, width: 3, height: 1)) == 0)
        #expect(grid == CellGrid(columns: 3, rows: 2))
    }

    @Test func overwritingHalfOfWideGraphemeBlanksTheOtherHalf() {
        var right = makeGrid(4, filledWith: "中中")
        right.put("x", x: 1, y: 0, style: .plain, clip: right.bounds)
        #expect(right.rowsText == [" x中"])
        var left = makeGrid(4, filledWith: "中中")
        left.put("x", x: 0, y: 0, style: .plain, clip: left.bounds)
        #expect(left.rowsText == ["x 中"])
        var shifted = makeGrid(4, filledWith: "中中")
        shifted.put("中", x: 1, y: 0, style: .plain, clip: shifted.bounds)
        #expect(shifted.rowsText == [" 中 "])
        #expect((0..<4).map { shifted[$0, 0].isContinuation } == [false, false, true, false])
    }

    @Test func nilBackgroundKeepsExistingBackground() {
        var grid = makeGrid(3)
        grid.fill(CellRect(x: 0, y: 0, width: 2, height: 1), background: blue)
        grid.put("ab", x: 0, y: 0, style: TerminalStyle(foreground: red), clip: grid.bounds)
        #expect(grid[0, 0].style == TerminalStyle(foreground: red, background: blue))
        grid.put("c", x: 1, y: 0, style: TerminalStyle(background: red), clip: grid.bounds)
        #expect(grid[1, 0].style == TerminalStyle(background: red))
    }

    @Test func fillReplacesEverythingAndRepairsCutWideGraphemes() {
        var grid = makeGrid(6, filledWith: "中中中")
        grid.fill(CellRect(x: 1, y: 0, width: 2, height: 3), background: blue)
        #expect(grid.rowsText == ["    中"])
        #expect(grid[1, 0] == TerminalCell(style: TerminalStyle(background: blue)))
        #expect(grid[3, 0] == .blank)
    }

    @Test func setBackgroundKeepsGraphemesAndCoversWholeWideGraphemes() {
        var grid = makeGrid(6, filledWith: "a中中b")
        grid.setBackground(CellRect(x: 2, y: 0, width: 2, height: 1), red)
        #expect(grid.rowsText == ["a中中b"])
        #expect((0..<6).map { grid[$0, 0].style.background == red } == [false, true, true, true, true, false])
    }

    @Test func rectGeometry() {
        let rect = CellRect(x: 1, y: 1, width: 3, height: 2)
        #expect(rect.intersection(CellRect(x: 2, y: 0, width: 5, height: 2)) == CellRect(x: 2, y: 1, width: 2, height: 1))
        #expect(rect.intersection(CellRect(x: 10, y: 0, width: 1, height: 1)).isEmpty)
        #expect(rect.contains(x: 3, y: 2))
        #expect(!rect.contains(x: 4, y: 2))
        #expect(CellRect(x: 0, y: 0, width: 0, height: 5).isEmpty)
    }
}
