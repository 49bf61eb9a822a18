import Foundation

/// Limits that keep measurement readers finite.
@MainActor
public enum MeasurementReaderLimits {
    /// Passes an outermost reader (with every reader nested in it) takes in one layout before it is
    /// reported as not converging and its last layout is used.
    public static let passesPerReader = 8
    /// Passes all readers together may take in one flush (in one outermost reader's layout
    /// outside an engine); past it, readers stop repeating and use their last layout, reported.
    public static var passesPerFlush = 2_000
    /// Tags a `.merge` reader keeps; past it, it starts again from this layout's measurements.
    public static let mergedTags = 1_000
}

/// The pass loop shared by every reader: measure, apply, repeat while the measurements change.
@MainActor
enum ReaderCore {
    static func layout<Tag: Hashable>(
        _ settings: ReaderSettings, constraint: Constraint,
        content: @escaping (MeasurementProxy<Tag>) -> any Component
    ) -> (node: any RenderNode, measurements: Measurements<Tag>) {
        guard NestingGuard.enter(MeasurementReader<Tag>.self) else { return (EmptyLayout.node(constraint), Measurements()) }
        defer { NestingGuard.leave() }
        let path = ReaderStack.path(site: settings.site, id: settings.id)
        let run = ReaderRun<Tag>(settings: settings, path: path, constraint: constraint, content: content)
        if ReaderStack.isNested { return run.nestedPass() }
        ReaderBudget.beginOutermost()
        ReaderStack.carried = [:]
        defer { ReaderStack.carried = [:] }
        return run.outermostPasses()
    }
}

/// One reader's layout.
@MainActor
struct ReaderRun<Tag: Hashable> {
    let settings: ReaderSettings
    let path: String
    let constraint: Constraint
    let content: (MeasurementProxy<Tag>) -> any Component
    let frame: ReaderFrame
    let history: ReaderHistory?

    init(settings: ReaderSettings, path: String, constraint: Constraint, content: @escaping (MeasurementProxy<Tag>) -> any Component) {
        (self.settings, self.path, self.constraint, self.content) = (settings, path, constraint, content)
        // (No closure here: see `LayoutPass.beginAgain()`.)
        var id = ""
        if let explicit = settings.id { id = "(id: \(explicit))" }
        self.frame = ReaderFrame(path: path, label: "\(settings.kind)\(id) at \(settings.site)")
        self.history = ReaderHistory.current
        history?.use(path)
    }

    /// What the first pass applies: merged history survives reloads until `version` changes.
    var initial: Measurements<Tag> {
        guard settings.reducer == .merge, let history, let kept: Measurements<Tag> = history.history(at: path, version: settings.version)
        else { return Measurements() }
        return kept
    }

    /// Lays the content out once with `applied`; returns the node and the pass's measurements.
    func pass(_ applied: Measurements<Tag>, first: Bool = true) -> (any RenderNode, Measurements<Tag>) {
        ReaderStack.withFrame(frame) { frame in
            ReaderStack.beginPass(frame)
            ReaderBudget.spend()
            let recorder = MeasurementRecorder<Tag>(frame: frame)
            let node = LayoutPass.readerPass(first: first) {
                content(MeasurementProxy(applied: applied, recorder: recorder)).layout(constraint)
            }
            return (node, settle(applied, recorder.measurements))
        }
    }

    /// This pass's measurements under the reducer (`.merge` adds them to what was applied).
    func settle(_ applied: Measurements<Tag>, _ recorded: Measurements<Tag>) -> Measurements<Tag> {
        guard settings.reducer == .merge else { return recorded }
        let merged = applied.merged(with: recorded)
        guard merged.sizes.count > MeasurementReaderLimits.mergedTags else { return merged }
        ReaderBudget.reportOnce(
            path,
            "PerceiveLayout: \(frame.label) merged more than \(MeasurementReaderLimits.mergedTags) tags; it starts again from this layout's measurements."
        )
        return recorded
    }

    /// A reader inside another reader: one pass per pass of the outermost reader, starting from
    /// what it measured in the previous one; it tells the outermost reader when it is unsettled.
    func nestedPass() -> (node: any RenderNode, measurements: Measurements<Tag>) {
        let applied = ReaderStack.carried[path] as? Measurements<Tag> ?? initial
        let (node, measured) = pass(applied)
        ReaderStack.carried[path] = measured
        if (frame.readOwnProxy && measured != applied) || frame.nestedUnsettled {
            ReaderStack.noteUnsettled(frame)
        }
        history?.remember(measured, at: path, version: settings.version)
        return (node, measured)
    }

    /// The outermost reader: passes until neither it nor any nested reader changes.
    func outermostPasses() -> (node: any RenderNode, measurements: Measurements<Tag>) {
        var applied = initial
        for number in 1...MeasurementReaderLimits.passesPerReader {
            ReaderStack.unsettled.removeAll()
            let (node, measured) = pass(applied, first: number == 1)
            let changed = frame.readOwnProxy && measured != applied
            let finished = !changed && !frame.nestedUnsettled
            if finished || number == MeasurementReaderLimits.passesPerReader || !ReaderBudget.hasPassesLeft {
                if !finished { reportUnsettled(changed: changed, limitReached: number == MeasurementReaderLimits.passesPerReader) }
                history?.remember(measured, at: path, version: settings.version)
                return (node, measured)
            }
            if changed { applied = measured }
        }
        preconditionFailure("unreachable: the last pass returns")
    }

    /// Reports, once per reader and flush, each reader still unsettled after the last pass; or,
    /// once per flush, that the flush's pass budget ran out.
    private func reportUnsettled(changed: Bool, limitReached: Bool) {
        guard limitReached else {
            ReaderBudget.reportOnce(
                "",
                "PerceiveLayout: readers took more than \(MeasurementReaderLimits.passesPerFlush) passes in this flush (MeasurementReaderLimits.passesPerFlush); from \(frame.label) on, readers use their first layout."
            )
            return
        }
        let unsettled =
            (changed ? [(frame.path, frame.label)] : []) + ReaderStack.unsettled.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (path, label) in unsettled {
            ReaderBudget.reportOnce(
                path,
                "PerceiveLayout: \(label) did not converge after \(MeasurementReaderLimits.passesPerReader) passes (its content keeps changing what it measures); the last layout is used."
            )
        }
    }
}

/// The passes readers may still take in this flush, and the readers already reported in it.
@MainActor
enum ReaderBudget {
    private static var generation = -1
    private static var left = 0
    private static var reported: Set<String> = []

    /// Starts a new budget when a new flush began (or for each outermost reader outside an engine).
    static func beginOutermost() {
        let current = ReloadScheduler.flushGeneration
        guard BuildContext.current == nil || current != generation else { return }
        generation = current
        left = MeasurementReaderLimits.passesPerFlush
        reported.removeAll()
    }

    static func spend() { left -= 1 }

    static var hasPassesLeft: Bool { left > 0 }

    /// Reports `text` unless the reader at `path` was already reported in this flush.
    static func reportOnce(_ path: String, _ text: String) {
        guard reported.insert(path).inserted else { return }
        Diagnostics.report(.layout, text)
    }
}

/// Merged measurements kept per reader path and version, for the engine laying out. A reader's
/// history lives as long as the builder slot laying it out keeps laying it out (see
/// `KeyedLayoutState`): readers whose `id` keeps changing do not pile up.
@MainActor
final class ReaderHistory: KeyedLayoutState {
    private var entries: [String: (version: AnyHashable, value: Any)] = [:]

    /// The history of the engine laying out now (none outside an engine: nothing persists).
    static var current: ReaderHistory? {
        guard let engine = BuildContext.current else { return nil }
        return engine.attachment(ReaderHistory.self) { ReaderHistory() }
    }

    func history<Value>(at path: String, version: AnyHashable) -> Value? {
        guard let entry = entries[path], entry.version == version else { return nil }
        return entry.value as? Value
    }

    func remember<Value>(_ value: Value, at path: String, version: AnyHashable) {
        entries[path] = (version, value)
    }

    func dropKey(_ key: String) { entries[key] = nil }
    var keyCount: Int { entries.count }
}

/// What every reader is configured with: its identity (call site and `id`), `version`, reducer,
/// and the name used in diagnostics.
struct ReaderSettings {
    let site: String
    let id: AnyHashable?
    let version: AnyHashable
    let reducer: MeasurementReducer
    let kind: String

    init(
        kind: String, version: AnyHashable, reducer: MeasurementReducer, id: AnyHashable?,
        fileID: String, line: Int, column: Int
    ) {
        self.site = "\(fileID):\(line):\(column)"
        (self.kind, self.version, self.reducer, self.id) = (kind, version, reducer, id)
    }
}
