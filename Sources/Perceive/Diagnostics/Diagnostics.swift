import Foundation
import Synchronization

/// Where Perceive reports problems it handled instead of crashing.
///
/// By default each distinct message is written once to standard error. Tests and tools install a
/// sink to collect them: `Diagnostics.setSink { print($0) }`.
public enum Diagnostics {
    /// The kind of problem a message describes, for filtering.
    public enum Category: String, Sendable {
        /// A change handler kept invalidating scopes it observes (see `Delivery.cascadeLimit`).
        case invalidationCascade
        /// Invalid input (sizes, ids, …) that was clamped or ignored.
        case invalidInput
        /// A reload that re-triggered itself, or a flush requested during a reload.
        case reentrantReload
        /// Event routing: an event nobody reduces, a dependency that is missing.
        case events
        /// A layout that could not be completed as asked (e.g. a reader that never converged).
        case layout
        /// A builder or a scope rebuilt although nothing it reads changed.
        case wastedRebuild
        /// An environment value applied where a perception boundary's content cannot see it.
        case environmentOrdering
        /// Tracked state read outside any perception scope where a scope was expected.
        case untrackedRead
        /// A scope reloading more often than `Diagnostics.excessiveReloads` allows.
        case excessiveReloads
        /// Anything else worth knowing.
        case general
    }

    /// Which checks run. Everything is off in release builds by default; debug builds run
    /// ``debugDefault``. Checks that are off cost one flag test where they would run.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Builders and scopes that rebuilt although nothing they read changed.
        public static let wastedRebuilds = Options(rawValue: 1 << 0)
        /// `.environment(…)` applied around a perception boundary from outside.
        public static let environmentOrdering = Options(rawValue: 1 << 1)
        /// Tracked state read outside any scope while rendering, or to build a component.
        public static let untrackedReads = Options(rawValue: 1 << 2)
        /// Scopes reloading more than `excessiveReloadLimit` times within its window.
        public static let excessiveReloads = Options(rawValue: 1 << 3)
        /// What debug builds check when nothing was set: the mistakes a first run should catch
        /// (a boundary in the wrong place, an environment value it cannot see, state read where
        /// nothing tracks it). Excessive reloads stay opt-in: their limit is a wall-clock rate.
        public static let debugDefault: Options = [.wastedRebuilds, .environmentOrdering, .untrackedReads]
        /// Every check.
        public static let all: Options = [.wastedRebuilds, .environmentOrdering, .untrackedReads, .excessiveReloads]
    }

    #if DEBUG
        private static let enabled = Atomic<Int>(Options.debugDefault.rawValue)
    #else
        private static let enabled = Atomic<Int>(0)
    #endif

    #if DEBUG
        /// The untracked-read check needs a read hook, which a static initial value cannot
        /// install: the first engine (or the first change of ``options``) installs it.
        private static let defaultsInstalled: Void = UntrackedReads.setEnabled(isOn(.untrackedReads))
    #endif

    /// Makes the initial ``options`` effective (debug builds; nothing to do in release builds).
    static func installDefaults() {
        #if DEBUG
            _ = defaultsInstalled
        #endif
    }

    /// The checks that run (see ``Options``).
    public static var options: Options {
        get { Options(rawValue: enabled.load(ordering: .relaxed)) }
        set {
            installDefaults()
            enabled.store(newValue.rawValue, ordering: .relaxed)
            UntrackedReads.setEnabled(newValue.contains(.untrackedReads))
        }
    }

    /// Whether `option` is on (one atomic load).
    static func isOn(_ option: Options) -> Bool { enabled.load(ordering: .relaxed) & option.rawValue != 0 }

    /// Reloads of one scope allowed within `window` seconds before `.excessiveReloads` reports it.
    @MainActor public static var excessiveReloadLimit: (count: Int, window: Double) = (100, 1)

    /// One reported problem.
    public struct Message: Sendable, Equatable, CustomStringConvertible {
        /// What kind of problem.
        public let category: Category
        /// The full human-readable text.
        public let text: String
        public var description: String { text }
    }

    private struct State {
        var sink: (@Sendable (Message) -> Void)?
        var seen: Set<String> = []
    }

    private static let state = Mutex(State())

    /// Replaces the sink; `nil` restores the default (standard error, once per distinct message).
    public static func setSink(_ sink: (@Sendable (Message) -> Void)?) {
        state.withLock {
            $0.sink = sink; $0.seen = []
        }
    }

    /// Runs `body` and returns, with its result, every message reported on this thread meanwhile.
    /// Captured messages do not reach the sink, and the once-per-message filter does not apply.
    public static func capture<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, [Message]) {
        let context = ThreadContext.current
        context.diagnosticCaptures.append([])
        let result: T
        do {
            result = try body()
        } catch {
            context.diagnosticCaptures.removeLast()
            throw error
        }
        return (result, context.diagnosticCaptures.removeLast())
    }

    /// Distinct messages the default sink remembers (to print each once); past it, it forgets them
    /// all and starts again, so messages naming ever-new ids cannot grow memory without bound.
    package static let rememberedMessages = 1_000

    /// Whether `text` is new to `seen` (and remembers it, within ``rememberedMessages``).
    package static func firstTime(_ text: String, in seen: inout Set<String>) -> Bool {
        if seen.count >= rememberedMessages && !seen.contains(text) { seen.removeAll() }
        return seen.insert(text).inserted
    }

    /// How many distinct messages the default sink remembers now (tests).
    package static var rememberedCount: Int { state.withLock { $0.seen.count } }

    /// Reports a problem to the current sink (or to the innermost ``capture(_:)`` on this thread).
    public static func report(_ category: Category, _ text: String) {
        let message = Message(category: category, text: text)
        let context = ThreadContext.current
        if !context.diagnosticCaptures.isEmpty {
            context.diagnosticCaptures[context.diagnosticCaptures.count - 1].append(message)
            return
        }
        let (sink, isNew) = state.withLock { state in
            (state.sink, state.sink == nil && Self.firstTime(text, in: &state.seen))
        }
        if let sink {
            sink(message)
        } else if isNew {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
        }
    }
}
