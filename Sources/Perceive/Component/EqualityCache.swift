import Foundation

/// A thread's recent answers of ``ValueEquality/of(_:_:)``, direct-mapped by type.
///
/// The shared table is a dictionary behind a mutex: a lock and a hash, about 450 instructions a
/// comparison, and a nested boundary's reload compares its content twice (its parent's render, then
/// the engine taking the content). Here a hit is the thread-local lookup and one comparison. Each
/// thread has its own cache, so nothing is shared and nothing is locked; a type that collides with
/// another in its slot is asked of the shared table again (answers never change, so a stale slot
/// cannot exist: a slot holds the answer for exactly the type it names).
final class EqualityCache {
    private static let slots = 16
    /// Allocated once per thread, never resized: no array's uniqueness or bounds on the way. Each
    /// slot keeps its answer's kind apart from the comparer, so that an answer with no comparer
    /// (most components) is read as one byte, not copied out as an enum holding an existential.
    private let types = UnsafeMutablePointer<ObjectIdentifier?>.allocate(capacity: slots)
    /// Whether each slot's type is `Equatable`, an object, or neither.
    private let kinds = UnsafeMutablePointer<ValueEquality.Kind>.allocate(capacity: slots)
    /// (Not optional: an optional existential is copied and destroyed through generic witnesses.
    /// A slot whose type is not `Equatable` holds a comparer that is never asked.) Comparers hold
    /// no state (`TypedEquality`, `NeverEqual`) and are called in place: a user's `==` that compares
    /// again and replaces the slot while it runs leaves nothing the running call reads.
    private let comparers = UnsafeMutablePointer<any EqualityComparer>.allocate(capacity: slots)

    private init() {
        types.initialize(repeating: nil, count: Self.slots)
        kinds.initialize(repeating: .incomparable, count: Self.slots)
        comparers.initialize(repeating: NeverEqual(), count: Self.slots)
    }

    deinit {
        types.deallocate()
        kinds.deallocate()
        comparers.deinitialize(count: Self.slots)
        comparers.deallocate()
    }

    /// The answer for `type`, from this thread's cache or else `find` (then kept here).
    @inline(__always)
    static func answer(for type: ObjectIdentifier, _ find: () -> ValueEquality) -> ValueEquality {
        current._withUnsafeGuaranteedRef { cache in
            let slot = cache.slot(for: type, find)
            switch cache.kinds[slot] {
            case .equatable: return .equatable(cache.comparers[slot])
            case .object: return .object
            case .incomparable: return .incomparable
            }
        }
    }

    /// `a == b` for two components of the type `type`, or `nil` when it is not `Equatable` (no two
    /// values of it compare equal, whatever they hold), found without copying anything out of the
    /// cache.
    @inline(__always)
    static func componentsComparison(
        _ a: any Component, _ b: any Component, of type: ObjectIdentifier, _ find: () -> ValueEquality
    ) -> Bool? {
        current._withUnsafeGuaranteedRef { cache in
            let slot = cache.slot(for: type, find)
            guard cache.kinds[slot] == .equatable else { return nil }
            return cache.comparers[slot].equal(a, b)
        }
    }

    /// The slot holding `type`'s answer, filled from `find` if it held another type's.
    @inline(__always)
    private func slot(for type: ObjectIdentifier, _ find: () -> ValueEquality) -> Int {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (Self.slots - 1)
        if types[slot] == type { return slot }
        let found = find()
        types[slot] = type
        switch found {
        case .equatable(let comparer): (kinds[slot], comparers[slot]) = (.equatable, comparer)
        case .object: (kinds[slot], comparers[slot]) = (.object, NeverEqual())
        case .incomparable: (kinds[slot], comparers[slot]) = (.incomparable, NeverEqual())
        }
        return slot
    }

    /// This thread's cache, made on its first comparison and released when the thread ends.
    private static var current: Unmanaged<EqualityCache> { threadObject(equalityCacheKey, EqualityCache.init) }
}

private let equalityCacheKey = ThreadObjectKey()

/// What a cache slot of a type that is not `Equatable` holds in place of a comparer.
private struct NeverEqual: EqualityComparer {
    func equal(_ a: Any, _ b: Any) -> Bool { false }
}
