/// A screen's worth of cells: what a frame should look like, independent of any terminal.
public struct CellGrid: Hashable, Sendable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    private var cells: [TerminalCell]

    /// Creates a blank grid; negative sizes become 0 so callers can pass raw arithmetic.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The whole grid as a rectangle.
    var bounds: CellRect { CellRect(x: 0, y: 0, width: columns, height: rows) }

    /// Raw cell access; reads outside give `.blank` and writes outside are ignored, so drawing code needs no bounds checks.
    ///
    /// Unlike `put`, this does not repair wide graphemes; keep leads and continuations paired yourself.
    public subscript(x: Int, y: Int) -> TerminalCell {
        get {
            guard x >= 0, x < columns, y >= 0, y < rows else { return .blank }
            return cells[y * columns + x]
        }
        set {
            guard x >= 0, x < columns, y >= 0, y < rows else { return }
            cells[y * columns + x] = newValue
        }
    }

    /// Blanks `rect` with `background`, dropping graphemes and attributes; wide graphemes cut by the edge lose their other half too.
    public mutating func fill(_ rect: CellRect, background: TerminalColor?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = TerminalCell(style: TerminalStyle(background: background))
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { place(cell, x: x, y: y) }
        }
    }

    /// Recolours the background of `rect`, keeping graphemes; widened to whole wide graphemes so both halves share one style.
    public mutating func setBackground(_ rect: CellRect, _ color: TerminalColor?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            var left = area.x
            var right = area.maxX
            if self[left, y].isContinuation && left > 0 { left -= 1 }
            if self[right, y].isContinuation { right += 1 }
            for x in left..<right { cells[y * columns + x].style.background = color }
        }
    }

    /// Each row's graphemes, continuation cells omitted, for readable test expectations.
    public var rowsText: [String] {
        (0..<rows).map { y in
            var text = ""
            for x in 0..<columns where !self[x, y].isContinuation { text.append(self[x, y].grapheme) }
            return text
        }
    }

    /// Writes one cell, blanking the other half of any wide grapheme it cuts so no orphan half remains.
    mutating func place(_ cell: TerminalCell, x: Int, y: Int) {
        guard x >= 0, x < columns, y >= 0, y < rows else { return }
        if !cell.isContinuation && self[x, y].isContinuation && x > 0 {
            cells[y * columns + x - 1].grapheme = " "
        }
        if x + 1 < columns && self[x + 1, y].isContinuation {
            cells[y * columns + x + 1].grapheme = " "
            cells[y * columns + x + 1].isContinuation = false
        }
        cells[y * columns + x] = cell
    }
}
