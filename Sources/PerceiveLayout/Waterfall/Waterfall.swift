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
    /// Where the waterfall was made, for diagnostics.
    public let site: CallSite

    /// A waterfall with the same spacing between columns and between items.
    public init(
        columns: Int = 2, spacing: CGFloat = 0, fileID: StaticString = #fileID, line: UInt = #line,
        @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        self.init(columns: columns, columnSpacing: spacing, interItemSpacing: spacing, fileID: fileID, line: line, content)
    }

    /// The most columns a waterfall lays out.
    public static let maximumColumns = 1_000

    /// A waterfall with separate column and item spacing. The column count is kept within
    /// 1…``maximumColumns`` (reported when it is not).
    public init(
        columns: Int = 2, columnSpacing: CGFloat = 0, interItemSpacing: CGFloat = 0,
        fileID: StaticString = #fileID, line: UInt = #line, @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        self.columns = sanitizedCount(columns, in: 1...Self.maximumColumns, "column count", origin("Waterfall", fileID, line))
        self.columnSpacing = sanitizedLength(columnSpacing, "column spacing", origin("Waterfall", fileID, line))
        self.interItemSpacing = sanitizedLength(interItemSpacing, "item spacing", origin("Waterfall", fileID, line))
        self.site = CallSite(fileID: fileID, line: line)
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        var state = start(in: constraint)
        for index in children.indices {
            // Appended straight from the call, the node moves into the array; bound to a local
            // first, it was copied, its box made unique again by the append, and the original freed.
            state.nodes.append(ChildLayout.layout(children[index], state.itemConstraint, at: index))
            state.place(height: state.nodes[index].size.height)
        }
        return state.finish(in: constraint)
    }

    @inline(never)
    func start(in constraint: Constraint) -> Columns {
        var width = constraint.maxSize.width
        if !width.isFinite {
            Diagnostics.report(.invalidInput, "PerceiveLayout: Waterfall at \(site) needs a bounded width; it was laid out at width 0.")
            width = 0
        }
        return Columns(
            count: columns, width: width, columnSpacing: columnSpacing, interItemSpacing: interItemSpacing,
            reserving: children.count)
    }

    /// The columns being filled: where each would take its next item.
    @MainActor
    struct Columns {
        let width: CGFloat
        let columnWidth: CGFloat
        let columnSpacing: CGFloat
        let interItemSpacing: CGFloat
        let itemConstraint: Constraint
        var bottoms: [CGFloat]
        // Where the next item of each column would start: its bottom plus the spacing, once filled.
        var nextStarts: [CGFloat]
        var nodes: [any RenderNode] = []
        var positions: [CGPoint] = []

        init(count: Int, width: CGFloat, columnSpacing: CGFloat, interItemSpacing: CGFloat, reserving capacity: Int) {
            let columns = CGFloat(count)
            self.width = width
            self.columnWidth = max((width - columnSpacing * (columns - 1)) / columns, 0)
            self.columnSpacing = columnSpacing
            self.interItemSpacing = interItemSpacing
            self.itemConstraint = Constraint(
                minSize: CGSize(width: columnWidth, height: 0),
                maxSize: CGSize(width: columnWidth, height: .infinity))
            self.bottoms = [CGFloat](repeating: 0, count: count)
            self.nextStarts = bottoms
            nodes.reserveCapacity(capacity)
            positions.reserveCapacity(capacity)
        }

        /// Places the next item, `height` tall, at the top of the shortest column; its node is
        /// appended to `nodes` by the caller.
        mutating func place(height: CGFloat) {
            var column = 0
            for index in 1..<nextStarts.count where nextStarts[index] < nextStarts[column] { column = index }
            let y = nextStarts[column]
            positions.append(CGPoint(x: CGFloat(column) * (columnWidth + columnSpacing), y: y))
            bottoms[column] = y + height
            nextStarts[column] = bottoms[column] + interItemSpacing
        }

        @inline(never)
        func finish(in constraint: Constraint) -> any RenderNode {
            let height = bottoms.max() ?? 0
            return OrderedNode(
                size: constraint.clamp(CGSize(width: width, height: height)), children: nodes,
                positions: positions, axis: .vertical)
        }
    }
}
