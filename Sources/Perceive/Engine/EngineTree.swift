/// Where dirty engines sit during one flush: each engine's depth among engines below the flushed
/// root (parents reload first; among all engines when everything is flushed) and whether it is
/// inside that root.
///
/// Found through the nearest ancestor engine and remembered for the rest of the flush, so a chain
/// of nested boundaries — each dirtied by its parent's render, one per round — costs O(1) per
/// engine instead of a walk to the root for each. Only places inside the root are remembered: an
/// engine found outside (its view waiting in a reuse pool, say) is looked up again next round,
/// because a render may put it back in the tree, and it must then reload in this flush. (A view
/// that moves within the tree keeps the depth it had when first seen: at worst a child reloads
/// before its new parent and once more after it.)
///
/// A place is remembered on the engine itself, stamped with the tree it belongs to: looking one up
/// or remembering it allocates nothing (a like's flush used to make a dictionary and a list).
@MainActor
package struct EngineTree {
    private let root: ComponentEngine?
    /// Tells this tree's remembered places from those of earlier flushes.
    private let stamp: Int
    private static var stamps = 0
    /// Engines inside flushed roots visited while climbing, over every flush (tests check it
    /// stays linear).
    package private(set) static var climbed = 0

    init(root: ComponentEngine?) {
        self.root = root
        Self.stamps &+= 1
        stamp = Self.stamps
    }

    /// The engine's depth among engines, or `nil` when it is outside the flushed root.
    func place(of engine: ComponentEngine) -> Int? {
        let place = resolve(engine)
        return place.inside ? place.depth : nil
    }

    private func remembered(_ engine: ComponentEngine) -> Int? {
        engine.treePlace.stamp == stamp ? engine.treePlace.depth : nil
    }

    private func resolve(_ engine: ComponentEngine) -> (depth: Int, inside: Bool) {
        // Climb to the nearest engine already placed (or the top), counting the links and where
        // the root is among them; then fill in on a second climb. Only inside places are kept.
        var links = 0
        var rootLink = -1
        var base: (depth: Int, inside: Bool) = (-1, root == nil)
        var current: ComponentEngine? = engine
        while let next = current {
            if let depth = remembered(next) {
                base = (depth, true)
                break
            }
            links += 1
            if next === root {
                // Places are depths below the root: nothing above it matters.
                rootLink = links - 1
                break
            }
            current = next.parentEngine
        }
        // Link i (0 = `engine`) sits at depth base + links - i; it is inside when the base is or
        // when the root is that link or above it.
        var link: ComponentEngine? = engine
        var index = 0
        while index < links, let next = link {
            let inside = base.inside || (rootLink >= 0 && index <= rootLink)
            if inside { next.treePlace = (stamp, base.depth + links - index) }
            index += 1
            if index < links { link = next.parentEngine }
        }
        let inside = base.inside || rootLink >= 0
        if inside { Self.climbed &+= links }
        return (base.depth + links, inside)
    }
}

extension ComponentEngine {
    /// The engine of the nearest view above this engine's view that has one.
    ///
    /// Remembered with the hierarchy revision it was found in: a like's flush asks it once per
    /// dirty engine, and the climb loads a weak reference per view on the way (hundreds of
    /// instructions), while the answer changes only when a view joins or leaves a superview or a
    /// view gets its engine (which renew the revision). The engine is held weakly: when it is gone,
    /// so is its view, and the climb runs again.
    var parentEngine: ComponentEngine? {
        if parentLookup.revision == ViewHierarchy.revision {
            guard parentLookup.found else { return nil }
            if let engine = parentLookup.engine { return engine }
        }
        var found: ComponentEngine?
        var current = view?.superview
        while let next = current {
            if let engine = next.engineIfCreated {
                found = engine
                break
            }
            current = next.superview
        }
        parentLookup = ParentLookup(revision: ViewHierarchy.revision, found: found != nil, engine: found)
        return found
    }
}

/// Counts changes to the view hierarchy that can change which engine is above another: a view
/// joining or leaving a superview, a view getting its engine.
@MainActor
enum ViewHierarchy {
    static var revision = 0
}

/// An engine's parent engine as last looked up (see `ComponentEngine.parentEngine`).
@MainActor
struct ParentLookup {
    var revision = -1
    var found = false
    weak var engine: ComponentEngine?
}
