import Foundation

/// How an engine does its pending work: a reload (layout inside its scope, then render or patch)
/// or a render alone (a scroll), and how it clears what it showed when its component goes.
extension ComponentEngine {
    func performPendingWork(keepingReads: Bool = false) {
        let outermost = !isPerformingWork
        isPerformingWork = true
        if outermost { Self.enginesAtWork &+= 1 }
        defer {
            if outermost {
                isPerformingWork = false
                Self.enginesAtWork &-= 1
            }
        }
        if needsReload {
            reload(keepingReads: keepingReads)
        } else if needsRender {
            needsRender = false
            render()
        }
    }

    /// Engines reloading or rendering right now (one started by `reloadIfNeeded()` outside any
    /// flush among them): a flush waits until none is (see `ReloadScheduler.flush`).
    @exclusivity(unchecked) static var enginesAtWork = 0

    fileprivate func reload(keepingReads: Bool) {
        // A scroll since the last render changes what is visible: a patch would miss it.
        let visibleRegionChanged = needsRender
        needsReload = false
        needsRender = false
        needsUntrackedReload = false
        guard !isDetached else { return }
        guard let view, hasComponent else {
            clearContent()
            return
        }
        let component = storedComponent
        // (Known when the engine was made: a cast per reload cost about 50 instructions.)
        let scrollView = rendersIntoScrollView ? unsafeDowncast(view, to: ComponentScrollView.self) : nil
        // (No closure here: see `LayoutPass.beginAgain()`.)
        let constraint: Constraint
        if let scrollView {
            constraint = Constraint(maxSize: CGSize(width: scrollView.bounds.width, height: .infinity))
        } else {
            constraint = Constraint(maxSize: view.bounds.size)
        }
        let isFull = needsFullLayout || !hasRootNode || layoutContext.root.constraint != constraint
        // An incremental reload rebuilds only builders whose own reads changed: none is wasted.
        let detector = isFull && Diagnostics.isOn(.wastedRebuilds) ? WastedRebuildDetector() : nil
        // What the reload log and the checks compare with afterwards, kept only when one looks.
        let diagnosing = ReloadLog.active != nil || detector != nil || Diagnostics.isOn(.excessiveReloads)
        let before = diagnosing ? stats : EngineStats()
        let buildsBefore = ReloadLog.active == nil ? nil : buildsByType
        stats.reloads += 1
        BuildCounter.active?.noteReload()
        stats.layouts += 1
        // Moved, not copied: a cause holds a change record (its property's name).
        stats.lastReloadCause = pendingCause.take()
        let previousDetector = WastedRebuildDetector.current
        WastedRebuildDetector.current = detector
        defer { WastedRebuildDetector.current = previousDetector }
        // Put back once the layout is over, below (straight-line code up to there: no return, no
        // throw; a second restore in a `defer` only repeated it).
        let previous = (BuildContext.beginLayout(self), LayoutContext.currentReference)
        LayoutContext.currentReference = Unmanaged.passUnretained(layoutContext)
        let environment = self.environment
        // (Loops over the values, which iterate a copy, here and after the layout. No closure: see
        // `LayoutPass.beginAgain()`.)
        if hasAttachments {
            for value in attachments.values {
                if let participant = value as? LayoutParticipant { participant.engineWillLayout() }
            }
        }
        let context = layoutContext
        context.keepingReads = keepingReads
        let node: any RenderNode
        if isFull {
            let automatic = automaticScopes || environment.automaticScopes
            // Closures written at each call, not one kept in a local: a stored closure is escaping
            // and its context would be allocated on every reload.
            if keepingReads {
                (node, keptReads) = scope.trackKeepingReads { context.layoutRoot(component, constraint, environment, automatic: automatic) }
            } else {
                node = scope.track { context.layoutRoot(component, constraint, environment, automatic: automatic) }
            }
        } else {
            stats.incrementalReloads += 1
            node = context.relayoutDirty()
        }
        needsFullLayout = false
        context.rebuildsEverything = false
        stats.buildsSkipped += context.buildsSkipped
        stats.childrenReused += context.childrenReused
        (context.buildsSkipped, context.childrenReused) = (0, 0)
        // After layout: what participants do now (e.g. deliver appear events) is not a build read.
        BuildContext.restore(previous.0)
        LayoutContext.currentReference = previous.1
        // Re-read: a participant may have been attached during this layout.
        if hasAttachments {
            for value in attachments.values {
                if let participant = value as? LayoutParticipant { participant.engineDidLayout() }
            }
        }
        scrollView?.contentSize = node.size
        // Moved in, and rendered from there in place: assigned, the node was copied and the local
        // destroyed after the render, a retain and a release per reload. (The root node changes only
        // in the engine's own reload, and the engine refuses one during its render.)
        storedRootNode = consume node
        hasRootNode = true
        // Builders rebuilt in place render alone; anything else renders everything visible.
        if !visibleRegionChanged, context.changesStayedInPlace, !context.changedInPlace.isEmpty, renderCount > 0,
            patch(context.changedInPlace)
        {
            stats.renders += 1
        } else {
            withStoredRootNode { render($0, into: view) }
        }
        // Emptied keeping its storage (see `LayoutContext.changedInPlace`).
        context.endReload()
        if diagnosing { reportDiagnostics(since: before, buildsBefore: buildsBefore ?? [:], detector: detector) }
    }

    /// No component (it was set to `nil`) or no view: what it showed goes (its views into the
    /// reuse pool) and nothing it read is observed any more.
    @inline(never)
    private func clearContent() {
        guard hasRootNode else { return }
        scope.track {}
        if rendersIntoScrollView, let view { unsafeDowncast(view, to: ComponentScrollView.self).contentSize = .zero }
        // An empty root rendered as any root is (through `render()`: another caller of
        // `render(_:into:)` stopped it being inlined into the reload, ~100 instructions a reload).
        storedRootNode = EmptyLayoutNode(size: .zero)
        render()
        rootNode = nil
    }

    private func render() {
        guard let view, hasRootNode else { return }
        render(storedRootNode, into: view)
    }

    /// Renders `rootNode` into `view`, both already at hand (a reload holds them: loading the weak
    /// `view` and copying the node again costs a few hundred instructions per reload).
    private func render(_ rootNode: any RenderNode, into view: PlatformView) {
        stats.renders += 1
        // A reordered list moves only its moved rows' views; the records of the rest stay this
        // render's, so it is not counted as a full render.
        if mayPatchLists, ListPatch.mayApply(rootNode),
            configuringViews({ ListPatch.apply(rootNode, in: view, visible: view.bounds, engine: self) })
        {
            stats.listPatches += 1
            return
        }
        renderCount += 1
        configuringViews { Reconciler.render(rootNode, into: view, visible: view.bounds, engine: self) }
    }

    private func patch(_ changed: [Unmanaged<LayoutSlot>]) -> Bool {
        configuringViews { RenderPatch.apply(changed, engine: self) }
    }

    /// Runs `body`, which configures views: outside the scope, so with the untracked-read check
    /// on, tracked reads there are reported (they would not be observed).
    // (Forced inline: left to the optimizer, it was at times called, and its closure's context and
    // thunk cost about 60 instructions a render.)
    @inline(__always)
    private func configuringViews<T>(_ body: () -> T) -> T {
        guard Diagnostics.isOn(.untrackedReads), let view else { return body() }
        return PerceptionChecking.expectingTracking("rendering \(String(describing: type(of: view)))", body)
    }
}
