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

    /// A receiver of untracked reads: the user's handler, or the runtime's own check
    /// (`Diagnostics.Options.untrackedReads`). The two are independent: turning a diagnostic on
    /// or off never replaces a handler the user installed.
    private struct Channel {
        let handler: @Sendable (UntrackedRead) -> Void
        /// Also receives reads made outside any expecting region.
        let everywhere: Bool
    }

    private struct Channels {
        var user: Channel?
        var runtime: Channel?
        var list: [Channel] { [user, runtime].compactMap { $0 } }
    }

    private static let channels = Mutex(Channels())
    private static let everywhere = Atomic<Bool>(false)

    /// Enables checking with `handler`, or disables it with `nil`. With `everywhere`, reads outside
    /// any scope and outside any expecting region are reported too, with an empty `region`.
    public static func setHandler(_ newHandler: (@Sendable (UntrackedRead) -> Void)?, everywhere: Bool = false) {
        update { $0.user = newHandler.map { Channel(handler: $0, everywhere: everywhere) } }
    }

    /// The runtime's own channel, driven by `Diagnostics.options`.
    static func setRuntimeHandler(_ newHandler: (@Sendable (UntrackedRead) -> Void)?, everywhere: Bool) {
        update { $0.runtime = newHandler.map { Channel(handler: $0, everywhere: everywhere) } }
    }

    private static func update(_ change: (inout Channels) -> Void) {
        let (before, after, anyEverywhere) = channels.withLock { channels in
            let before = channels.list.count
            change(&channels)
            return (before, channels.list.count, channels.list.contains { $0.everywhere })
        }
        everywhere.store(anyEverywhere, ordering: .relaxed)
        // Each enabled channel keeps reads off the inlined fast path.
        if after != before { _PerceptionRuntime.hooks.add(after - before) }
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
        let inRegion = context.expectationDepth > 0
        let receivers = channels.withLock { $0.list }.filter { inRegion || $0.everywhere }
        guard !receivers.isEmpty else { return }
        let read = UntrackedRead(property: property, region: inRegion ? context.expectationLabel : "")
        // Outside the lock: a handler may report, log, or change the handlers.
        for receiver in receivers { receiver.handler(read) }
    }
}
