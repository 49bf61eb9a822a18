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
    /// Allocated once per thread, never resized: no array's uniqueness or bounds on the way.
    private let types = UnsafeMutablePointer<ObjectIdentifier?>.allocate(capacity: slots)
    private let answers = UnsafeMutablePointer<ValueEquality>.allocate(capacity: slots)

    private init() {
        types.initialize(repeating: nil, count: Self.slots)
        answers.initialize(repeating: .incomparable, count: Self.slots)
    }

    deinit {
        types.deallocate()
        answers.deinitialize(count: Self.slots)
        answers.deallocate()
    }

    /// The answer for `type`, from this thread's cache or else `find` (then kept here).
    @inline(__always)
    static func answer(for type: ObjectIdentifier, _ find: () -> ValueEquality) -> ValueEquality {
        // Borrowed, not retained: the thread's key holds the cache until the thread ends.
        current._withUnsafeGuaranteedRef { cache in
            let slot = Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (slots - 1)
            if cache.types[slot] == type { return cache.answers[slot] }
            let found = find()
            cache.types[slot] = type
            cache.answers[slot] = found
            return found
        }
    }

    /// This thread's cache, made on its first comparison and released when the thread ends.
    private static var current: Unmanaged<EqualityCache> { threadObject(equalityCacheKey, EqualityCache.init) }
}

private let equalityCacheKey = makeThreadObjectKey()
