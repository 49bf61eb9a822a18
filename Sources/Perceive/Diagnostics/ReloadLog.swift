/// An opt-in record of every reload: which scope, why, and what it cost.
///
/// ```swift
/// let log = ReloadLog.start()
/// model.images[3].likes += 1
/// host.componentEngine.flush()
/// print(log.dump())
/// ReloadLog.stop()
/// ```
@MainActor
public final class ReloadLog {
    /// One scope's reload.
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        /// The scope: its component's type, e.g. `ImageContainer`.
        public let scope: String
        /// Why it reloaded, e.g. `PerceptionImage.likes`.
        public let cause: String
        /// `build()` calls by builder type.
        public let builds: [String: Int]
        /// Builds skipped by rebuild avoidance.
        public let buildsSkipped: Int
        public let layouts: Int
        public let viewsCreated: Int
        public let viewsUpdated: Int
        public let viewsRemoved: Int
        public let viewsMoved: Int

        public var description: String {
            let buildList = builds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            return "\(scope) ← \(cause): builds [\(buildList)]\(buildsSkipped > 0 ? ", \(buildsSkipped) skipped" : ""), "
                + "\(layouts) layout\(layouts == 1 ? "" : "s"), views +\(viewsCreated) ~\(viewsUpdated) -\(viewsRemoved) ↕\(viewsMoved)"
        }
    }

    /// The reloads of each flush, in order.
    public private(set) var flushes: [[Entry]] = []

    @exclusivity(unchecked) static var active: ReloadLog?

    private init() {}

    /// Starts recording (replacing any log being recorded) and returns the log.
    @discardableResult
    public static func start() -> ReloadLog {
        let log = ReloadLog()
        active = log
        return log
    }

    /// Stops recording.
    public static func stop() { active = nil }

    /// The log being recorded, if any (a tool that counts reloads reads it instead of replacing it).
    public static var recording: ReloadLog? { active }

    /// All entries, across flushes.
    public var entries: [Entry] { flushes.flatMap { $0 } }

    /// A human-readable listing, one flush per paragraph.
    public func dump() -> String {
        flushes.enumerated().map { index, entries in
            (["flush \(index + 1): \(entries.count) reload\(entries.count == 1 ? "" : "s")"] + entries.map { "  " + $0.description })
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    func beginFlush() { flushes.append([]) }

    func record(_ entry: Entry) {
        if flushes.isEmpty { flushes.append([]) }
        flushes[flushes.count - 1].append(entry)
    }

    /// Drops a trailing flush in which nothing reloaded.
    func endFlush() {
        if flushes.last?.isEmpty == true { flushes.removeLast() }
    }
}
