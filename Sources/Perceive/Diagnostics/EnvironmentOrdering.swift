/// The `.environmentOrdering` check: an environment value applied around a perception boundary
/// from outside never reaches the boundary's content (the gallery guide's broken ordering).
@MainActor
package enum EnvironmentOrdering {
    private static var reportedSites: Set<String> = []

    /// Call sites reported so far: one per `.environment(…)` call in the program's source.
    package static var reportedCount: Int { reportedSites.count }

    /// Reports the mistake once per call site of the `.environment(…)` modifier.
    static func report(site: String, key: Any.Type?, property: String?, valueType: Any.Type, contentType: String) {
        guard reportedSites.insert(site).inserted else { return }
        let value: String
        switch (key, property.flatMap(propertyName)) {
        case (let key?, let property?): value = "the environment value \\.\(property) (stored under \(key), a \(valueType))"
        case (let key?, nil): value = "the environment value of \(key) (a \(valueType))"
        default: value = "an environment value of type \(valueType)"
        }
        Diagnostics.report(
            .environmentOrdering,
            "Perceive: \(value) is set at \(site) around a perception boundary, so \(contentType) never sees it: the boundary captured the environment when its modifier was called. Set the value before the boundary modifier, e.g. \(contentType)().environment(…).perceptionView(…), or create the boundary inside a ComponentBuilder that is itself inside the value."
        )
    }

    /// The property an accessor's `#function` names (`viewController`), when it is one.
    private static func propertyName(_ function: String) -> String? {
        guard !function.isEmpty, !function.contains("("), function.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        return function
    }

    /// Forgets reported call sites (tests).
    static func reset() { reportedSites = [] }
}
