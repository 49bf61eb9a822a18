import Foundation
import Synchronization

/// A pthread key made on first use (see `makeThreadObjectKey`), for a global.
///
/// Kept as the key plus one (0: not made yet) in an atomic, which an optimized build initializes
/// statically: a global holding the made key was initialized lazily, and every read of it called
/// `swift_once` — several times per reload, and once per tracked read. Two threads making it at
/// once keep the first one's key; the other deletes its own (see `adopt`).
struct ThreadObjectKey: ~Copyable {
    private let stored = Atomic<UInt>(0)

    init() {}

    /// The key, made if no thread has made it yet.
    var key: pthread_key_t {
        @inline(__always) get { keyIfMade ?? make() }
    }

    /// The key if a thread has made it (no thread has an object under it otherwise).
    var keyIfMade: pthread_key_t? {
        @inline(__always) get {
            let value = stored.load(ordering: .acquiring)
            return value != 0 ? pthread_key_t(truncatingIfNeeded: value &- 1) : nil
        }
    }

    @inline(never)
    private func make() -> pthread_key_t { adopt(makeThreadObjectKey()) }

    /// Keeps `key`, made by this thread, unless another thread's key was kept first: then deletes
    /// `key` (nothing is stored under it yet) and returns the kept one.
    func adopt(_ key: pthread_key_t) -> pthread_key_t {
        let (exchanged, found) = stored.compareExchange(
            expected: 0, desired: UInt(truncatingIfNeeded: key) &+ 1, ordering: .acquiringAndReleasing)
        if exchanged { return key }
        pthread_key_delete(key)
        return pthread_key_t(truncatingIfNeeded: found &- 1)
    }
}

/// A pthread key whose value on each thread is an object the key owns (retained when set), released
/// when the thread ends: a thread's `ThreadContext`, its recent equality answers.
func makeThreadObjectKey() -> pthread_key_t {
    var key = pthread_key_t()
    // Released as `AnyObject`: releasing needs no static type.
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { raw in
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
    #else
        let status = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
    #endif
    precondition(status == 0, "Perceive could not create a thread-local key (pthread status \(status))")
    return key
}

/// This thread's object under `key` (made with `makeThreadObjectKey`), made by `make` and handed to
/// the key on the thread's first request. Unretained: the key holds it until the thread ends.
@inline(__always)
func threadObject<Object: AnyObject>(_ key: borrowing ThreadObjectKey, _ make: () -> Object) -> Unmanaged<Object> {
    let key = key.key
    if let raw = pthread_getspecific(key) { return Unmanaged.fromOpaque(raw) }
    let made = Unmanaged.passRetained(make())
    pthread_setspecific(key, made.toOpaque())
    return made
}
