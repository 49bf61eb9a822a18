import Foundation

/// Where an engine sits among the engines of a view tree.
extension ComponentEngine {
    /// The number of views between this engine's view and the root of its view tree.
    var depth: Int {
        var depth = 0
        var current = view?.superview
        while let next = current { depth += 1; current = next.superview }
        return depth
    }

    func isInSubtree(of root: ComponentEngine) -> Bool {
        guard let rootView = root.view else { return false }
        var current = view
        while let next = current {
            if next === rootView { return true }
            current = next.superview
        }
        return false
    }

    /// Zeroes the stats of this engine and of every engine below its view.
    public func resetSubtreeStats() {
        resetStats()
        guard let view else { return }
        for child in view.descendantEngines() { child.resetStats() }
    }

    /// The sum of the stats of this engine and every engine below its view.
    public var subtreeStats: EngineStats {
        var total = stats
        guard let view else { return total }
        for child in view.descendantEngines() { total = total + child.stats }
        return total
    }
}

extension PlatformView {
    /// Engines of views below this one (not including this view's own), depth first.
    func descendantEngines() -> [ComponentEngine] {
        var engines: [ComponentEngine] = []
        for subview in subviews {
            if let engine = subview.engineIfCreated { engines.append(engine) }
            engines.append(contentsOf: subview.descendantEngines())
        }
        return engines
    }
}

extension ComponentEngine {
    /// The size of every table this engine keeps across reloads, by name (builder slots and their
    /// subscriptions, stores, reader histories, build counts per type, pooled views, the
    /// excessive-reload window), so tests can check that none grows without bound.
    package var tableSizes: [String: Int] {
        var sizes: [String: Int] = [
            "buildCounts": buildCounts.count, "reusePool": reusePool.count, "excessiveReloads": extrasIfMade?.excessiveReloads.count ?? 0,
            "attachments": attachments.count
        ]
        for attachment in attachments.values {
            if let state = attachment as? any KeyedLayoutState {
                sizes[String(describing: type(of: state))] = state.keyCount
            }
        }
        var slots = 0
        var pending = [layoutContext.root]
        while let slot = pending.popLast() {
            slots += 1
            pending += slot.childSlots
        }
        sizes["slots"] = slots
        sizes["subscriptions"] = layoutContext.subscriptionCount
        return sizes
    }
}
