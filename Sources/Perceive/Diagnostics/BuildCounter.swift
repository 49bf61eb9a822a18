/// Counts the reloads and `build()` calls of every engine while it is active: what a display
/// reports about the flush before a frame ("1 build in the gallery"), at the cost of an integer
/// per reload and per build. (A ``ReloadLog`` names scopes and causes too, and costs more.)
@MainActor
package final class BuildCounter {
    /// The counter engines report to, if any.
    @exclusivity(unchecked) package static var active: BuildCounter?

    /// Reloads counted.
    package private(set) var reloads = 0
    private var tally = BuildTally()

    package init() {}

    /// `build()` calls counted, over every type.
    package var builds: Int { tally.total }
    /// The same calls by builder type name (`["Cell": 1]`).
    package var buildsByType: [String: Int] { tally.byName }

    func noteReload() { reloads += 1 }
    func noteBuild(_ type: ObjectIdentifier, name: Any.Type) { tally.add(type, name: name) }
}
