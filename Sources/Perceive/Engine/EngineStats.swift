/// Counters of one engine, accumulated since it was created (or ``ComponentEngine/resetStats()``).
public struct EngineStats: Equatable, Sendable {
    /// Reloads performed (each lays out once).
    public var reloads = 0
    /// `build()` calls made while this engine laid out.
    public var builds = 0
    /// `build()` calls skipped because an `Equatable` builder was equal to its previous value.
    public var buildsSkipped = 0
    /// Of ``buildsSkipped``, the builders a container took as they were without laying them out:
    /// their value was exactly the previous one (see Docs/Incremental.md, "Unchanged children").
    public var childrenReused = 0
    /// Layout passes (reloads plus re-layouts after a resize).
    public var layouts = 0
    /// Reloads that laid out only the memoized builders whose reads changed (and what their size
    /// changes reached), not the whole component.
    public var incrementalReloads = 0
    /// Render passes (after layouts, and after scrolling).
    public var renders = 0
    /// Of ``renders``, those that moved the rows of a reordered list without walking it (see
    /// Docs/Incremental.md, "Reordered lists").
    public var listPatches = 0
    /// Views created from scratch.
    public var viewsCreated = 0
    /// Views taken from the reuse pool instead of created.
    public var viewsReused = 0
    /// Views whose content was reconfigured because their node changed.
    public var viewsUpdated = 0
    /// Nodes compared with the ones their views showed (to find out whether a view needs updating);
    /// nodes recognised as unchanged by identity are not compared. A view-leaf slot laid out again
    /// counts here as one comparison, though it answers from its content version (its new output
    /// was compared with the one it replaced when it was laid out).
    public var nodesCompared = 0
    /// Views removed (scrolled out or gone from the tree).
    public var viewsRemoved = 0
    /// Views moved to a new position among their siblings.
    public var viewsMoved = 0
    /// Why the most recent reload happened.
    public var lastReloadCause: ReloadCause?

    /// Empty counters.
    public init() {}

    /// The element-wise sum (`lastReloadCause` is the right-hand side's when it has one).
    public static func + (lhs: EngineStats, rhs: EngineStats) -> EngineStats {
        var sum = lhs
        sum.reloads += rhs.reloads
        sum.builds += rhs.builds
        sum.buildsSkipped += rhs.buildsSkipped
        sum.childrenReused += rhs.childrenReused
        sum.layouts += rhs.layouts
        sum.incrementalReloads += rhs.incrementalReloads
        sum.renders += rhs.renders
        sum.listPatches += rhs.listPatches
        sum.viewsCreated += rhs.viewsCreated
        sum.viewsReused += rhs.viewsReused
        sum.viewsUpdated += rhs.viewsUpdated
        sum.nodesCompared += rhs.nodesCompared
        sum.viewsRemoved += rhs.viewsRemoved
        sum.viewsMoved += rhs.viewsMoved
        sum.lastReloadCause = rhs.lastReloadCause ?? lhs.lastReloadCause
        return sum
    }
}

/// Why an engine reloaded.
public enum ReloadCause: Equatable, Sendable, CustomStringConvertible {
    /// `component` was set.
    case componentChanged
    /// A parent pushed new content (or a new environment) into a perception boundary.
    case contentChanged
    /// A boundary's view came back from the reuse pool and its engine resumed (it observed nothing
    /// while pooled, so it lays out again even if its content is equal).
    case reattached
    /// The view's size changed.
    case resized
    /// A tracked property read by the last reload was written.
    case perception(PerceptionChange)

    public var description: String {
        switch self {
        case .componentChanged: return "component set"
        case .contentChanged: return "new content from the parent"
        case .reattached: return "reused view resumed"
        case .resized: return "resized"
        case .perception(let change): return change.description
        }
    }
}
