/// Where dirty engines sit during one flush: each engine's depth among engines (parents reload
/// first) and whether it is inside the flushed root.
///
/// Found through the nearest ancestor engine and remembered for the rest of the flush, so a chain
/// of nested boundaries — each dirtied by its parent's render, one per round — costs O(1) per
/// engine instead of a walk to the root for each. Only places inside the root are remembered: an
/// engine found outside (its view waiting in a reuse pool, say) is looked up again next round,
/// because a render may put it back in the tree, and it must then reload in this flush. (A view
/// that moves within the tree keeps the depth it had when first seen: at worst a child reloads
/// before its new parent and once more after it.)
@MainActor
package struct EngineTree {
    private let root: ComponentEngine?
    private var known: [ObjectIdentifier: (depth: Int, inside: Bool)] = [:]
    /// Engines inside flushed roots visited while climbing, over every flush (tests check it
    /// stays linear).
    package private(set) static var climbed = 0

    init(root: ComponentEngine?) { self.root = root }

    /// The engine's depth among engines, or `nil` when it is outside the flushed root.
    mutating func place(of engine: ComponentEngine) -> Int? {
        let place = resolve(engine)
        return place.inside ? place.depth : nil
    }

    /// Whether `engine` is inside the flushed root, found by climbing at most a few engines and
    /// remembering nothing; `nil` when the climb is longer (`place(of:)` then remembers the way,
    /// so a deep chain of nested boundaries stays linear).
    func isInsideByShortClimb(_ engine: ComponentEngine) -> Bool? {
        guard let root else { return true }
        var current: ComponentEngine? = engine
        var hops = 0
        while let next = current, hops < 8 {
            if next === root || known[ObjectIdentifier(next)] != nil {
                Self.climbed &+= hops
                return true
            }
            hops += 1
            current = next.parentEngine
        }
        // Reached the top without meeting the root: outside (waiting in a reuse pool, say).
        return current == nil ? false : nil
    }

    private mutating func resolve(_ engine: ComponentEngine) -> (depth: Int, inside: Bool) {
        // Climb to the nearest engine already known (or the top), then fill in on the way down.
        // One allocation for a flush's few places, not one per growth step.
        if known.isEmpty { known.reserveCapacity(16) }
        var chain: [ComponentEngine] = []
        var current: ComponentEngine? = engine
        var base: (depth: Int, inside: Bool) = (-1, root == nil)
        while let next = current {
            if let place = known[ObjectIdentifier(next)] { base = place; break }
            chain.append(next)
            current = next.parentEngine
        }
        for link in chain.reversed() {
            base = (base.depth + 1, base.inside || link === root)
            if base.inside { known[ObjectIdentifier(link)] = base }
        }
        if base.inside { Self.climbed &+= chain.count }
        return base
    }
}

extension ComponentEngine {
    /// The engine of the nearest view above this engine's view that has one.
    var parentEngine: ComponentEngine? {
        var current = view?.superview
        while let next = current {
            if let engine = next.engineIfCreated { return engine }
            current = next.superview
        }
        return nil
    }
}
