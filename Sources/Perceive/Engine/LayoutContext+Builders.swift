/// How a builder is laid out through its slot: reused, laid out again, or built.
///
/// These functions sit on the recursion of a layout (every nested builder passes through them), so
/// the ones that stay on the stack while the body lays out keep few locals: the layout state they
/// replace is saved on the context's own stack, and the bookkeeping lives in functions that return
/// before the body lays out.
extension LayoutContext {
    /// Finds `builder`'s slot and does what must happen before its body lays out (building it, if
    /// it must be built); `layOut(_:)` then lays the body out. Split in two so that the generic,
    /// larger half has returned before the recursion into the body: each nesting level keeps only
    /// the small half on the stack. `nil` when the nesting limit cuts the tree here.
    func prepare<Builder: ComponentBuilder>(
        _ builder: Builder, _ constraint: Constraint, isEquatable: Bool,
        equalToPrevious: (any Component) -> Bool
    ) -> LayoutSlot? {
        guard NestingGuard.enter(Builder.self) else { return nil }
        let slot = visit(Builder.self, constraint, isEquatable: isEquatable, equalToPrevious)
        if slot.pendingWork == .build {
            prepareBuild(slot, builder, constraint, isEquatable: isEquatable)
            if WastedRebuildDetector.current != nil {
                buildCapturingReads(slot, builder)
                finishBuild(slot)
                slot.pendingWork = .none
            } else {
                makeBody(slot, builder)
            }
        }
        return slot
    }

    /// Lays out the body of a slot `prepare` returned (if it needs it) and leaves its nesting level:
    /// `if slot.pendingWork != .none { finish(slot, LayoutSlot.layOut(&slot.body, enter(slot))) }; return leave(slot)`,
    /// written out in each builder's `layout` so that a nesting level is one frame.
    func layOut(_ slot: LayoutSlot) -> any RenderNode {
        if slot.pendingWork != .none { finish(slot, LayoutSlot.layOut(&slot.body, enter(slot))) }
        return leave(slot)
    }

    /// Makes the slot's body the one laying out; returns the constraint to lay it out under.
    func enter(_ slot: LayoutSlot) -> Constraint {
        enterBody(slot, replaying: slot.pendingWork == .layOutAgain)
        return slot.constraint
    }

    /// Stores the laid-out body and ends the memoized builder's session.
    func finish(_ slot: LayoutSlot, _ node: consuming any RenderNode) {
        exitBody(slot, NodeHandle(node))
        finishBuild(slot)
    }

    /// Leaves the slot's nesting level; the slot is the node its parent holds.
    func leave(_ slot: LayoutSlot) -> any RenderNode {
        NestingGuard.leave()
        return slot
    }

    /// Finds the builder's slot and decides what it needs (`LayoutSlot.pendingWork`).
    @inline(never)
    private func visit<Builder>(
        _ type: Builder.Type, _ constraint: Constraint, isEquatable: Bool,
        _ equalToPrevious: (any Component) -> Bool
    ) -> LayoutSlot {
        let (slot, revisit, samePlace) = slot(for: ObjectIdentifier(type))
        slot.isInsideReader = readerDepth > 0
        slot.pendingWork = .build
        // Compared by identity first, and copied only when it differs: a copy of the values is a
        // retain and a release of their storage, per builder laid out.
        let sameEnvironment = slot.environmentIdentity == EnvironmentStack.currentIdentity
        guard slot.hasBuilder, !slot.isDirty, !rebuildsEverything, sameEnvironment || slot.environment.isEqual(to: EnvironmentStack.current)
        else {
            if !sameEnvironment { slot.environment = EnvironmentStack.current }
            return slot
        }
        // Nothing above was rebuilt (a replay of the child at the slot's place, or the same child
        // laid out again), or an Equatable builder equal to last time: its body can only differ by
        // its constraint.
        let sameValues = (replaying && samePlace) || (repeating && revisit)
        // (A builder that is not `Equatable` is never equal: its previous value is not copied out
        // to be asked.)
        guard sameValues || (isEquatable && equalToPrevious(slot.builder)) else { return slot }
        if !sameValues { buildsSkipped += 1 }
        if slot.constraint != constraint || slot.hasDirtyDescendant {
            slot.constraint = constraint
            slot.pendingWork = .layOutAgain
        } else {
            slot.pendingWork = .none
        }
        return slot
    }

    /// Builds `builder` into `slot` and lays its body out, in a session of its own if memoized.
    /// (`isStored`: `builder` is the slot's own stored value, rebuilt in place.)
    func build<Builder: ComponentBuilder>(
        _ slot: LayoutSlot, _ builder: Builder, _ constraint: Constraint, isEquatable: Bool, isStored: Bool = false
    ) {
        prepareBuild(slot, builder, constraint, isEquatable: isEquatable, isStored: isStored)
        if WastedRebuildDetector.current != nil {
            buildCapturingReads(slot, builder)
        } else {
            makeBody(slot, builder)
            layoutBody(slot, replaying: false)
        }
        finishBuild(slot)
    }

    /// Records the inputs, counts the build, and starts the memoized builder's own session.
    @inline(never)
    private func prepareBuild<Builder: ComponentBuilder>(
        _ slot: LayoutSlot, _ builder: Builder, _ constraint: Constraint,
        isEquatable: Bool, isStored: Bool = false
    ) {
        // The previous value may hold the last reference to a model the slot observes: released
        // before the slot's subscription moves on, the model's deallocation would be delivered to
        // it as a change and build the slot again for nothing. It is released once re-armed.
        // Swapped in, not assigned: the previous value moves out instead of being copied out and
        // overwritten (two reference counting operations fewer per build, each a slow one for
        // a model a cell's closure captures weakly). A rebuild of the stored value stores nothing.
        if isStored {
            beginBuild(slot, constraint, isEquatable: isEquatable)
        } else {
            var previous: any Component = builder
            swap(&previous, &slot.builder)
            beginBuild(slot, constraint, isEquatable: isEquatable)
            extendLifetime(previous)
        }
        BuildContext.willBuild(Builder.self)
    }

    /// `prepareBuild`'s bookkeeping once the builder is in place.
    @inline(__always)
    private func beginBuild(_ slot: LayoutSlot, _ constraint: Constraint, isEquatable: Bool) {
        slot.hasBuilder = true
        slot.constraint = constraint
        slot.isDirty = false
        slot.isEquatable = isEquatable
        slot.isMemoized = isEquatable || automatic
        slot.isAutomatic = automatic
        if slot.isMemoized {
            Self.sessions.pointee.append(beginTracking(slot))
            slot.isTracking = true
        }
    }

    @inline(never)
    private func makeBody<Builder: ComponentBuilder>(_ slot: LayoutSlot, _ builder: Builder) {
        building(slot) { BodyStorage.store(builder.build(), in: &slot.body) }
    }

    @inline(never)
    private func buildCapturingReads<Builder: ComponentBuilder>(_ slot: LayoutSlot, _ builder: Builder) {
        WastedRebuildDetector.current?.capture(Builder.self) {
            makeBody(slot, builder)
            layoutBody(slot, replaying: false)
        }
    }

    /// Ends the memoized builder's session: arms its subscription with what it read.
    @inline(never)
    private func finishBuild(_ slot: LayoutSlot) {
        guard slot.isTracking else { return }
        slot.isTracking = false
        // The innermost open session is this build's: builds nest.
        let token = Self.sessions.pointee.removeLast()
        assert(token.core === slot.core, "a memoized build ends its own session")
        if keepingReads {
            slot.keptReads = _endTracking(token, keepingReads: true)
            engine.extras.slotsKeepingReads.append(slot)
        } else {
            _endTracking(token)
        }
    }

    /// Builds the slot's stored builder again (its own reads changed), under the environment
    /// and automatic-scopes setting it was built under: `build()` reads `@Environment` values.
    func rebuild(_ slot: LayoutSlot) {
        guard slot.hasBuilder else { return }
        let savedAutomatic = automatic
        automatic = slot.isAutomatic
        // (Swapped only when it differs, as `EnvironmentValues.withValues` does; not through it,
        // since passing the slot's values copies them — a retain and a release per rebuilt row —
        // even when they are the current ones.)
        let savedEnvironment = slot.environmentIdentity != EnvironmentStack.currentIdentity ? EnvironmentStack.current : nil
        if savedEnvironment != nil { EnvironmentStack.current = slot.environment }
        // Through a requirement, not a cast to `any ComponentBuilder` (a conformance lookup of
        // about 1,400 instructions per rebuilt row), on the stored value opened where it is.
        Self.rebuildInPlace(&slot.builder, _SlotRebuild(context: self, slot: slot))
        automatic = savedAutomatic
        if let savedEnvironment { EnvironmentStack.current = savedEnvironment }
    }

    /// Rebuilds `builder`, the value `slot` stores (see `rebuildInPlace`).
    func rebuild<Builder: ComponentBuilder>(_ slot: LayoutSlot, _ builder: Builder) {
        build(slot, builder, slot.constraint, isEquatable: slot.isEquatable, isStored: true)
    }

    /// Asks `builder`, a slot's stored value, to rebuild itself, without copying it out: called on
    /// the property, the value was copied for the call and the copy destroyed after it (a retain
    /// and a release of the model a row holds), and the build then swapped a second copy in. Its
    /// build leaves the stored value alone (`isStored`), so the access does not overlap another.
    @inline(__always)
    private static func rebuildInPlace(_ builder: inout any Component, _ rebuild: _SlotRebuild) {
        builder._rebuild(rebuild)
    }

    /// Lays out the slot's body (new or stored) under its constraint and environment.
    func layoutBody(_ slot: LayoutSlot, replaying: Bool) {
        enterBody(slot, replaying: replaying)
        exitBody(slot, NodeHandle(LayoutSlot.layOut(&slot.body, slot.constraint)))
    }

    /// Makes `slot` the one whose body lays out, saving the state it replaces.
    @inline(never)
    private func enterBody(_ slot: LayoutSlot, replaying: Bool) {
        // Usually the body lays out in the environment in effect already (equal identities mean
        // the same values): then nothing is swapped, saved or restored.
        let swapsEnvironment = slot.environmentIdentity != EnvironmentStack.currentIdentity
        // The keys the body used last time move into the saved state (the body collects them
        // afresh): moved, not copied and emptied, which retained the buffer and then replaced it.
        // None (most bodies use no per-engine state): no list at all, not even an empty one.
        var previousKeys: [OwnedKey]?
        if let keyed = slot.keyed, !keyed.keys.isEmpty {
            var moved: [OwnedKey] = []
            swap(&moved, &keyed.keys)
            previousKeys = moved
        }
        Self.saved.pointee.append(
            SavedState(
                current: currentReference, path: path, containerPath: containerPath, positionalPath: Self.positionalPath,
                replaying: self.replaying,
                repeating: repeating, revisiting: revisiting, automatic: automatic,
                environment: swapsEnvironment ? EnvironmentStack.current : nil, keys: previousKeys, cleanBodyStamp: cleanBodyStamp))
        (current, path, containerPath, self.replaying, repeating, revisiting) = (slot, 0, 0, replaying, false, false)
        Self.positionalPath = 0
        cleanBodyStamp = slot.hasDirtyDescendant ? -1 : invalidationCount
        automatic = slot.isAutomatic
        if swapsEnvironment { EnvironmentStack.current = slot.environment }
        slot.beginChildren()
        slot.hasDirtyDescendant = false
    }

    /// Stores the body's node, drops the children and per-engine state it no longer uses, and
    /// restores the state `enterBody` replaced.
    @inline(never)
    private func exitBody(_ slot: LayoutSlot, _ node: consuming NodeHandle) {
        slot.setInner(node)
        slot.pendingWork = .none
        discard(slot.endChildren())
        slot.sweepMemos()
        let state = Self.saved.pointee.removeLast()
        if let keys = state.keys { releaseKeys(keys, keptBy: slot) }
        (currentReference, path, containerPath, replaying, repeating, revisiting) =
            (state.current, state.path, state.containerPath, state.replaying, state.repeating, state.revisiting)
        Self.positionalPath = state.positionalPath
        automatic = state.automatic
        if let environment = state.environment { EnvironmentStack.current = environment }
        cleanBodyStamp = state.cleanBodyStamp
    }

    /// Drops the per-engine state `slot` used before this layout and not in it.
    private func releaseKeys(_ previous: [OwnedKey], keptBy slot: LayoutSlot) {
        releaseKeys(previous, keeping: slot.keys)
    }

    /// Drops the per-engine state of `previous` that `current` does not use again.
    func releaseKeys(_ previous: [OwnedKey], keeping current: [OwnedKey]) {
        guard !previous.isEmpty else { return }
        if previous.count == current.count,
            zip(previous, current).allSatisfy({ $0.key == $1.key && $0.state === $1.state })
        {
            return
        }
        var kept: Set<String> = []
        for owned in current { kept.insert("\(ObjectIdentifier(owned.state).hashValue)/\(owned.key)") }
        for owned in previous where !kept.contains("\(ObjectIdentifier(owned.state).hashValue)/\(owned.key)") {
            owned.state.dropKey(owned.key)
        }
    }

    /// Begins the session of the slot's own subscription (made on first use, shared-handler
    /// based). The subscription is named, not retained: the slot holds it until the session ends
    /// (only its parent's layout drops a slot and its subscription, once the parent's body, and
    /// this build inside it, have laid out).
    private func beginTracking(_ slot: LayoutSlot) -> _TrackingToken {
        if slot.core == nil {
            slot.core = ScopeCore(sharing: engine.token, owner: SlotName(slot).pointer)
            subscriptionCount += 1
        }
        let context = ThreadContext.currentUnretained
        let core = Unmanaged.passUnretained(slot.core.unsafelyUnwrapped)
        return Borrowed.with(context) { _beginTracking(core, on: context, $0) }
    }
}

/// The layout state a slot's body replaces while it lays out.
@MainActor
struct SavedState {
    /// Unretained: the slot whose body was laying out, alive while a body inside it lays out (its
    /// parent's children, or the engine's root, hold it).
    let current: Unmanaged<LayoutSlot>
    let path: Int
    let containerPath: Int
    let positionalPath: Int
    let replaying: Bool
    let repeating: Bool
    let revisiting: Bool
    let automatic: Bool
    /// The environment to restore, when the body's was put in its place (`nil`: it was the same).
    let environment: EnvironmentValues?
    let keys: [OwnedKey]?
    let cleanBodyStamp: Int
}
