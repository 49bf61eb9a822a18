import Synchronization
import Foundation

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
        /// Anything else worth knowing.
        case general
    }

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
        state.withLock { $0.sink = sink; $0.seen = [] }
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

    /// Reports a problem to the current sink (or to the innermost ``capture(_:)`` on this thread).
    public static func report(_ category: Category, _ text: String) {
        let message = Message(category: category, text: text)
        let context = ThreadContext.current
        if !context.diagnosticCaptures.isEmpty {
            context.diagnosticCaptures[context.diagnosticCaptures.count - 1].append(message)
            return
        }
        let (sink, isNew) = state.withLock { state in
            (state.sink, state.sink == nil && state.seen.insert(text).inserted)
        }
        if let sink {
            sink(message)
        } else if isNew {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
        }
    }
}
