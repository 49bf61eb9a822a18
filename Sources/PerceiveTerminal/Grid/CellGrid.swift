/// A terminal screen's worth of cells, row-major, with 0-based `x` (column) and `y` (row).
///
/// Cells are stored packed (`PackedCell`): a grapheme of one scalar in place, a longer one in a
/// side table. Reading a cell through the subscript unpacks it.
public struct CellGrid: Sendable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    private(set) var cells: [PackedCell]
    /// Graphemes of more than one scalar (emoji sequences, flags, decomposed accents).
    private var clusters: [String] = []
    private var clusterIndex: [String: UInt32] = [:]

    /// A blank grid; negative sizes become 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    var bounds: CellRect { CellRect(x: 0, y: 0, width: columns, height: rows) }

    /// The cell at (`x`, `y`); reads outside the grid give a blank cell, writes there are ignored.
    public subscript(x: Int, y: Int) -> TerminalCell {
        get {
            guard x >= 0, x < columns, y >= 0, y < rows else { return .blank }
            let cell = cells[y * columns + x]
            return TerminalCell(grapheme: grapheme(cell.glyph), style: cell.style, isContinuation: cell.isContinuation)
        }
        set {
            guard x >= 0, x < columns, y >= 0, y < rows else { return }
            cells[y * columns + x] = PackedCell(
                glyph: glyph(newValue.grapheme), style: newValue.style, continuation: newValue.isContinuation)
        }
    }

    /// Blanks `rect` (clipped to the grid) with `background` and no other style.
    public mutating func fill(_ rect: CellRect, background: TerminalColor?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = PackedCell(glyph: 0x20, foreground: 0, background: PackedCell.pack(background), flags: 0)
        for y in area.y..<area.maxY {
            // Only the edges can cut a wide grapheme in half; the cells between are plain stores.
            place(cell, x: area.x, y: y)
            if area.width > 1 { place(cell, x: area.maxX - 1, y: y) }
            let row = y * columns
            for index in (row + area.x + 1)..<max(row + area.maxX - 1, row + area.x + 1) { cells[index] = cell }
        }
    }

    /// Sets the background of `rect` (clipped), keeping graphemes; a wide grapheme cut by the edge
    /// is covered whole so both halves keep one style.
    public mutating func setBackground(_ rect: CellRect, _ color: TerminalColor?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let packed = PackedCell.pack(color)
        for y in area.y..<area.maxY {
            var left = area.x
            var right = area.maxX
            if isContinuation(left, y) && left > 0 { left -= 1 }
            if isContinuation(right, y) { right += 1 }
            for x in left..<right { cells[y * columns + x].background = packed }
        }
    }

    /// Makes this grid show what `other` (of the same size) shows, keeping this grid's storage:
    /// the rows marked in `rows` — the only ones where the two differ — or all of them (`nil`).
    mutating func copy(_ other: CellGrid, rows marked: [Bool]? = nil) {
        precondition(columns == other.columns && rows == other.rows, "copying a grid of another size")
        let columns = columns
        cells.withUnsafeMutableBufferPointer { target in
            other.cells.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                guard let marked else {
                    to.update(from: from, count: source.count)
                    return
                }
                for y in marked.indices where marked[y] && (y + 1) * columns <= source.count {
                    (to + y * columns).update(from: from + y * columns, count: columns)
                }
            }
        }
        // The other grid's graphemes of several scalars, at the indexes its cells use.
        clusters = other.clusters
        clusterIndex = other.clusterIndex
    }

    /// Blanks the cells of rows `range` (whole rows: no wide grapheme is cut), keeping the
    /// graphemes other rows use.
    mutating func clearRows(_ range: Range<Int>) {
        let lower = max(range.lowerBound, 0) * columns
        let upper = min(range.upperBound, rows) * columns
        guard lower < upper else { return }
        for index in lower..<upper { cells[index] = .blank }
    }

    /// Graphemes of several scalars the grid keeps (see ``clusters``): frames drawn over the
    /// previous one keep adding them, a full redraw forgets them.
    var clusterCount: Int { clusters.count }

    /// Blanks every cell, keeping the storage (a frame drawn into last frame's buffer).
    mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
        clusters.removeAll(keepingCapacity: true)
        clusterIndex.removeAll(keepingCapacity: true)
    }

    /// Toggles `inverse` on the cells of `rect` (clipped): the focus highlight.
    mutating func invert(_ rect: CellRect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for index in (y * columns + area.x)..<(y * columns + area.maxX) { cells[index].flags ^= PackedCell.inverse }
        }
    }

    /// Each row's graphemes, continuation cells omitted (for tests and plain-text output).
    public var rowsText: [String] {
        (0..<rows).map { y in
            var text = ""
            for x in 0..<columns where !isContinuation(x, y) { text.append(grapheme(cells[y * columns + x].glyph)) }
            return text
        }
    }

    /// ``rowsText`` without trailing spaces: what a person reads (and `--print-frame` prints).
    public var lines: [String] {
        rowsText.map { row in
            var line = row
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Whether the cell at `index` of both grids (of one size) shows the same thing.
    func sameCell(at index: Int, as other: CellGrid) -> Bool {
        let (mine, theirs) = (cells[index], other.cells[index])
        if mine == theirs && mine.glyph & PackedCell.clusterFlag == 0 { return true }
        guard mine.foreground == theirs.foreground, mine.background == theirs.background, mine.flags == theirs.flags else {
            return false
        }
        return grapheme(mine.glyph) == other.grapheme(theirs.glyph)
    }

    func isContinuation(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && x < columns && y >= 0 && y < rows && cells[y * columns + x].isContinuation
    }

    func grapheme(_ glyph: UInt32) -> Character {
        if glyph & PackedCell.clusterFlag != 0 { return Character(clusters[Int(glyph & ~PackedCell.clusterFlag)]) }
        return Character(Unicode.Scalar(glyph) ?? "\u{FFFD}")
    }

    mutating func glyph(_ grapheme: Character) -> UInt32 {
        let scalars = grapheme.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalar.value }
        let text = String(grapheme)
        if let index = clusterIndex[text] { return PackedCell.clusterFlag | index }
        let index = UInt32(clusters.count)
        clusters.append(text)
        clusterIndex[text] = index
        return PackedCell.clusterFlag | index
    }

    /// Writes `cell` (see the packed form below).
    mutating func place(_ cell: TerminalCell, x: Int, y: Int) {
        place(PackedCell(glyph: glyph(cell.grapheme), style: cell.style, continuation: cell.isContinuation), x: x, y: y)
    }

    /// Writes `cell`, blanking the other half of any wide grapheme it overwrites half of.
    mutating func place(_ cell: PackedCell, x: Int, y: Int) {
        guard x >= 0, x < columns, y >= 0, y < rows else { return }
        let index = y * columns + x
        if !cell.isContinuation && cells[index].isContinuation && x > 0 { cells[index - 1].glyph = 0x20 }
        if x + 1 < columns && cells[index + 1].isContinuation {
            cells[index + 1].glyph = 0x20
            cells[index + 1].flags &= ~PackedCell.continuation
        }
        cells[index] = cell
    }
}

extension CellGrid: Hashable {
    public static func == (lhs: CellGrid, rhs: CellGrid) -> Bool {
        guard lhs.columns == rhs.columns, lhs.rows == rhs.rows else { return false }
        return lhs.cells.indices.allSatisfy { lhs.sameCell(at: $0, as: rhs) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(rows)
        for cell in cells {
            hasher.combine(cell.foreground)
            hasher.combine(cell.background)
            hasher.combine(cell.flags)
            if cell.glyph & PackedCell.clusterFlag != 0 { hasher.combine(grapheme(cell.glyph)) } else { hasher.combine(cell.glyph) }
        }
    }
}
