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
