extension CellGrid {
    /// Draws `text` on row `y` from column `x`, clipped to `clip`, and returns the columns advanced.
    ///
    /// Zero-width graphemes are skipped and controls drawn as U+FFFD so the cursor math of the
    /// encoder always agrees with the terminal. A wide grapheme cut by a clip edge becomes a space
    /// in its visible half. A `nil` background in `style` keeps the background already there.
    /// Nothing is drawn, and 0 returned, when row `y` lies outside the clip.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: TerminalStyle, clip: CellRect) -> Int {
        let area = clip.intersection(bounds)
        guard !area.isEmpty, y >= area.y, y < area.maxY else { return 0 }
        var column = x
        for character in text {
            guard column < area.maxX else { break }
            var grapheme = character
            var width = CharacterWidth.columns(of: character)
            if width == 0 {
                guard CharacterWidth.isControl(character) else { continue }
                grapheme = "\u{FFFD}"
                width = 1
            }
            defer { column += width }
            guard column + width > area.x else { continue }
            if width == 2 && (column < area.x || column + 1 >= area.maxX) {
                let visible = column < area.x ? column + 1 : column
                draw(" ", width: 1, x: visible, y: y, style: style)
            } else {
                draw(grapheme, width: width, x: column, y: y, style: style)
            }
        }
        return min(column, area.maxX) - x
    }

    private mutating func draw(_ grapheme: Character, width: Int, x: Int, y: Int, style: TerminalStyle) {
        var cell = PackedCell(glyph: glyph(grapheme), style: style)
        // A style without a background keeps the one already there.
        if style.background == nil, x >= 0, x < columns { cell.background = cells[y * columns + x].background }
        place(cell, x: x, y: y)
        if width == 2 {
            cell.glyph = 0x20
            cell.flags |= PackedCell.continuation
            place(cell, x: x + 1, y: y)
        }
    }
}
