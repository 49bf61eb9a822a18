import Foundation

/// Measures one group of components and lets the layout use the largest size.
///
/// ```swift
/// SizeReader { proxy in
///     HStack(alignItems: .start) {
///         Text("Top").measure(proxy).frame(minHeight: proxy.maxHeight(), alignment: .top)
///         Text("1\n2\n3").measure(proxy).frame(minHeight: proxy.maxHeight())
///     }
/// }
/// ```
///
/// The reader lays its content out, collects the sizes recorded by `.measure(proxy)`, and lays
/// it out again with them applied, until they stop changing (usually two passes; at most
/// `ReaderCore.passLimit`, after which the last layout is used and the problem reported).
public struct SizeReader: Component {
    private let reader: MeasurementReader<SizeTag>

    /// A size reader. A new `version` discards earlier measurements; `id` tells apart readers
    /// created at the same place (in a loop); `onMeasure` receives the settled size of each layout.
    public init(
        version: AnyHashable = 0, reducer: MeasurementReducer = .replace, id: AnyHashable? = nil,
        fileID: String = #fileID, line: Int = #line, column: Int = #column,
        onMeasure: ((CGSize?) -> Void)? = nil,
        @ComponentResultBuilder content: @escaping (MeasurementProxy<SizeTag>) -> [any Component]
    ) {
        reader = MeasurementReader(
            version: version, reducer: reducer, id: id, fileID: fileID, line: line, column: column,
            onMeasure: onMeasure.map { report in { report($0[.size]) } }, content: content)
    }

    public func layout(_ constraint: Constraint) -> any RenderNode { reader.layout(constraint) }
}

/// Measures several groups of components, identified by `Tag`, and lets the layout use each
/// group's largest size.
public struct MeasurementReader<Tag: Hashable>: Component {
    let settings: ReaderSettings
    let onMeasure: (([Tag: CGSize]) -> Void)?
    let content: (MeasurementProxy<Tag>) -> any Component

    /// A measurement reader; see ``SizeReader`` for `version`, `id` and `onMeasure`.
    public init(
        version: AnyHashable = 0, reducer: MeasurementReducer = .replace, id: AnyHashable? = nil,
        fileID: String = #fileID, line: Int = #line, column: Int = #column,
        onMeasure: (([Tag: CGSize]) -> Void)? = nil,
        @ComponentResultBuilder content: @escaping (MeasurementProxy<Tag>) -> [any Component]
    ) {
        self.onMeasure = onMeasure
        self.settings = ReaderSettings(
            kind: Tag.self == SizeTag.self ? "SizeReader" : "MeasurementReader", version: version,
            reducer: reducer, id: id, fileID: fileID, line: line, column: column)
        self.content = { proxy in ComponentGroup(content(proxy)) }
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let (node, measurements) = ReaderCore.layout(settings, constraint: constraint, content: content)
        onMeasure?(measurements.sizes)
        return node
    }
}
