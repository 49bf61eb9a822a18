/// The `.environmentOrdering` check: an environment value applied around a perception boundary
/// from outside never reaches the boundary's content (the gallery guide's broken ordering).
@MainActor
package enum EnvironmentOrdering {
    private static var reportedSites: Set<String> = []

    /// Call sites reported so far: one per `.environment(…)` call in the program's source.
    package static var reportedCount: Int { reportedSites.count }

    /// Reports the mistake once per call site of the `.environment(…)` modifier.
    static func report(site: String, key: Any.Type?, valueType: Any.Type, contentType: String) {
        guard reportedSites.insert(site).inserted else { return }
        let value = key.map { "the environment value of \($0) (a \(valueType))" } ?? "an environment value of type \(valueType)"
        Diagnostics.report(
            .environmentOrdering,
            "Perceive: \(value) is set at \(site) around a perception boundary, so \(contentType) never sees it: the boundary captured the environment when its modifier was called. Set the value before the boundary modifier, e.g. \(contentType)().environment(…).perceptionView(…), or create the boundary inside a ComponentBuilder that is itself inside the value."
        )
    }

    /// Forgets reported call sites (tests).
    static func reset() { reportedSites = [] }
}
