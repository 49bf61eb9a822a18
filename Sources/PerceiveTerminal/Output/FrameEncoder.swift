#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns successive grids into the fewest terminal bytes that update the screen from one to the next.
public struct FrameEncoder: Sendable {
    /// The colour form SGR sequences use.
    public let colors: ColorMode
    /// The last encoded grid, which the terminal is assumed to show.
    public private(set) var previous: CellGrid?
    /// Cells (wide graphemes count two) written by the last `encode`, for measuring damage.
    public private(set) var lastCellsWritten = 0
    /// Where the last frame left the terminal's cursor and pen (`nil`: unknown).
    private var cursor: (x: Int, y: Int)?
    private var pen: TerminalStyle?

    /// Creates an encoder that will fully redraw on its first frame.
    public init(colors: ColorMode) {
        self.colors = colors
    }

    /// Forgets the previous frame, e.g. after the terminal was resized or cleared behind our back.
    public mutating func invalidate() {
        previous = nil
        cursor = nil
        pen = nil
    }

    /// Bytes that turn the previous frame into `next`; empty when nothing changed.
    ///
    /// The pen (colours, attributes) stays as the last cell left it between frames: whoever
    /// writes to the terminal after the last frame resets it first (``TerminalApp`` does on exit).
    ///
    /// A size change or missing previous frame clears the screen and compares against a blank grid,
    /// which is what the clear leaves behind.
    public mutating func encode(_ next: CellGrid) -> [UInt8] { encode(next, changedRows: nil) }

    /// `encode(_:)` of a grid that differs from the previous one only in the rows marked in
    /// `changedRows` (all rows when `nil`): the others are not compared.
    mutating func encode(_ next: CellGrid, changedRows: [Bool]?) -> [UInt8] {
        var writer = FrameWriter(colors: colors, cursor: cursor, pen: pen)
        let baseline: CellGrid
        if let previous, previous.columns == next.columns, previous.rows == next.rows {
            baseline = previous
        } else {
            baseline = CellGrid(columns: next.columns, rows: next.rows)
            writer.clearScreen()
        }
        // Rows the caller did not change are only skipped against the frame they were copied from.
        let rowsToCompare = baseline.columns == previous?.columns && baseline.rows == previous?.rows ? changedRows : nil
        for y in 0..<next.rows {
            if let rowsToCompare, y < rowsToCompare.count, !rowsToCompare[y] { continue }
            let row = y * next.columns
            // Most rows of a frame are unchanged: one memcmp skips them (cells have no padding).
            if Self.rowsEqual(next.cells, baseline.cells, from: row, count: next.columns) { continue }
            var x = 0
            while x < next.columns {
                let span = !next.isContinuation(x, y) && next.isContinuation(x + 1, y) ? 2 : 1
                // Packed cells compare as integers; only a changed cell is unpacked and written.
                if !next.sameCell(at: row + x, as: baseline) || (span == 2 && !next.sameCell(at: row + x + 1, as: baseline)) {
                    writer.write(next[x, y], x: x, y: y, span: span)
                }
                x += span
            }
        }
        previous = next
        (cursor, pen) = (writer.cursor, writer.pen)
        lastCellsWritten = writer.cellsWritten
        return writer.bytes
    }

    private static func rowsEqual(_ cells: [PackedCell], _ old: [PackedCell], from start: Int, count: Int) -> Bool {
        cells.withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { previous in
                memcmp(new.baseAddress! + start, previous.baseAddress! + start, count * MemoryLayout<PackedCell>.stride) == 0
            }
        }
    }
}
