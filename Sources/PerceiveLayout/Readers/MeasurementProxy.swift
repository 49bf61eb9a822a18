import Foundation

/// How a reader combines a pass's measurements with earlier ones.
public enum MeasurementReducer: Sendable {
    /// Only this layout's measurements count (the default for size and measurement readers).
    case replace
    /// Measurements accumulate per tag (largest width and height seen) across passes and reloads,
    /// keeping tags that are no longer measured, until the reader's `version` changes (the
    /// default for table readers).
    case merge
}

/// The largest size measured per tag, width and height maximised independently.
public struct Measurements<Tag: Hashable>: Equatable {
    public internal(set) var sizes: [Tag: CGSize] = [:]

    public init() {}

    mutating func record(_ tag: Tag, _ size: CGSize) {
        let width = size.width.isFinite ? max(size.width, 0) : 0
        let height = size.height.isFinite ? max(size.height, 0) : 0
        let current = sizes[tag] ?? CGSize(width: -1, height: -1)
        sizes[tag] = CGSize(width: max(current.width, width), height: max(current.height, height))
    }

    func merged(with newer: Measurements) -> Measurements {
        var result = self
        for (tag, size) in newer.sizes { result.record(tag, size) }
        return result
    }
}

/// Collects one pass's measurements for one reader.
@MainActor
final class MeasurementRecorder<Tag: Hashable> {
    var measurements = Measurements<Tag>()
    /// The reader's frame on the reader stack, to attribute reads by nested readers.
    let frame: ReaderFrame

    init(frame: ReaderFrame) { self.frame = frame }
}

/// What a reader's content sees: the measurements applied in this pass (`nil` until measured),
/// and where `.measure(proxy, tag)` records.
@MainActor
public struct MeasurementProxy<Tag: Hashable> {
    let applied: Measurements<Tag>
    let recorder: MeasurementRecorder<Tag>

    /// The largest size measured for `tag`, or `nil` before it was measured.
    public func maxSize(_ tag: Tag) -> CGSize? {
        ReaderStack.noteRead(of: recorder.frame)
        return applied.sizes[tag]
    }

    /// The largest width measured for `tag`.
    public func maxWidth(_ tag: Tag) -> CGFloat? { maxSize(tag)?.width }

    /// The largest height measured for `tag`.
    public func maxHeight(_ tag: Tag) -> CGFloat? { maxSize(tag)?.height }

    func record(_ tag: Tag, _ size: CGSize) { recorder.measurements.record(tag, size) }
}

/// The single tag of a ``SizeReader``.
public enum SizeTag: Hashable, Sendable {
    case size
}

extension MeasurementProxy where Tag == SizeTag {
    /// The largest size measured by this size reader.
    public func maxSize() -> CGSize? { maxSize(.size) }
    /// The largest width measured by this size reader.
    public func maxWidth() -> CGFloat? { maxWidth(.size) }
    /// The largest height measured by this size reader.
    public func maxHeight() -> CGFloat? { maxHeight(.size) }
}

/// Records a component's laid-out size in a reader's proxy; the layout itself is unchanged.
public struct MeasuredComponent<Content: Component, Tag: Hashable>: Component {
    let content: Content
    let proxy: MeasurementProxy<Tag>
    let tag: Tag

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let node = content.layout(constraint)
        proxy.record(tag, node.size)
        return node
    }
}

extension Component {
    /// Measures this component for `proxy`'s reader under `tag`.
    public consuming func measure<Tag>(_ proxy: MeasurementProxy<Tag>, _ tag: Tag) -> MeasuredComponent<Self, Tag> {
        MeasuredComponent(content: self, proxy: proxy, tag: tag)
    }

    /// Measures this component for a ``SizeReader``.
    public consuming func measure(_ proxy: MeasurementProxy<SizeTag>) -> MeasuredComponent<Self, SizeTag> {
        MeasuredComponent(content: self, proxy: proxy, tag: .size)
    }

    /// Measures this component as part of column `tag` of a ``TableReader``.
    public consuming func measure<Tag>(_ proxy: TableProxy<Tag>, _ tag: Tag) -> MeasuredComponent<Self, Tag> {
        MeasuredComponent(content: self, proxy: proxy.measurements, tag: tag)
    }
}
