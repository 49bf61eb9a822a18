import Foundation

extension PlatformView {
    /// Readies a removed view for the reuse pool: it returns to its class's defaults (no node
    /// describes it any more), and every view below it drops what it holds (handlers). Views below
    /// keep their content: the engine that placed them still knows them by their nodes and
    /// reconciles them when the view is reused.
    func prepareForReuseRecursively(shownBy node: any RenderNode) {
        restoreDefaults(make: { node.makeView() })
        forgetRenderedSlots()
        for subview in subviews { subview.prepareSubtreeForReuse() }
    }

    private func prepareSubtreeForReuse() {
        prepareForReuse()
        forgetRenderedSlots()
        for subview in subviews { subview.prepareSubtreeForReuse() }
    }

    /// The views below lost their handlers: the retained slots that configured them must not
    /// take them for configured when the view comes back (its engine may reuse those slots as
    /// they are — a memoized row — and would otherwise skip the handlers).
    private func forgetRenderedSlots() {
        for subview in subviews where subview.renderKey != nil {
            var node = subview.renderNode
            while true {
                switch node._wrapping.kind {
                case .slot(let slot):
                    slot.forgetRendered()
                    node = slot.inner
                    continue
                case .identified(let identified):
                    node = identified.base
                    continue
                case .none:
                    break
                }
                break
            }
        }
    }

    /// Stops the perception boundaries in this view's subtree from observing anything: the view
    /// left the tree (and may be reused for other content). Engines of other views (a user's view
    /// subclass driving its own engine) keep their content.
    func detachBoundaryEngines() {
        if let engine = engineIfCreated, engine.isBoundary { engine.detach() }
        for subview in subviews { subview.detachBoundaryEngines() }
    }
}
