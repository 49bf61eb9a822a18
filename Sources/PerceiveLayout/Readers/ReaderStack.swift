import Foundation

/// The readers laying out right now, innermost last, and the memo that keeps nested readers linear.
///
/// A reader lays its content out in passes until the measurements settle. A nested reader inside
/// it would be laid out again in every outer pass — exponential in the nesting depth — so each
/// reader's settled result is remembered for the duration of the outermost reader's layout, keyed
/// by its position and constraint, and reused unless the nested reader read an *outer* reader's
/// proxy (then its result depends on the outer pass and is recomputed).
@MainActor
final class ReaderFrame {
    let path: String
    /// Whether this reader (or one nested in it) read the proxy of a reader outside it.
    var readOuterProxy = false
    /// Occurrences of each call site among this frame's direct child readers, per pass.
    var childOccurrences: [String: Int] = [:]

    init(path: String) { self.path = path }
}

@MainActor
enum ReaderStack {
    private static var frames: [ReaderFrame] = []
    private static var memo: [String: (constraint: Constraint, node: any RenderNode)] = [:]

    /// Marks every reader nested inside `owner` as depending on an outer proxy.
    static func noteRead(of owner: ReaderFrame) {
        guard let index = frames.lastIndex(where: { $0 === owner }) else { return }
        for frame in frames[(index + 1)...] { frame.readOuterProxy = true }
    }

    /// A stable path for a reader created at `site` (with an optional explicit `id`).
    static func path(site: String, id: AnyHashable?) -> String {
        let parent = frames.last
        let base = site + (id.map { "[\($0)]" } ?? "")
        let occurrence = parent?.childOccurrences[base, default: 0] ?? 0
        parent?.childOccurrences[base] = occurrence + 1
        return (parent?.path ?? "") + "/" + base + "#\(occurrence)"
    }

    /// Runs a reader's layout as a frame on the stack, reusing a remembered result when allowed.
    static func withFrame(path: String, constraint: Constraint, _ body: (ReaderFrame) -> any RenderNode) -> any RenderNode {
        if let remembered = memo[path], remembered.constraint == constraint { return remembered.node }
        let frame = ReaderFrame(path: path)
        frames.append(frame)
        let node = body(frame)
        frames.removeLast()
        if frames.isEmpty {
            memo.removeAll()
        } else if !frame.readOuterProxy {
            memo[path] = (constraint, node)
        }
        return node
    }

    /// Starts a new pass of `frame`: child occurrence counts restart so paths repeat per pass.
    static func beginPass(_ frame: ReaderFrame) { frame.childOccurrences.removeAll(keepingCapacity: true) }
}
