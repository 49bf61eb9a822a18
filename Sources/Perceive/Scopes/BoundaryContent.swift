import Foundation

/// What a ``PerceptionBoundary`` holds, in one object its component and the nodes its layouts make
/// share: the content, the environment snapshot, the sizing and the call site.
///
/// Made once per `perceptionView` call, it is the boundary's only allocation (content too large
/// for an existential's inline buffer adds its box). Held by reference, the component (one word)
/// and an `.id(_:)` around it (three) fit an existential's inline buffer, so a builder's list does
/// not box them; a layout's node is this reference and a size, three words as well, so laying a
/// boundary out allocates nothing (it used to allocate a node per boundary in every layout of its
/// parent, and box the component in every build). A parent laying out again without building
/// again makes nodes sharing the object: render then knows the content did not change without
/// comparing it.
///
/// The content is kept as the engine takes it, an existential packed once where the boundary is
/// made (specialized there), so that a comparison or a handoff to the engine copies nothing
/// through generic value witnesses.
///
/// Immutable but for the id its nodes carry and its copies for other ids, which only layouts write
/// (on the main actor).
@MainActor
@usableFromInline
final class BoundaryContent {
    @usableFromInline let content: any Component
    @usableFromInline let environment: EnvironmentValues
    @usableFromInline let site: CallSite
    // (After the call site, in the room its last word leaves.)
    @usableFromInline let scrolls: Bool
    /// Whether a layout has decided `nodeID` (see `identified(by:)`). (Main-actor state written by
    /// layouts, which never overlap: no dynamic exclusivity checks.)
    @exclusivity(unchecked) private var hasNodeID = false
    /// Whether `content` holds a value type that is not `Equatable` (found by a comparison, see
    /// `contentEquals`). (In the room after `hasNodeID`: the object stays 152 bytes.)
    @exclusivity(unchecked) private(set) var contentIsIncomparable = false
    @usableFromInline let sizes: PackedSizes
    /// The explicit id the nodes made from this object carry.
    @exclusivity(unchecked) private(set) var nodeID: String?
    /// The next copy made for another id (see `identified(by:)`), each holding the one after it.
    /// (152 bytes in all, glibc's 160-byte class, with the sizes packed.)
    @exclusivity(unchecked) private var nextCopy: BoundaryContent?

    @inlinable
    convenience init(
        content: any Component, environment: EnvironmentValues, site: CallSite, width: SizeStrategy, height: SizeStrategy, scrolls: Bool
    ) {
        self.init(content: content, environment: environment, site: site, sizes: PackedSizes(width, height), scrolls: scrolls)
    }

    @inlinable
    init(content: any Component, environment: EnvironmentValues, site: CallSite, sizes: PackedSizes, scrolls: Bool) {
        (self.content, self.environment, self.site, self.scrolls, self.sizes) = (content, environment, site, scrolls, sizes)
    }

    /// Whether `content` equals `other`'s (`componentsEqual`). A type found not `Equatable` is
    /// remembered on both objects, so the next content of that type — handed down again by every
    /// reload of the parent — is known different without asking whether its type compares (a
    /// lookup in a per-thread table, about 100 instructions).
    func contentEquals(_ other: BoundaryContent) -> Bool {
        if other.contentIsIncomparable && componentsHoldOneType(content, other.content) {
            contentIsIncomparable = true
            return false
        }
        guard let equal = componentsComparison(content, other.content) else {
            (contentIsIncomparable, other.contentIsIncomparable) = (true, true)
            return false
        }
        return equal
    }

    var width: SizeStrategy { sizes.width }
    var height: SizeStrategy { sizes.height }

    /// This object when its nodes carry `id` — the first layout decides, so that the id needs no
    /// room in the node —, else the copy made for `id`. A copy exists only for one boundary value
    /// laid out under several ids (`let b = ….perceptionView(…)` then `b.id("a")` and `b.id("b")`):
    /// each node keeps its own id, and each id keeps its copy, so that laying the value out again
    /// hands each boundary the object it had.
    func identified(by id: String?) -> BoundaryContent {
        if !hasNodeID {
            (nodeID, hasNodeID) = (id, true)
            return self
        }
        if nodeID == id { return self }
        var copy = nextCopy
        while let candidate = copy {
            if candidate.nodeID == id { return candidate }
            copy = candidate.nextCopy
        }
        let made = BoundaryContent(content: content, environment: environment, site: site, sizes: sizes, scrolls: scrolls)
        (made.nodeID, made.hasNodeID, made.nextCopy) = (id, true, nextCopy)
        nextCopy = made
        return made
    }
}
