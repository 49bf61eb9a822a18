import Foundation

/// One reader laying out right now.
@MainActor
final class ReaderFrame {
    let path: String
    /// A description of the reader for diagnostics (its kind and call site).
    let label: String
    /// Whether this pass's content read this reader's proxy.
    var readOwnProxy = false
    /// Whether a reader nested in this pass's content has not settled yet (it read its own proxy
    /// and measured something else than it was given): the outermost reader must pass again.
    var nestedUnsettled = false
    /// Occurrences of each call site among this frame's direct child readers, per pass.
    var childOccurrences: [String: Int] = [:]

    init(path: String, label: String) {
        self.path = path
        self.label = label
    }
}

/// The readers laying out right now, innermost last, and what one outermost reader's layout
/// shares among all readers nested in it.
///
/// A reader re-lays its content out only if the content *read* a measurement in the pass:
/// content that only measures (or reads nothing) cannot lay out differently with new values.
/// Nested readers take one pass per pass of the outermost reader, starting from what they
/// measured in its previous pass; the outermost one repeats while any of them has not settled.
/// Convergent nested readers therefore cost a few passes of the whole nest — linear in depth —
/// instead of multiplying their passes level by level.
@MainActor
enum ReaderStack {
    private static var frames: [ReaderFrame] = []
    /// Measurements of nested readers from the outermost reader's previous pass, by path.
    static var carried: [String: Any] = [:]

    static var innermost: ReaderFrame? { frames.last }
    static var isNested: Bool { !frames.isEmpty }

    static func noteRead(of owner: ReaderFrame) { owner.readOwnProxy = true }

    /// Readers found unsettled in the outermost reader's current pass, path → label (for its report).
    static var unsettled: [String: String] = [:]

    /// Marks every enclosing reader as having an unsettled reader inside.
    static func noteUnsettled(_ reader: ReaderFrame) {
        unsettled[reader.path] = reader.label
        for frame in frames { frame.nestedUnsettled = true }
    }

    /// A stable path for a reader created at `site` (with an optional explicit `id`): the parent
    /// reader's path, the site, and the occurrence of that site in the parent's current pass — or,
    /// for an outermost reader, the builder slot laying it out and its position there.
    static func path(site: String, id: AnyHashable?) -> String {
        // (No closure here: see `LayoutPass.beginAgain()`.)
        var base = site
        if let id { base += "[\(id)]" }
        if let parent = frames.last {
            let occurrence = parent.childOccurrences[base, default: 0]
            parent.childOccurrences[base] = occurrence + 1
            return parent.path + "/" + base + "#\(occurrence)"
        }
        return "/" + LayoutPass.scopedKey(base)
    }

    /// Runs a reader's layout as the innermost frame.
    static func withFrame<T>(_ frame: ReaderFrame, _ body: (ReaderFrame) -> T) -> T {
        frames.append(frame)
        defer { frames.removeLast() }
        return body(frame)
    }

    /// Starts a new pass of `frame`.
    static func beginPass(_ frame: ReaderFrame) {
        frame.childOccurrences.removeAll(keepingCapacity: true)
        frame.readOwnProxy = false
        frame.nestedUnsettled = false
    }
}
