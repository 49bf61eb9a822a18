/// Attributes `build()` calls and layouts to the engine that is laying out.
///
/// Engines lay out synchronously on the main actor, so the engine currently laying out is a plain
/// main-actor variable, set for the duration of a reload.
@MainActor
package enum BuildContext {
    /// The engine laying out. Main-actor state set per layout and read per build: no dynamic
    /// exclusivity check.
    ///
    /// A strong reference that is never counted: it is written only by `beginLayout` and
    /// `restore`, as an `Unmanaged` through rebound memory, while the engine runs its own reload
    /// (whoever asked for the reload holds the engine). Its readers, one per build, borrow a strong
    /// global in place, where they retained what they took out of an `Unmanaged` (46 instructions a
    /// build); a counted reference, set and restored around every reload, cost a retain and a
    /// release of the engine.
    /// Never assign it: the assignment would release a reference nobody retained.
    @exclusivity(unchecked) nonisolated(unsafe) private(set) static var engine: ComponentEngine?
    /// Counts engine layouts, so per-layout state outside the engine (reader occurrences) can tell
    /// a new layout began.
    @exclusivity(unchecked) package private(set) static var layoutGeneration = 0

    /// Makes `engine` the one laying out; returns the one it replaces, for `restore`.
    static func beginLayout(_ engine: ComponentEngine) -> Unmanaged<ComponentEngine>? {
        layoutGeneration &+= 1
        return exchange(Unmanaged.passUnretained(engine))
    }

    /// Makes `previous` (what `beginLayout` returned) the engine laying out again.
    static func restore(_ previous: Unmanaged<ComponentEngine>?) {
        _ = exchange(previous)
    }

    /// Stores `reference` into `engine` (no retain, no release) and returns what it held.
    /// (Nonisolated: a closure formed in a main-actor function is isolated too, and was not inlined
    /// here, so it checked the executor on every call.)
    nonisolated private static func exchange(_ reference: Unmanaged<ComponentEngine>?) -> Unmanaged<ComponentEngine>? {
        withUnsafeMutablePointer(to: &engine) { storage in
            // Rebound, not stored through raw bytes (which may overwrite only trivial values): an
            // optional reference and an optional `Unmanaged` of it have the same layout, and
            // assigning the `Unmanaged` retains and releases nothing.
            storage.withMemoryRebound(to: Unmanaged<ComponentEngine>?.self, capacity: 1) { unmanaged in
                let previous = unmanaged.pointee
                unmanaged.pointee = reference
                return previous
            }
        }
    }

    /// The engine laying out right now, if any (for layout extensions that keep per-engine state).
    package static var current: ComponentEngine? { engine }

    static func willBuild<Builder>(_ type: Builder.Type) {
        BuildCounter.active?.noteBuild(ObjectIdentifier(type), name: type)
        guard let engine else { return }
        engine.noteBuild(ObjectIdentifier(type), name: type)
    }
}
