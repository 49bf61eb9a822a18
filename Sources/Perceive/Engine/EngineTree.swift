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
/// It is also stamped with the flushed root and the view hierarchy's revision it was found in
/// when everything it rests on was found in that revision: the next flush of the same root trusts
/// it while no view has joined or left a superview since (a like after a like climbs nothing).
@MainActor
package struct EngineTree {
    private let root: ComponentEngine?
    /// `root`'s identity (`nil` for the whole tree), for places kept across flushes.
    private let rootID: ObjectIdentifier?
    /// Tells this tree's remembered places from those of earlier flushes.
    private let stamp: Int
    @exclusivity(unchecked) private static var stamps = 0
    /// Engines inside flushed roots visited while climbing, over every flush (tests check it
    /// stays linear).
    @exclusivity(unchecked) package private(set) static var climbed = 0

    init(root: ComponentEngine?) {
        self.root = root
        rootID = root.map(ObjectIdentifier.init)
        Self.stamps &+= 1
        stamp = Self.stamps
    }

    /// The engine's depth among engines, or `nil` when it is outside the flushed root.
    func place(of engine: ComponentEngine) -> Int? {
        let place = resolve(engine)
        return place.inside ? place.depth : nil
    }

    /// The engine's depth if it was placed in this flush, or in an earlier flush of the same root
    /// with the view hierarchy as it is now (and whether the latter holds).
    private func remembered(_ engine: ComponentEngine, revision: Int) -> (depth: Int, current: Bool)? {
        let place = engine.treePlace
        if place.stamp == stamp { return (place.depth, place.revision == revision) }
        guard place.revision == revision, place.root == rootID, place.stamp != 0 else { return nil }
        // Adopted into this flush as it stands.
        engine.treePlace.stamp = stamp
        return (place.depth, true)
    }

    private func resolve(_ engine: ComponentEngine) -> (depth: Int, inside: Bool) {
        // Climb to the nearest engine already placed (or the top), counting the links and where
        // the root is among them; then fill in on a second climb. Only inside places are kept.
        let revision = ViewHierarchy.revision
        if let known = remembered(engine, revision: revision) { return (known.depth, true) }
        var links = 0
        var rootLink = -1
        var base: (depth: Int, inside: Bool) = (-1, root == nil)
        // The places filled in below hold in `revision` when what they rest on does.
        var current = true
        var next: ComponentEngine? = engine
        while let link = next {
            if links > 0, let known = remembered(link, revision: revision) {
                base = (known.depth, true)
                current = known.current
                break
            }
            links += 1
            if link === root {
                // Places are depths below the root: nothing above it matters.
                rootLink = links - 1
                break
            }
            next = link.parentEngine
        }
        // Link i (0 = `engine`) sits at depth base + links - i; it is inside when the base is or
        // when the root is that link or above it.
        let kept = current ? revision : -1
        var link: ComponentEngine? = engine
        var index = 0
        while index < links, let next = link {
            let inside = base.inside || (rootLink >= 0 && index <= rootLink)
            if inside { next.treePlace = TreePlace(stamp: stamp, depth: base.depth + links - index, root: rootID, revision: kept) }
            index += 1
            if index < links { link = next.parentEngine }
        }
        let inside = base.inside || rootLink >= 0
        if inside { Self.climbed &+= links }
        return (base.depth + links, inside)
    }
}

/// Where an engine was last placed among engines (see `EngineTree`).
struct TreePlace {
    /// The flush that placed it (0: never).
    var stamp = 0
    var depth = 0
    /// The flushed root then (`nil`: the whole tree).
    var root: ObjectIdentifier?
    /// The view hierarchy's revision the place holds in (-1: only for the flush that placed it).
    var revision = -1
}

extension ComponentEngine {
    /// The engine of the nearest view above this engine's view that has one.
    ///
    /// Remembered with the hierarchy revision it was found in: a like's flush asks it once per
    /// dirty engine, and the climb loads a weak reference per view on the way (hundreds of
    /// instructions), while the answer changes only when a view joins or leaves a superview, a
    /// view gets its engine or an engine goes away (which renew the revision).
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
    @exclusivity(unchecked) static var revision = 0
}

/// An engine's parent engine as last looked up (see `ComponentEngine.parentEngine`).
@MainActor
struct ParentLookup {
    var revision = -1
    var found = false
    /// Unretained (a weak reference would give the engine a side table: see `EngineToken`). Valid
    /// while `revision` is the hierarchy's: an engine's deinitializer moves the revision on.
    unowned(unsafe) var engine: ComponentEngine?
}
