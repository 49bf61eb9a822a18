/// A layer's border in cells: box-drawing lines along the frame's edges.
enum TerminalBorder {
    static func draw(_ rect: CellRect, color: TerminalColor?, clip: CellRect, into grid: inout CellGrid) {
        guard rect.width > 0, rect.height > 0 else { return }
        let (right, bottom) = (rect.x + rect.width - 1, rect.y + rect.height - 1)
        func put(_ piece: String, _ x: Int, _ y: Int) {
            guard clip.contains(x: x, y: y) else { return }
            // The cell keeps its background: a border is drawn over what is there.
            let background = grid[x, y].style.background
            grid.put(piece, x: x, y: y, style: TerminalStyle(foreground: color, background: background), clip: clip)
        }
        if rect.height == 1 || rect.width == 1 {
            for y in rect.y...bottom { for x in rect.x...right { put(rect.height == 1 ? "─" : "│", x, y) } }
            return
        }
        for x in (rect.x + 1)..<right {
            put("─", x, rect.y)
            put("─", x, bottom)
        }
        for y in (rect.y + 1)..<bottom {
            put("│", rect.x, y)
            put("│", right, y)
        }
        put("┌", rect.x, rect.y)
        put("┐", right, rect.y)
        put("└", rect.x, bottom)
        put("┘", right, bottom)
    }
}
