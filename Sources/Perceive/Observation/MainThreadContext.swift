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
/// Builds, layouts, renders and most writes run on the main thread (outside `dispatchMain()`), and
/// each tracked read, write and tracking session looks its thread's context up: through the key,
/// that is `pthread_getspecific`, about 17 instructions, three times in a one-read tracking cycle.
/// Here it is the thread's identity (`pthread_self`, a call that does one load) compared with the
/// main thread's. A thread that misses — every thread under `dispatchMain()`, where main-queue work
/// runs on workers — pays that call and a comparison before asking the key.
///
/// The main thread publishes its context once, when it makes it, and this holds a reference of its
/// own: `dispatchMain()` runs the main thread's key destructors (and then parks the thread on
/// Linux, ends it on Apple platforms), and the context stays valid. No other thread can have the
/// main thread's identity: a thread's ID is reused only after the thread is joined or detached,
/// which nothing does to the main thread. Only the publishing thread writes the fields, and only a
/// thread that finds its own identity there reads the context, so relaxed accesses suffice (another
/// thread sees 0 or the main thread's identity, never its own).
struct MainThreadContext: ~Copyable {
    /// The main thread's identity (see `threadWord`); 0 until it publishes.
    private let thread = Atomic<UInt>(0)
    /// Its context's address, retained.
    private let context = Atomic<UInt>(0)

    init() {}

    /// (The process's one is never destroyed; one a test makes releases what it was given.)
    deinit {
        let address = context.load(ordering: .relaxed)
        if let raw = UnsafeRawPointer(bitPattern: address) { Unmanaged<ThreadContext>.fromOpaque(raw).release() }
    }

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
        self.thread.store(thread, ordering: .relaxed)
    }
}

/// The calling thread's identity: its `pthread_t`, as a word (a number with glibc and Android's
/// libc, a pointer on Apple platforms and with musl).
@inline(__always)
func threadWord() -> UInt {
    #if os(Linux) && canImport(Glibc)
        pthread_self()
    #else
        unsafeBitCast(pthread_self(), to: UInt.self)
    #endif
}
