import Foundation

/// The readers laying out right now, innermost last.
///
/// A reader re-lays its content out only if the content *read* a measurement in the pass: content
/// that only measures (or reads nothing) cannot lay out differently with new values, so the reader
/// settles after one pass. That keeps deep nesting linear when inner readers do not read outer
/// values, and it is why a frame records whether its own proxy was read.
@MainActor
final class ReaderFrame {
    let path: String
    /// Whether this pass's content read this reader's proxy.
    var readOwnProxy = false
    /// Occurrences of each call site among this frame's direct child readers, per pass.
    var childOccurrences: [String: Int] = [:]

    init(path: String) { self.path = path }
}

@MainActor
enum ReaderStack {
    private static var frames: [ReaderFrame] = []

    static func noteRead(of owner: ReaderFrame) { owner.readOwnProxy = true }

    /// A stable path for a reader created at `site` (with an optional explicit `id`): the parent
    /// reader's path, the site, and the occurrence of that site in the parent's current pass.
    static func path(site: String, id: AnyHashable?) -> String {
        let parent = frames.last
        let base = site + (id.map { "[\($0)]" } ?? "")
        let occurrence = parent?.childOccurrences[base, default: 0] ?? 0
        parent?.childOccurrences[base] = occurrence + 1
        return (parent?.path ?? "") + "/" + base + "#\(occurrence)"
    }

    /// Runs a reader's layout as the innermost frame.
    static func withFrame<T>(path: String, _ body: (ReaderFrame) -> T) -> T {
        let frame = ReaderFrame(path: path)
        frames.append(frame)
        defer { frames.removeLast() }
        return body(frame)
    }

    /// Starts a new pass of `frame`.
    static func beginPass(_ frame: ReaderFrame) {
        frame.childOccurrences.removeAll(keepingCapacity: true)
        frame.readOwnProxy = false
    }
}
