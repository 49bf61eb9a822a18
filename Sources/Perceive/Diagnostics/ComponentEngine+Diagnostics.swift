import Foundation

extension ComponentEngine {
    /// Feeds the reload log and the checks that look at whole reloads.
    func reportDiagnostics(since before: EngineStats, buildsBefore: [String: Int], detector: WastedRebuildDetector?) {
        let log = ReloadLog.active
        guard log != nil || detector != nil || Diagnostics.isOn(.excessiveReloads) else { return }
        let scope = component.map(WastedRebuildDetector.name(of:)) ?? "an empty engine"
        let changes =
            (stats.viewsCreated - before.viewsCreated) + (stats.viewsReused - before.viewsReused)
            + (stats.viewsUpdated - before.viewsUpdated) + (stats.viewsRemoved - before.viewsRemoved)
            + (stats.viewsMoved - before.viewsMoved)
        if let log {
            var builds = buildsByType
            for (name, count) in buildsBefore { builds[name, default: 0] -= count }
            log.record(
                ReloadLog.Entry(
                    scope: scope, cause: stats.lastReloadCause?.description ?? "unknown",
                    builds: builds.filter { $0.value > 0 }, buildsSkipped: stats.buildsSkipped - before.buildsSkipped,
                    layouts: stats.layouts - before.layouts,
                    viewsCreated: stats.viewsCreated + stats.viewsReused - before.viewsCreated - before.viewsReused,
                    viewsUpdated: stats.viewsUpdated - before.viewsUpdated, viewsRemoved: stats.viewsRemoved - before.viewsRemoved,
                    viewsMoved: stats.viewsMoved - before.viewsMoved))
        }
        detector?.finish(scope: scopeDescription, cause: stats.lastReloadCause, viewChanges: changes)
        if Diagnostics.isOn(.excessiveReloads) { extras.excessiveReloads.note(scope: scopeDescription, cause: stats.lastReloadCause) }
    }

    /// Where the boundary whose scope this engine is was declared (diagnostics): read from the
    /// boundary's node its view was last configured from, so no engine stores it and no render of
    /// the parent writes it.
    var boundarySite: CallSite? {
        guard isBoundary, let view else { return nil }
        var node = view.renderNode
        while true {
            switch node._wrapping.kind {
            case .slot(let slot): node = slot.inner
            case .identified(let identified): node = identified.base
            case .none: return (node as? BoundaryNode)?.site
            }
        }
    }

    /// How messages name this engine's scope: its component's type and, for a boundary, where the
    /// boundary was declared ("Counter (the boundary at App/Feed.swift:12)").
    var scopeDescription: String {
        let name = component.map(WastedRebuildDetector.name(of:)) ?? "an empty engine"
        return boundarySite.map { "\(name) (the boundary at \($0))" } ?? name
    }
}
