import Foundation

/// Renders a component tree into a view and keeps it up to date: the unit of reloading.
///
/// A reload lays the component out inside the engine's ``TrackingScope`` (so `build()` reads
/// subscribe this engine and nothing else), then renders: only nodes visible in the view's bounds
/// get views, matched to the existing ones by id, reused by type, and reconfigured only when their
/// node changed. Setting ``component``, resizing the view, or a write to a property read by the
/// last reload marks the engine dirty; ``flush()`` reloads it (and any dirty engine below it).
///
/// Fields marked `@exclusivity(unchecked)` are touched on every reload, per row: main-actor state
/// whose accesses never overlap, so the dynamic exclusivity check (about 40 instructions each)
/// is skipped.
@MainActor
public final class ComponentEngine {
    /// The component rendered into ``view``; setting it schedules a reload. `nil` clears the view
    /// (its views go to the reuse pool) and stops observing what the previous component read.
    public var component: (any Component)? {
        get { hasComponent ? storedComponent : nil }
        set {
            if let newValue { setComponent(newValue) } else { clearComponent() }
        }
    }

    /// Sets the component, as assigning ``component`` does (without making an optional of it).
    func setComponent(_ component: any Component) {
        storedComponent = component
        hasComponent = true
        componentDidChange()
    }

    private func clearComponent() {
        storedComponent = EmptyComponent()
        hasComponent = false
        componentDidChange()
    }

    private func componentDidChange() {
        guard !suppressScheduling else { return }
        if Diagnostics.isOn(.untrackedReads) { UntrackedReads.componentWasSet(on: view) }
        setNeedsReload(.componentChanged)
    }
    // `component` and `rootNode` are kept as plain existentials with a flag: an optional
    // existential is copied, assigned and destroyed through the runtime's generic enum witnesses,
    // about 250 instructions per reload for the two.
    @exclusivity(unchecked) private(set) var storedComponent: any Component = EmptyComponent()
    /// The view this engine renders into (`nil` once that view is gone).
    // Unowned, not weak: a weak reference gives the view a side table, and every retain and
    // release of it then takes the runtime's slow path. It never dangles: the view owns its
    // engine, and clears this in its deinitializer should the engine outlive it.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var view: PlatformView?
    /// The environment the component is laid out in (a perception boundary's snapshot; empty for a root).
    @exclusivity(unchecked) public internal(set) var environment = EnvironmentValues()
    /// Counters since creation or ``resetStats()``.
    // Counted per row on the layout and render paths; main-actor state whose accesses never
    // overlap, so it skips dynamic exclusivity checks.
    @exclusivity(unchecked) public internal(set) var stats = EngineStats()
    // Declared after `stats`, in the room its last field leaves (see the flags below).
    @exclusivity(unchecked) private(set) var hasComponent = false
    /// The root node of the last layout. A node read here stays whole for as long as you keep it:
    /// once it has been read, the engine's later layouts copy the lists they keep instead of handing
    /// their rows over (see `MovedSlot`), so every node below it goes on describing that layout.
    public internal(set) var rootNode: (any RenderNode)? {
        get {
            guard hasRootNode else { return nil }
            listsEscaped = true
            return storedRootNode
        }
        set {
            storedRootNode = newValue ?? EmptyLayoutNode(size: .zero)
            hasRootNode = newValue != nil
        }
    }
    @exclusivity(unchecked) var storedRootNode: any RenderNode = EmptyLayoutNode(size: .zero)
    /// `body` given `storedRootNode` in place (read as `storedRootNode`, it is copied out first: a
    /// retain and a release). `body` only reads it, and so may whatever it calls (user code reached
    /// from a render reading ``rootNode``): nothing may write it meanwhile — the engine's own reload
    /// alone does, and the engine refuses one during its render.
    @inline(__always)
    func withStoredRootNode<R>(_ body: (inout any RenderNode) -> R) -> R { body(&storedRootNode) }
    /// Full renders so far (render records of other ages are stale).
    var renderCount = 0

    /// The engine's reload scope: what its last reload read, outside its memoized builders.
    let scope: ScopeCore
    /// The handler of its scope and of its memoized builders' subscriptions (their shared box).
    let token: EngineToken
    var pendingCause: ReloadCause?
    /// `view` is a ``ComponentScrollView`` (its content is laid out with an unbounded height).
    let rendersIntoScrollView: Bool
    /// True for the engine of a perception boundary's view (detached when the view is removed).
    var isBoundary = false
    var needsReload = false
    /// In the scheduler's dirty list, or in the round of the flush in progress and not reloaded yet
    /// (see `ReloadScheduler.markDirty`).
    var isScheduled = false
    var needsRender = false
    /// Set with any pending work that is not a tracked change (new content, a resize, a new
    /// component): such work is never dropped by the reload cap.
    var needsUntrackedReload = false
    // Its other flags, together: stored properties are laid out in declaration order, and a flag
    // after a wider field takes a word of its own (32 bytes per engine, scattered). They follow
    // `pendingCause`, whose last word it fills only in part, as `hasComponent` follows `stats`: an
    // engine is then 472 bytes, in glibc's 480-byte size class instead of 496.
    @exclusivity(unchecked) var hasRootNode = false
    /// `rootNode` was read: a node list of this engine may be kept outside it, so new lists copy
    /// the slots they keep rather than taking them over from the previous list (see `MovedSlot`).
    @exclusivity(unchecked) var listsEscaped = false
    /// A reload or render of this engine is under way (`reloadIfNeeded` does not nest one).
    var isPerformingWork = false
    /// A full render collected a list whole (only then is a render worth trying as a `ListPatch`).
    var mayPatchLists = false
    /// The next reload must lay out from the component (not only the memoized builders whose
    /// reads changed): the component, content, size or something read outside them changed.
    var needsFullLayout = true
    /// Every builder of this engine is memoized and reloads on its own (see ``Component/automaticScopes()``).
    // Read on every reload: no dynamic exclusivity check (main-actor state).
    @exclusivity(unchecked) public var automaticScopes = false {
        didSet { if automaticScopes != oldValue { setNeedsReload(.componentChanged) } }
    }
    /// True after `detach()` until the parent hands content again: the engine observes nothing,
    /// so the parent must hand it content even if that content equals what it had.
    var isDetached = false
    /// Set while content is assigned without scheduling (see `withoutScheduling`).
    var suppressScheduling = false
    /// The retained layout: one slot per builder, kept across reloads.
    // A constant, made with the engine: read on every reload (a lazy one was loaded, checked and
    // retained at each of several reads).
    let layoutContext = LayoutContext()
    @exclusivity(unchecked) var reusePool = ReusePool()
    /// Its reloads in the flush that last counted one (see `ReloadScheduler.flush`).
    @exclusivity(unchecked) var flushReloads: (flush: Int, count: Int) = (-1, 0)
    /// Its place among engines in the flush that last placed it (see `EngineTree`).
    @exclusivity(unchecked) var treePlace = TreePlace()
    /// Its parent engine as last looked up (see `parentEngine`).
    @exclusivity(unchecked) var parentLookup = ParentLookup()
    @exclusivity(unchecked) var buildCounts = BuildTally()
    /// What few engines use (see `EngineExtras`), once made.
    @exclusivity(unchecked) var extrasIfMade: EngineExtras?

    /// The deepest nesting of builders (and measurement readers) a layout goes into: deeper parts
    /// of a tree are not laid out, and reported. The default, 10,000 (2,000 in debug builds), is
    /// the depth Perceive supports on a thread with the default 8 MiB stack; a layout that would
    /// use up the stack first stops there instead, also reported.
    // Read once per builder: no dynamic exclusivity check.
    #if DEBUG
        @exclusivity(unchecked) public static var maximumNestingDepth = 2_000
    #else
        @exclusivity(unchecked) public static var maximumNestingDepth = 10_000
    #endif

    init(view: PlatformView) {
        Diagnostics.installDefaults()
        // Reads made before this engine existed did not build its component.
        if Diagnostics.isOn(.untrackedReads) { UntrackedReads.clear() }
        let token = EngineToken(inbox: ReloadScheduler.shared.inbox)
        self.token = token
        self.view = view
        rendersIntoScrollView = view is ComponentScrollView
        // The token is the handler of the engine's scope and of its memoized builders (see
        // `EngineToken.call`): their one box, with no closure.
        self.scope = ScopeCore(sharing: token)
        token.engine = self
        layoutContext.attach(to: self)
    }

    // Isolated: it clears main-actor state that names the engine without retaining it (its token,
    // parent lookups cached by engines below it), so that nothing reaches a freed engine.
    isolated deinit {
        scope.cancel()
        token.engine = nil
        // The scheduler lists engines unretained: one going while listed takes itself off.
        if isScheduled { ReloadScheduler.shared.forget(self) }
        ViewHierarchy.revision &+= 1
    }

    /// Schedules a reload (layout and render).
    public func setNeedsReload() { setNeedsReload(nil) }

    /// Reloads now if something made the engine dirty, without touching other engines. Called
    /// while this engine reloads (from a `build()` or a view update) it does nothing and reports
    /// ``Diagnostics/Category/reentrantReload``: the engine stays dirty, and its next flush reloads
    /// it (a reload inside a reload would replace the layout the outer one is still using).
    public func reloadIfNeeded() {
        guard needsReload || needsRender else { return }
        guard !isPerformingWork else {
            Diagnostics.report(
                .reentrantReload,
                "Perceive: reloadIfNeeded() was called while the same engine was reloading (from build() or a view update); the nested call was ignored, and the next flush reloads the engine."
            )
            return
        }
        performPendingWork()
    }

    /// Reloads this engine and every engine below its view that is dirty, parents first.
    public func flush() { ReloadScheduler.shared.flush(within: self) }

    /// Zeroes ``stats`` (and per-type build counts).
    public func resetStats() {
        stats = EngineStats()
        buildCounts = BuildTally()
    }

    /// `build()` calls made in this engine by builder type name, e.g. `["ImageContainer": 50]`.
    public var buildsByType: [String: Int] { buildCounts.byName }

    /// Whether the engine would reload (or re-render) on the next flush.
    public var isDirty: Bool { needsReload || needsRender || hasQueuedInvalidations }

    /// Whether invalidations of this engine wait in the scheduler's queue (writes from another
    /// thread, or made during a flush or a layout); a main-queue write between flushes marks the
    /// engine at once instead.
    package var hasQueuedInvalidations: Bool { ReloadScheduler.shared.inbox.contains(token) }

    // MARK: - Invalidation

    func setNeedsReload(_ cause: ReloadCause?) {
        needsReload = true
        needsFullLayout = true
        if case .perception? = cause {} else { needsUntrackedReload = true }
        if let cause { pendingCause = cause }
        ReloadScheduler.shared.markDirty(self)
    }

    func invalidated(by change: PerceptionChange) {
        // A toolchain @Observable change is not traced to the builders that read it: everything
        // builds again.
        if change.kind == .observation { layoutContext.rebuildsEverything = true }
        setNeedsReload(.perception(change))
    }

    /// What `slot` (a memoized builder's subscription), or the engine's own scope when `nil`, read
    /// has changed.
    func invalidated(by change: PerceptionChange, slot: ScopeCore?) {
        if let slot { slotInvalidated(slot, by: change) } else { invalidated(by: change) }
    }

    /// A memoized builder's reads changed: the next reload rebuilds it (and only what it affects).
    func slotInvalidated(_ core: ScopeCore, by change: PerceptionChange) {
        guard layoutContext.invalidate(core: core) else { return }
        needsReload = true
        if !needsFullLayout || pendingCause == nil { pendingCause = .perception(change) }
        ReloadScheduler.shared.markDirty(self)
    }

    func boundsSizeDidChange() {
        guard hasComponent else { return }
        setNeedsReload(.resized)
    }

    func visibleRegionDidChange() {
        guard hasRootNode else { return }
        needsRender = true
        ReloadScheduler.shared.markDirty(self)
    }

    var pendingCauseDescription: String { pendingCause?.description ?? "unknown" }

    func withoutScheduling(_ body: () -> Void) {
        suppressScheduling = true
        body()
        suppressScheduling = false
    }

    /// Called when the engine hit the reload cap: drops pending tracked changes and stays
    /// subscribed to what its last allowed reload read, so the next change reloads it. Returns
    /// false when other work is pending (it must then wait for the next flush).
    func stopReloadingUntilNextChange() -> Bool {
        guard !needsUntrackedReload else { return false }
        needsReload = false
        needsRender = false
        if let keptReads { scope.arm(cells: keptReads) }
        layoutContext.settleDirtySlots()
        return true
    }

    func noteBuild(_ type: ObjectIdentifier, name: Any.Type) {
        stats.builds += 1
        buildCounts.add(type, name: name)
    }

    /// Per-engine state of a layout extension (e.g. measurement history), created on first use.
    package func attachment<Value: AnyObject>(_ type: Value.Type, make: () -> Value) -> Value {
        if let existing = extrasIfMade?.attachments[ObjectIdentifier(type)] as? Value { return existing }
        let value = make()
        extras.attachments[ObjectIdentifier(type)] = value
        return value
    }
}
