import Synchronization

/// Finds tracked state read where no scope records it, e.g. during a build but from a closure that
/// runs outside any tracking session.
///
/// Code that expects every read to be tracked wraps itself in ``expectingTracking(_:_:)``; while
/// checking is enabled, a `@Perceived` read there that is not inside a tracking session is reported
/// to the handler. Disabled (the default) it costs nothing: the check lives on the slow path that
/// reads only take while tracking or checking is active.
public enum PerceptionChecking {
    /// One untracked read.
    public struct UntrackedRead: Sendable, Equatable, CustomStringConvertible {
        /// The property read, when it could be named.
        public let property: PropertyName?
        /// The label of the innermost ``PerceptionChecking/expectingTracking(_:_:)`` region.
        public let region: String

        public var description: String {
            "\(property?.description ?? "a tracked property") was read \(region.isEmpty ? "" : "in \(region) ")outside any perception scope; "
                + "the read is not observed and later changes will not reload anything"
        }
    }

    private static let handler = Mutex<(@Sendable (UntrackedRead) -> Void)?>(nil)
    private static let everywhere = Atomic<Bool>(false)

    /// Enables checking with `handler`, or disables it with `nil`. With `everywhere`, reads outside
    /// any scope and outside any expecting region are reported too, with an empty `region`.
    public static func setHandler(_ newHandler: (@Sendable (UntrackedRead) -> Void)?, everywhere: Bool = false) {
        Self.everywhere.store(everywhere && newHandler != nil, ordering: .relaxed)
        let wasEnabled = handler.withLock { old in
            defer { old = newHandler }
            return old != nil
        }
        let isEnabled = newHandler != nil
        if isEnabled && !wasEnabled { _PerceptionRuntime.hooks.add(1) }
        if !isEnabled && wasEnabled { _PerceptionRuntime.hooks.add(-1) }
    }

    /// Runs `body` as a region in which untracked reads are reported (while checking is enabled).
    public static func expectingTracking<T, E: Error>(_ label: String, _ body: () throws(E) -> T) throws(E) -> T {
        let context = ThreadContext.current
        let (savedLabel, savedSession) = (context.expectationLabel, context.session)
        context.expectationDepth += 1
        context.expectationLabel = label
        // Sessions outside the region do not cover reads inside it.
        context.session = nil
        defer {
            context.expectationDepth -= 1
            context.expectationLabel = savedLabel
            context.session = savedSession
        }
        return try body()
    }

    static var reportsEverywhere: Bool { everywhere.load(ordering: .relaxed) }

    static func reportUntrackedRead(_ property: PropertyName?, context: ThreadContext) {
        guard let report = handler.withLock({ $0 }) else { return }
        report(UntrackedRead(property: property, region: context.expectationDepth > 0 ? context.expectationLabel : ""))
    }
}
