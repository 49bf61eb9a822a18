import Foundation

/// Where a builder sits under its parent builder: the path of container child indexes (or explicit
/// ids) from the parent's body, the builder's type, and — when a custom layout lays out several
/// builders at one path — which of them it is.
struct SlotKey: Hashable {
    let path: Int
    let type: ObjectIdentifier
    let occurrence: Int
}

/// One builder's place in a scope's layout, kept across reloads: what it was given last time (the
/// builder, its constraint and environment), what it made (its body and its node), and — for a
/// memoized builder — its own subscription to what its build read.
///
/// A slot is itself the node its parent's layout holds, so when its output changes in place the
/// parent's nodes stay valid, and render and reconciliation recognise unchanged subtrees by
/// identity and version instead of comparing them.
///
/// Fields marked `@exclusivity(unchecked)` are touched per row on every reload: main-actor state
/// whose accesses never overlap, so the dynamic exclusivity check is skipped.
@MainActor
final class LayoutSlot: RenderNode {
    // What a reload asks of every child it passes (a list's row taken as it was, a leaf kept by
    // render), declared first and together: stored properties are laid out in declaration order,
    // and a list's reload visits a thousand slots, where a field on another cache line is one more
    // miss per row.
    /// `parent`'s identifier: comparing it retains nothing.
    let parentID: ObjectIdentifier?
    /// The layout generation that last visited this slot.
    @exclusivity(unchecked) var generation = -1
    /// Counts the layouts of this slot's body; `listedPass` is the parent's count when this slot
    /// was last listed among its children.
    @exclusivity(unchecked) private var bodyPass = 0
    @exclusivity(unchecked) fileprivate(set) var listedPass = -1
    /// What the layout visiting it now must do (decided by `LayoutContext.visit`). (One byte, in
    /// the cache line of the fields above and the reference count: a row taken as it was touches
    /// only that line.)
    var pendingWork = PendingWork.none
    /// Bumped whenever `inner` is replaced.
    private(set) var version = 0
    /// The `version` its view was last configured from (see `renderedInner`).
    var renderedVersion = -1
    /// `environment.identity`, kept beside it (see `EnvironmentStack.currentIdentity`).
    @exclusivity(unchecked) private(set) var environmentIdentity = 0
    /// `builder` holds a builder (it is a placeholder until the first build).
    var hasBuilder = false
    /// Reloads on its own when what it read changes (an `Equatable` builder, or any builder under
    /// automatic scopes).
    var isMemoized = false
    /// The builder is `Equatable` (compared with the previous value when its parent rebuilds).
    var isEquatable = false
    /// It left the tree (its parent's layout no longer visits it).
    var isDiscarded = false
    /// Laid out inside a measurement reader's pass: it cannot be laid out alone (the reader must
    /// measure again), so an invalidation re-lays out the nearest slot outside the reader.
    var isInsideReader = false
    /// What its own build read has changed.
    var isDirty = false
    /// A slot below it is dirty.
    var hasDirtyDescendant = false
    /// `inner` is not itself a wrapper (another slot or an id), so render treats the slot as a leaf.
    private(set) var innerIsPlain = true
    /// `inner` is plain and shows one view that hosts nothing rendered below it (a row's label):
    /// render makes exactly one item of the slot, with no nested slots, and needs no work list.
    private(set) var isViewLeaf = false
    /// `renderedInner` holds what a view was configured from.
    var hasRenderedInner = false
    /// Whether builders below it default to memoized (automatic scopes were on here).
    var isAutomatic = false
    @exclusivity(unchecked) var constraint = Constraint()
    /// The explicit id of the `IDComponent` directly around this builder, which then returns the
    /// slot itself instead of wrapping it (see `IDComponent.layout`); `explicitIDGeneration` says
    /// when it was set.
    var explicitID: String?
    /// Where its views were last rendered (see `RenderPatch`).
    @exclusivity(unchecked) var renderRecord: RenderRecord?
    // What render asks of `inner` for every item, kept here: containers ask for their children's
    // sizes many times per layout, and reading through the stored existential copies it.
    private(set) var size = CGSize.zero
    // Not optional: an optional existential is copied through generic value witnesses on every
    // read (a few hundred instructions per reload of a boundary).
    @exclusivity(unchecked) var builder: any Component = EmptyComponent()
    let key: SlotKey

    // Everything else.
    /// Unique for the engine's lifetime: per-engine state made inside the slot (stores, reader
    /// histories) is keyed under it, so it lives as long as the slot.
    let serial: Int
    /// The builder slot whose body contains this one (`nil` for an engine's root).
    private(set) unowned(unsafe) var parent: LayoutSlot?
    /// Builder slots above this one.
    let depth: Int

    // Last input.
    @exclusivity(unchecked) var body: any Component = EmptyComponent()
    @exclusivity(unchecked) var environment = EnvironmentValues() {
        didSet { environmentIdentity = environment.identity }
    }

    enum PendingWork {
        case none
        case layOutAgain
        case build
    }

    // Last output.
    @exclusivity(unchecked) private(set) var inner: any RenderNode = EmptyLayoutNode(size: .zero)
    private(set) var viewType: ObjectIdentifier?
    private(set) var rendersChildren = false
    /// The layout generation that set `explicitID`.
    var explicitIDGeneration = -1
    /// The inner node a view was last configured from (at `renderedVersion`).
    /// (Not optional, like `builder`: see there. Meaningful once `hasRenderedInner`.)
    @exclusivity(unchecked) var renderedInner: any RenderNode = EmptyLayoutNode(size: .zero)

    /// Its children, their lookup and its containers' memos (see `SlotChildren`): made when its
    /// body first lists a child slot or keeps a memo. A leaf builder's slot (a row, a boundary's
    /// label) never has them, and keeps one word instead of 64 bytes.
    @exclusivity(unchecked) private var family: SlotChildren?
    /// Children of the previous layout listed again in this one (here, not in `family`: counted
    /// for every child of a list on every reload).
    @exclusivity(unchecked) private var keptChildren = 0

    // Invalidation.
    var core: ScopeCore?
    /// The memoized builder's own session while it builds.
    var tracking: _TrackingToken?
    /// The cells its last build read, kept only for a capped flush (see `LayoutContext.keepingReads`).
    var keptReads: [PerceptionCell]?

    /// Keys of per-engine state its body's layout used (readers), and per-call-site counts.
    @exclusivity(unchecked) var keys: [OwnedKey] = []
    /// Keys of per-engine state its builder's own `build()` made (a store): see
    /// `LayoutContext.building(_:_:)`.
    @exclusivity(unchecked) var buildKeys: [OwnedKey] = []

    init(key: SlotKey, serial: Int, parent: LayoutSlot?) {
        self.key = key
        self.serial = serial
        self.parent = parent
        self.parentID = parent.map(ObjectIdentifier.init)
        self.depth = (parent?.depth ?? -1) + 1
    }

    /// The slot of the builder that is an engine's component itself: the engine's root (see
    /// `LayoutContext.root`). Its depth is 1, as a builder's below a plain root, so the nesting
    /// of what it holds counts as it does in a full layout.
    init(rootBuilderKey key: SlotKey, serial: Int) {
        self.key = key
        self.serial = serial
        self.parent = nil
        self.parentID = nil
        self.depth = 1
    }

    /// Replaces the output; views showing the old one are updated at the next render.
    func setInner(_ handle: NodeHandle) {
        let node = handle.node
        inner = node
        size = node.size
        viewType = node.viewType
        rendersChildren = node.rendersChildren
        if case .none = node._wrapping.kind { innerIsPlain = true } else { innerIsPlain = false }
        isViewLeaf = innerIsPlain && viewType != nil && !rendersChildren
        version &+= 1
        slotOutputChanges &+= 1
    }

    // MARK: Children

    /// The child slots of the last layout of the body (see `SlotChildren`).
    var childSlots: [LayoutSlot] { family?.childSlots ?? [] }

    private func makeFamily() -> SlotChildren {
        if let family { return family }
        let made = SlotChildren()
        family = made
        return made
    }

    /// Starts a new layout of the body: children are collected again in layout order.
    func beginChildren() {
        bodyPass &+= 1
        keptChildren = 0
        family?.begin()
    }

    /// The child with `key`, if it was a child after the previous layout of the body (see
    /// `SlotChildren.existingChild`).
    @inline(__always)
    func existingChild(_ key: SlotKey) -> LayoutSlot? { family?.existingChild(key) }

    /// Adds `child` to the children of the body laying out, once per layout of the body. A child
    /// listed by the previous layout (it is in `childSlots`: `childSlots` is exactly what that
    /// layout listed) is only counted.
    @inline(__always)
    func list(_ child: LayoutSlot) {
        let listed = child.listedPass
        guard listed != bodyPass else { return }
        child.listedPass = bodyPass
        if listed == bodyPass &- 1 { keptChildren &+= 1 } else { makeFamily().nextChildSlots.append(child) }
    }

    /// Advances the lookup past `child`, taken without a lookup (see `ChildReuse`), so that the
    /// children after it are still found in order.
    func passed(_ child: LayoutSlot) { family?.passed(child) }

    /// How many times a layout of the body met the per-call-site `key` so far (see `ChildLayout`).
    func occurrence(of key: String) -> Int? { family?.occurrences[key] }

    func setOccurrence(_ count: Int, of key: String) { makeFamily().occurrences[key] = count }

    // MARK: Container memos

    /// The memo of the container of `type` at `path` in the body, marked used by this body pass.
    func memo(path: Int, type: ObjectIdentifier) -> ChildMemo? { family?.memo(path: path, type: type, pass: bodyPass) }

    /// Keeps `memo` for the container at its place (replacing the one there).
    func remember(_ memo: ChildMemo) { makeFamily().remember(memo, pass: bodyPass) }

    /// Drops the memos of containers the body no longer laid out in its last pass.
    func sweepMemos() { family?.sweepMemos(pass: bodyPass) }

    /// Ends the layout of the body: children it did not visit left the tree (also when the body
    /// was laid out twice in one layout and the second time skipped one). Returns them.
    func endChildren() -> [LayoutSlot] { family?.end(pass: bodyPass, kept: keptChildren) ?? [] }

    // MARK: RenderNode

    var children: [any RenderNode] { inner.children }
    var positions: [CGPoint] { inner.positions }
    var id: String? { inner.id }
    func visibleIndexes(in frame: CGRect) -> [Int] { inner.visibleIndexes(in: frame) }
    func makeView() -> PlatformView? { inner.makeView() }
    var _wrapping: _RenderWrapping { _RenderWrapping(kind: .slot(self)) }

    func updateView(_ view: PlatformView) {
        inner.updateView(view)
        noteRendered()
    }

    func updateHandlers(_ view: PlatformView) {
        // Unchanged since the view was configured from it: the view already holds its handlers.
        guard renderedVersion != version else { return }
        inner.updateHandlers(view)
        noteRendered()
    }

    private func noteRendered() {
        renderedInner = inner
        hasRenderedInner = true
        renderedVersion = version
    }

    /// Its view went through the reuse pool (handlers dropped): the next render configures the
    /// handlers again.
    func forgetRendered() {
        renderedVersion = -1
        slotOutputChanges &+= 1
    }

    /// `node` is this slot and it has not changed since it configured a view.
    func isRendered(as node: any RenderNode) -> Bool {
        guard case .slot(let other) = node._wrapping.kind else { return false }
        return other === self && renderedVersion == version
    }

    /// Unchanged since its view was configured (same version), or changed to an equal node.
    /// Against another slot, the comparison is with what that slot last configured a view from:
    /// it may have been laid out again since (a slot is a retained, mutable node).
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard case .slot(let other) = other._wrapping.kind else { return inner.isContentEqual(to: other) }
        guard other === self else { return inner.isContentEqual(to: other.hasRenderedInner ? other.renderedInner : other.inner) }
        if renderedVersion == version { return true }
        guard hasRenderedInner else { return false }
        return inner.isContentEqual(to: renderedInner)
    }
}

/// Counts every replacement of a slot's output (`setInner`) and every rendering dropped
/// (`forgetRendered`), in every engine: a list rendered whole notes it (see `RenderedList`).
/// (Main-actor state; a constant initial value, so reading it is a load.)
@exclusivity(unchecked) nonisolated(unsafe) var slotOutputChanges = 0

/// A key of some per-engine state (a store, a reader's history) a slot's build used.
@MainActor
struct OwnedKey {
    let state: any KeyedLayoutState
    let key: String
}
