/// A rectangle of terminal cells, 0-based, in columns and rows.
public struct CellRect: Hashable, Sendable {
    /// Leftmost column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in columns.
    public var width: Int
    /// Height in rows.
    public var height: Int

    /// Creates a rectangle from its origin and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the rectangle covers no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The shared cells; disjoint rectangles give a zero-sized rectangle so callers only test `isEmpty`.
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return CellRect(x: left, y: top, width: 0, height: 0) }
        return CellRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether the cell at `x`, `y` lies inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }
}
