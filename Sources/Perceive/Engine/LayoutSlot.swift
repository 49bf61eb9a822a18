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
    /// The layout generation that last visited this slot.
    @exclusivity(unchecked) var generation = -1
    /// Counts the layouts of this slot's body; `listedPass` is the parent's count when this slot
    /// was last listed among its children.
    @exclusivity(unchecked) var bodyPass = 0
    @exclusivity(unchecked) var listedPass = -1
    /// What the layout visiting it now must do (decided by `LayoutContext.visit`). (One byte, in
    /// the cache line of the fields above and the reference count: a row taken as it was touches
    /// only that line.)
    var pendingWork = PendingWork.none
    /// `explicitID != nil`, in this cache line: a run of rows moved by a removal asks it of every
    /// row (`listRun`), and the id itself is two lines on.
    private(set) var isNamed = false
    /// The position (container child indexes from its parent's body, ids left out: see
    /// `LayoutContext.positionalPath`) of the child that visited it in this layout, its low 32
    /// bits: tells a child laid out again from a sibling repeating its id (see `slot(for:)`).
    /// (Stamped on every row a list takes as it was: in the room the byte-sized fields above leave
    /// before the next word, on the same cache line. Declared among the flags below, it took a
    /// second line per row: a swap of 10,000 rows spent a fifth of its time more in `listRun`.)
    @exclusivity(unchecked) var claim: UInt32 = 0
    /// Bumped whenever `inner` is replaced.
    private(set) var version = 0
    /// The `version` its view was last configured from.
    var renderedVersion = -1
    /// Bumped when `inner` is replaced by a node whose content differs (see `setInner`): equal
    /// content versions mean equal content.
    private(set) var contentVersion = 0
    /// The `contentVersion` its view was last configured from (-1: none). Kept when the view is
    /// pooled (`forgetRendered`), as the view's content is.
    var renderedContentVersion = -1
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
    /// `inner` names itself (its `id` is not nil): only then is it asked for the id (see `id`).
    private(set) var innerHasID = false
    /// Whether builders below it default to memoized (automatic scopes were on here).
    var isAutomatic = false
    /// Its build's session is open (see `LayoutContext.sessions`).
    var isTracking = false
    @exclusivity(unchecked) var constraint = Constraint()
    /// The explicit id of the `IDComponent` directly around this builder, which then returns the
    /// slot itself instead of wrapping it (see `IDComponent.layout`); `explicitIDGeneration` says
    /// when it was set.
    var explicitID: String? {
        didSet { isNamed = explicitID != nil }
    }
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
    var parent: LayoutSlot? { parentReference?.takeUnretainedValue() }
    /// `parent`, unretained (it is alive while it lists this slot among its children): a walk up
    /// borrows each ancestor instead of copying it, a retain and a release each.
    let parentReference: Unmanaged<LayoutSlot>?
    /// Builder slots above this one.
    var depth: Int { Int(depth32) }
    private let depth32: Int32
    /// Children of the previous layout listed again in this one (here, not in `family`: counted
    /// for every child of a list on every reload). 32 bits, beside `depth32`: one word for both
    /// puts a slot in glibc's 416-byte size class instead of 432 (nesting stops at 10,000 levels,
    /// and a body lists far fewer than 2³¹ children).
    @exclusivity(unchecked) private var kept32: Int32 = 0
    var keptChildren: Int {
        @inline(__always) get { Int(kept32) }
        @inline(__always) set { kept32 = Int32(truncatingIfNeeded: newValue) }
    }

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

    /// Its children, their lookup and its containers' memos (see `SlotChildren`): made when its
    /// body first lists a child slot or keeps a memo. A leaf builder's slot (a row, a boundary's
    /// label) never has them, and keeps one word instead of 64 bytes.
    @exclusivity(unchecked) var family: SlotChildren?

    // Invalidation.
    var core: ScopeCore?

    /// The keys of per-engine state it uses and the reads a capped flush keeps (see `SlotKeys`):
    /// made on first use. Most slots have none, and keep one word instead of three.
    @exclusivity(unchecked) var keyed: SlotKeys?

    init(key: SlotKey, serial: Int, parent: LayoutSlot?) {
        self.key = key
        self.serial = serial
        if let parent { parentReference = Unmanaged.passUnretained(parent) } else { parentReference = nil }
        self.depth32 = Int32(truncatingIfNeeded: (parent?.depth ?? -1) + 1)
    }

    /// The slot of the builder that is an engine's component itself: the engine's root (see
    /// `LayoutContext.root`). Its depth is 1, as a builder's below a plain root, so the nesting
    /// of what it holds counts as it does in a full layout.
    init(rootBuilderKey key: SlotKey, serial: Int) {
        self.key = key
        self.serial = serial
        parentReference = nil
        self.depth32 = 1
    }

    /// Whether `slot` is this slot's parent, compared by identity. (Optimized, nothing is retained;
    /// the parent is alive in any case while it lists this slot among its children.)
    @inline(__always)
    func isChild(of slot: LayoutSlot) -> Bool { parentReference?.toOpaque() == Unmanaged.passUnretained(slot).toOpaque() }

    /// `body` given the output in place. Read as `inner.method()`, the node is copied out first
    /// (for a view's node, a retain and a release), since nothing tells the compiler that the
    /// call leaves the slot alone; `body` only reads it (the output changes only in layout, and
    /// nothing it is asked here lays out).
    @inline(__always)
    func withInner<R>(_ body: (inout any RenderNode) -> R) -> R { body(&inner) }

    /// The body laid out under `constraint`, in place: read as `body.layout(…)`, the body is
    /// copied out first (a retain and a release of a boxed one). The body changes only when the
    /// slot builds, never while its own layout runs.
    static func layOut(_ body: inout any Component, _ constraint: Constraint) -> any RenderNode { body.layout(constraint) }

    /// Replaces the output; views showing the old one are updated at the next render.
    func setInner(_ handle: consuming NodeHandle) {
        var node = handle.take()
        // Compared with the node it replaces, so that render compares versions rather than keep
        // the node a view was configured from (a field of 40 bytes, assigned at every render, and
        // two existential copies per comparison). Only a view-backed node is compared: render
        // compares the content of items, and a slot is an item only when its node shows a view. A
        // slot that changed and changed back between two renders counts as changed: its view is
        // configured once more than it needs.
        viewType = node.viewType
        if viewType == nil || !withInner({ $0.isContentEqual(to: node) }) { contentVersion &+= 1 }
        size = node.size
        rendersChildren = node.rendersChildren
        if case .none = node._wrapping.kind { innerIsPlain = true } else { innerIsPlain = false }
        isViewLeaf = innerIsPlain && viewType != nil && !rendersChildren
        innerHasID = node.id != nil
        // Stored last, swapped in: read after the store, it was copied into the slot, and assigned,
        // it was copied over the old node and then destroyed (a retain and a release more). The
        // old node goes with `node` — unless it is a two-child node nothing else holds, kept for
        // the next one instead (see `ChildPairNode.make`), once the slot is whole again.
        var unshared = ChildPairNode.takeIfUnshared(&inner)
        swap(&inner, &node)
        version &+= 1
        slotOutputChanges &+= 1
        if let pair = unshared.take() { ChildPairNode.keep(pair) }
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
