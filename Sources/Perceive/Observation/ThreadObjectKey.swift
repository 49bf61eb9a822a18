import Foundation

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
func threadObject<Object: AnyObject>(_ key: pthread_key_t, _ make: () -> Object) -> Unmanaged<Object> {
    if let raw = pthread_getspecific(key) { return Unmanaged.fromOpaque(raw) }
    let made = Unmanaged.passRetained(make())
    pthread_setspecific(key, made.toOpaque())
    return made
}
