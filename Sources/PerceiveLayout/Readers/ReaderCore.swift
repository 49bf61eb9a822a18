import Foundation

/// The pass loop shared by every reader: measure, apply, repeat while the measurements change.
@MainActor
enum ReaderCore {
    /// Passes a reader may take in one layout before it is reported as not converging.
    static let passLimit = 8

    static func layout<Tag: Hashable>(
        _ settings: ReaderSettings, constraint: Constraint,
        content: (MeasurementProxy<Tag>) -> any Component
    ) -> (node: any RenderNode, measurements: Measurements<Tag>) {
        let (version, reducer, kind) = (settings.version, settings.reducer, settings.kind)
        let path = ReaderStack.path(site: settings.site, id: settings.id)
        var settled = Measurements<Tag>()
        let node = ReaderStack.withFrame(path: path) { frame -> any RenderNode in
            let store = ReaderHistory.current
            // History (merged measurements) survives reloads of the same reader until `version` changes.
            var applied = Measurements<Tag>()
            if reducer == .merge, let history = store?.history(at: path, version: version) as Measurements<Tag>? {
                applied = history
            }
            var lastNode: (any RenderNode)?
            for pass in 1...passLimit {
                ReaderStack.beginPass(frame)
                let recorder = MeasurementRecorder<Tag>(frame: frame)
                let node = content(MeasurementProxy(applied: applied, recorder: recorder)).layout(constraint)
                lastNode = node
                let measured = reducer == .merge ? applied.merged(with: recorder.measurements) : recorder.measurements
                // Content that read no measurement cannot lay out differently with new ones.
                if measured == applied || !frame.readOwnProxy {
                    store?.remember(measured, at: path, version: version)
                    settled = measured
                    return node
                }
                if pass == passLimit {
                    Diagnostics.report(.layout, "PerceiveLayout: \(kind) did not converge after \(passLimit) passes (its content keeps changing what it measures); the last layout is used.")
                }
                applied = measured
            }
            store?.remember(applied, at: path, version: version)
            settled = applied
            return lastNode!
        }
        return (node, settled)
    }
}

/// Merged measurements kept per reader path and version, for the engine laying out.
@MainActor
final class ReaderHistory {
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
}

/// What every reader is configured with: its identity (call site and `id`), `version`, reducer,
/// and the name used in diagnostics.
struct ReaderSettings {
    let site: String
    let id: AnyHashable?
    let version: AnyHashable
    let reducer: MeasurementReducer
    let kind: String

    init(kind: String, version: AnyHashable, reducer: MeasurementReducer, id: AnyHashable?,
         fileID: String, line: Int, column: Int) {
        self.site = "\(fileID):\(line):\(column)"
        (self.kind, self.version, self.reducer, self.id) = (kind, version, reducer, id)
    }
}
