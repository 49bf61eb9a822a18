/// Attributes `build()` calls and layouts to the engine that is laying out.
///
/// Engines lay out synchronously on the main actor, so the engine currently laying out is a plain
/// main-actor variable, set for the duration of a reload.
@MainActor
package enum BuildContext {
    // Main-actor state set per layout and read per build: no dynamic exclusivity check.
    @exclusivity(unchecked) static var engine: ComponentEngine?
    /// Counts engine layouts, so per-layout state outside the engine (reader occurrences) can tell
    /// a new layout began.
    @exclusivity(unchecked) package private(set) static var layoutGeneration = 0

    static func beginLayout(_ engine: ComponentEngine) {
        self.engine = engine
        layoutGeneration &+= 1
    }

    /// The engine laying out right now, if any (for layout extensions that keep per-engine state).
    package static var current: ComponentEngine? { engine }

    static func willBuild<Builder>(_ type: Builder.Type) {
        BuildCounter.active?.noteBuild(ObjectIdentifier(type), name: type)
        guard let engine else { return }
        engine.noteBuild(ObjectIdentifier(type), name: type)
    }
}
