import Dispatch
import Testing

@testable import Perceive

/// A finished tracking session is kept for the next one on its thread: the innermost as the
/// thread's spare, the others in a pool of at most eight; and a session stays exact across the
/// wrap-around of the stamp that clears its table of seen cells in O(1).
@Suite("Session reuse")
struct SessionReuseTests {
    /// Runs `depth` nested `withPerceptionTracking` calls, each reading a property.
    private static func nest(_ depth: Int, _ model: SessionReuseModel) {
        guard depth > 0 else { return }
        withPerceptionTracking {
            _ = model.value
            nest(depth - 1, model)
        } onChange: {
        }
    }

    /// After three nested sessions end, the innermost is the spare and the two around it are pooled
    /// (outermost last); three nested sessions again take exactly those back.
    @Test func nestedSessionsAreKeptAsTheSpareAndInThePool() {
        let seen = Recorder<[Int]>()
        onAnotherThread {
            let model = SessionReuseModel()
            let context = ThreadContext.current
            Self.nest(3, model)
            let first = [context.spare == nil ? 0 : 1, context.pool.count]
            let kept = Set([context.spare.map(ObjectIdentifier.init)] + context.pool.map(ObjectIdentifier.init))
            Self.nest(3, model)
            let again = Set([context.spare.map(ObjectIdentifier.init)] + context.pool.map(ObjectIdentifier.init))
            seen.append(first + [context.pool.count, kept == again ? 1 : 0])
        }
        #expect(seen.values == [[1, 2, 2, 1]])
    }

    /// Twelve nested sessions: one spare and eight pooled; the three beyond are freed.
    @Test func thePoolKeepsAtMostEight() {
        let counts = Recorder<Int>()
        onAnotherThread {
            let context = ThreadContext.current
            Self.nest(12, SessionReuseModel())
            counts.append(context.spare == nil ? 0 : 1)
            counts.append(context.pool.count)
        }
        #expect(counts.values == [1, 8])
    }

    /// When the stamp wraps to zero the table is cleared: a cell recorded before the wrap, under
    /// the stamp the table starts again with, is recorded anew (left stamped, it would read as
    /// already seen and the session would miss it).
    @Test func aSessionRecordsExactlyAcrossTheStampsWrapAround() {
        let session = TrackingSession()
        let (first, second) = (PerceptionCell(), PerceptionCell())
        session.record(first)
        session.record(second)
        #expect(session.count == 2)
        session.reset()
        session.stamp = .max
        session.reset()
        #expect(session.stamp == 1)
        session.record(first)
        session.record(first)
        #expect(session.count == 1)
        session.record(second)
        #expect(session.count == 2)
        session.reset()
    }
}

final class SessionReuseModel: Perceptible {
    @Perceived var value = 0
}
