/// What drawing one frame cost: what the engines did for it and what reached the terminal.
public struct FrameStats: Equatable, Sendable {
    /// `build()` calls during the flush before the frame, across every engine.
    public var builds = 0
    /// The same calls by builder type (`["Cell": 1, "Header": 1]`).
    public var buildsByType: [String: Int] = [:]
    /// Engine reloads during that flush.
    public var reloads = 0
    /// Cells the frame wrote (changed cells only, after the first frame).
    public var cellsWritten = 0
    /// Bytes the frame wrote to the terminal, escape sequences included.
    public var bytes = 0
    /// Wall time of flush, draw and encode, in microseconds.
    public var microseconds = 0.0

    public init() {}
}
