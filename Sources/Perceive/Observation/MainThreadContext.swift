import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// The main thread's `ThreadContext`, reached without asking the thread key.
///
/// Builds, layouts, renders and most writes run on the main thread, and each tracked read, write
/// and tracking session looks its thread's context up: through the key that is
/// `pthread_getspecific`, about 17 instructions, three times in a one-read tracking cycle. Here it
/// is the thread's identity (`pthread_self`, one load from the thread register) compared with the
/// main thread's.
///
/// The main thread publishes its context once, when it makes it, and this holds a reference of its
/// own: the main thread leaving through `dispatchMain()` runs its key's destructors, and the
/// context stays valid. No thread made later can take the main thread's identity (its thread
/// record is the process's initial one, never a cached stack's), so a match is only ever the main
/// thread. Only the main thread writes the fields, and only a thread that finds its own identity
/// there reads the context: a relaxed load suffices (another thread sees 0 or the main thread's
/// identity, neither its own).
struct MainThreadContext: ~Copyable {
    /// The main thread's identity (see `threadWord`); 0 until it publishes.
    private let thread = Atomic<UInt>(0)
    /// Its context's address, retained.
    private let context = Atomic<UInt>(0)

    init() {}

    /// The context, if the calling thread is the one that published it.
    @inline(__always)
    func ifCurrent(_ thread: UInt = threadWord()) -> Unmanaged<ThreadContext>? {
        guard thread == self.thread.load(ordering: .relaxed) else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: context.load(ordering: .relaxed)).unsafelyUnwrapped)
    }

    /// Publishes `made`, the calling thread's context, once (later calls change nothing).
    func publish(_ made: Unmanaged<ThreadContext>, thread: UInt = threadWord()) {
        guard self.thread.load(ordering: .relaxed) == 0 else { return }
        context.store(UInt(bitPattern: made.retain().toOpaque()), ordering: .relaxed)
        self.thread.store(thread, ordering: .releasing)
    }
}

/// The calling thread's identity: its `pthread_t`, as a word (a number with glibc, a pointer on
/// Apple platforms and musl).
@inline(__always)
func threadWord() -> UInt {
    #if canImport(Glibc)
        pthread_self()
    #else
        unsafeBitCast(pthread_self(), to: UInt.self)
    #endif
}
