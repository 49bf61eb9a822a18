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
