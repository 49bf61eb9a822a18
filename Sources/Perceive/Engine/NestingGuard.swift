#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// Keeps layout recursion within the thread's stack: builders and readers count one nesting level
/// each, and past ``ComponentEngine/maximumNestingDepth`` levels — or when the stack is nearly
/// used up, whichever comes first — the deeper part of the tree is not laid out (an empty node
/// takes its place) and the problem is reported, instead of the process crashing.
@MainActor
package enum NestingGuard {
    /// Nesting levels currently entered.
    // Main-actor state touched twice per builder: no dynamic exclusivity check.
    @exclusivity(unchecked) package private(set) static var depth = 0

    /// Enters one level for a component of `type`; false (reported) when it must not be laid out.
    package static func enter(_ type: Any.Type) -> Bool {
        depth += 1
        if depth > ComponentEngine.maximumNestingDepth {
            depth -= 1
            report(type, "more than \(ComponentEngine.maximumNestingDepth) builders deep (ComponentEngine.maximumNestingDepth)")
            return false
        }
        // Checking the stack costs a little, so it is checked every 16 levels: the margin covers
        // 16 levels of the largest frames (sanitizer builds included).
        if depth & 15 == 0, StackBounds.remaining() < StackBounds.margin {
            depth -= 1
            report(type, "\(depth) builders deep, where the thread's stack is nearly used up")
            return false
        }
        return true
    }

    /// Leaves the level entered by a successful `enter`.
    package static func leave() { depth -= 1 }

    /// Runs `body` as if `base` levels were entered (a builder laid out again on its own).
    static func withBase<T>(_ base: Int, _ body: () -> T) -> T {
        let saved = depth
        depth = base
        defer { depth = saved }
        return body()
    }

    private static func report(_ type: Any.Type, _ what: String) {
        Diagnostics.report(
            .layout,
            "Perceive: the component tree is nested \(what) at \(WastedRebuildDetector.shortName(type)); the deeper part is not laid out. Flatten the recursion (a list instead of nesting), or raise ComponentEngine.maximumNestingDepth if the stack allows."
        )
    }
}

/// The current thread's stack: how much of it is left.
@MainActor
enum StackBounds {
    /// Stack kept free below the deepest layout: 16 nesting levels of the largest frames seen
    /// (about 15 KiB each under the address sanitizer, 2.5 KiB in a debug build) plus room to report.
    static let margin = sanitizer == nil ? 256 << 10 : 1 << 20

    /// Bytes between the current frame and the end of the stack (`Int.max` when unknown).
    static func remaining() -> Int {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { realAddress(UnsafeMutableRawPointer($0)) }
        guard let low = lowestAddress() else { return .max }
        return Int(bitPattern: here) - Int(bitPattern: low)
    }

    private static var cachedThread: pthread_t?
    private static var cachedLow: UInt = 0

    /// The lowest usable address of this thread's stack, cached per thread.
    private static func lowestAddress() -> UInt? {
        let thread = pthread_self()
        if let cachedThread, pthread_equal(cachedThread, thread) != 0 { return cachedLow }
        #if canImport(Darwin)
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let low = top - UInt(pthread_get_stacksize_np(thread))
        #else
            // A GNU extension the C module does not export: looked up by name.
            guard let getAttributes = threadAttributes else { return nil }
            var attributes = pthread_attr_t()
            guard getAttributes(thread, &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var base: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return nil }
            let low = UInt(bitPattern: base)
        #endif
        (cachedThread, cachedLow) = (thread, low)
        return low
    }

    #if !canImport(Darwin)
        private typealias GetThreadAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        private static let threadAttributes: GetThreadAttributes? = {
            dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np").map { unsafeBitCast($0, to: GetThreadAttributes.self) }
        }()
    #endif

    // Under the address sanitizer, locals may live on a "fake stack" on the heap: its runtime
    // maps such an address back to the real frame. Looked up once; absent in normal builds.
    private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias AddressInFakeStack =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutableRawPointer?
    private static let sanitizer: (CurrentFakeStack, AddressInFakeStack)? = {
        let handle = dlopen(nil, RTLD_NOW)
        guard let current = dlsym(handle, "__asan_get_current_fake_stack"),
            let lookup = dlsym(handle, "__asan_addr_is_in_fake_stack")
        else { return nil }
        return (unsafeBitCast(current, to: CurrentFakeStack.self), unsafeBitCast(lookup, to: AddressInFakeStack.self))
    }()

    private static func realAddress(_ address: UnsafeMutableRawPointer) -> UInt {
        if let (current, lookup) = sanitizer, let fake = current(), let real = lookup(fake, address, nil, nil) {
            return UInt(bitPattern: real)
        }
        return UInt(bitPattern: address)
    }
}
