import Foundation

/// What a table's content sees: measurements per column, and the width each column gets.
@MainActor
public struct TableProxy<Tag: Hashable> {
    /// The measurements, as a ``MeasurementProxy``.
    public let measurements: MeasurementProxy<Tag>
    let widths: [Tag: CGFloat]

    /// The width column `tag` gets, or `nil` before it was measured.
    public func columnWidth(_ tag: Tag) -> CGFloat? {
        _ = measurements.maxSize(tag)
        return widths[tag]
    }

    /// The largest size measured for `tag`.
    public func maxSize(_ tag: Tag) -> CGSize? { measurements.maxSize(tag) }
    /// The largest width measured for `tag`.
    public func maxWidth(_ tag: Tag) -> CGFloat? { measurements.maxWidth(tag) }
    /// The largest height measured for `tag`.
    public func maxHeight(_ tag: Tag) -> CGFloat? { measurements.maxHeight(tag) }
}

/// Lays out a table: columns (tags) are measured, then share `maxWidth` (see ``TableWidths``).
public struct TableReader<Tag: Hashable>: Component {
    let maxWidth: CGFloat
    let pads: Bool
    let settings: ReaderSettings
    let content: (TableProxy<Tag>) -> any Component

    /// A table reader distributing `maxWidth` among its columns. With `pads`, leftover width is
    /// shared equally; measurements merge across reloads (default `.merge`) until `version` changes.
    public init(
        maxWidth: CGFloat, pads: Bool = true, version: AnyHashable = 0, reducer: MeasurementReducer = .merge,
        id: AnyHashable? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column,
        @ComponentResultBuilder content: @escaping (TableProxy<Tag>) -> [any Component]
    ) {
        self.maxWidth = maxWidth
        self.pads = pads
        self.settings = ReaderSettings(
            kind: "TableReader", version: version, reducer: reducer, id: id,
            fileID: fileID, line: line, column: column)
        self.content = { proxy in ComponentGroup(content(proxy)) }
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let (maxWidth, pads, content) = (self.maxWidth, self.pads, self.content)
        return ReaderCore.layout(settings, constraint: constraint) { (proxy: MeasurementProxy<Tag>) in
            // The water level depends only on the multiset of widths, so dictionary order is fine.
            let tags = Array(proxy.applied.sizes.keys)
            let widths = TableWidths.distribute(tags.map { proxy.applied.sizes[$0]!.width }, maxWidth: maxWidth, pads: pads)
            return content(TableProxy(measurements: proxy, widths: Dictionary(uniqueKeysWithValues: zip(tags, widths))))
        }.node
    }
}

/// The water-level column algorithm.
public enum TableWidths {
    /// Widths for columns whose widest measurements are `widths`, sharing `maxWidth`.
    ///
    /// - Room to spare and `pads`: every column gets the same extra `(maxWidth − Σw) / n`.
    /// - Not enough room: the cap `C` with `Σ min(wᵢ, C) = maxWidth` is found; columns at or under
    ///   `C` keep their width, wider ones become `C`.
    /// - Widths are never negative: a negative, NaN or infinite `maxWidth` or width counts as 0
    ///   (reported).
    public static func distribute(_ widths: [CGFloat], maxWidth: CGFloat, pads: Bool) -> [CGFloat] {
        guard !widths.isEmpty else { return [] }
        let available = sanitizedLength(maxWidth, "maxWidth", "TableReader")
        let widths = widths.map { sanitizedLength($0, "column width", "TableReader") }
        let total = widths.reduce(0, +)
        if total <= available {
            guard pads else { return widths }
            let extra = (available - total) / CGFloat(widths.count)
            return widths.map { $0 + extra }
        }
        let sorted = widths.sorted()
        var remaining = available
        var cap = sorted.last!
        for (index, width) in sorted.enumerated() {
            let share = remaining / CGFloat(sorted.count - index)
            if width >= share {
                cap = share
                break
            }
            remaining -= width
        }
        return widths.map { min($0, cap) }
    }

}
