import Foundation

/// Columns of equal width; each child goes to the column where it starts highest (the shortest
/// column, counting the spacing below its last item; the lowest index on ties), like a masonry grid.
///
/// Each child is laid out at the column width with an unbounded height. Every child starts at the
/// lowest "next start" among the columns, and a column's next start only grows, so children's
/// vertical positions never decrease in child order — even with zero-height items and large
/// spacing: finding the visible children is a binary search.
public struct Waterfall: Component {
    public let columns: Int
    public let columnSpacing: CGFloat
    public let interItemSpacing: CGFloat
    public let children: [any Component]

    /// A waterfall with the same spacing between columns and between items.
    public init(columns: Int = 2, spacing: CGFloat = 0, @ComponentResultBuilder _ content: () -> [any Component]) {
        self.init(columns: columns, columnSpacing: spacing, interItemSpacing: spacing, content)
    }

    /// A waterfall with separate column and item spacing. Fewer than one column is treated as one (reported).
    public init(columns: Int = 2, columnSpacing: CGFloat = 0, interItemSpacing: CGFloat = 0,
                @ComponentResultBuilder _ content: () -> [any Component]) {
        if columns < 1 {
            Diagnostics.report(.invalidInput, "PerceiveLayout: Waterfall needs at least one column; \(columns) was replaced by 1.")
        }
        self.columns = max(columns, 1)
        self.columnSpacing = sanitizedLength(columnSpacing, "waterfall column spacing")
        self.interItemSpacing = sanitizedLength(interItemSpacing, "waterfall item spacing")
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        var width = constraint.maxSize.width
        if !width.isFinite {
            Diagnostics.report(.invalidInput, "PerceiveLayout: Waterfall needs a bounded width; it was laid out at width 0.")
            width = 0
        }
        let count = CGFloat(columns)
        let columnWidth = max((width - columnSpacing * (count - 1)) / count, 0)
        let itemConstraint = Constraint(minSize: CGSize(width: columnWidth, height: 0),
                                        maxSize: CGSize(width: columnWidth, height: .infinity))
        var bottoms = [CGFloat](repeating: 0, count: columns)
        // Where the next item of each column would start: its bottom plus the spacing, once filled.
        var nextStarts = [CGFloat](repeating: 0, count: columns)
        var nodes: [any RenderNode] = []
        var positions: [CGPoint] = []
        nodes.reserveCapacity(children.count)
        positions.reserveCapacity(children.count)
        for child in children {
            var column = 0
            for index in 1..<columns where nextStarts[index] < nextStarts[column] { column = index }
            let node = child.layout(itemConstraint)
            let y = nextStarts[column]
            positions.append(CGPoint(x: CGFloat(column) * (columnWidth + columnSpacing), y: y))
            nodes.append(node)
            bottoms[column] = y + node.size.height
            nextStarts[column] = bottoms[column] + interItemSpacing
        }
        let height = bottoms.max() ?? 0
        return OrderedNode(size: constraint.clamp(CGSize(width: width, height: height)), children: nodes,
                           positions: positions, axis: .vertical)
    }
}
