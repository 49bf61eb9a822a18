import Foundation
import Testing

@testable import Perceive

/// The end of a one-shot core's delivery: its handler runs once and is released once, whether the
/// delivery ends alone (one exchange) or the core is cancelled while the handler runs (the general
/// steps: cancel, leave, and the last to leave drops it).
@Suite("One-shot core")
struct OneShotCoreTests {
    private final class Witness: Sendable {
        let released: Recorder<String>
        init(_ released: Recorder<String>) { self.released = released }
        deinit { released.append("released") }
    }

    private static let change = PerceptionChange(kind: .observation, property: nil)

    /// A core armed once and claimed, as a write claims it; `body` runs inside its handler.
    private func claimedCore(_ log: Recorder<String>, _ body: @escaping @Sendable (OneShotCore) -> Void) -> OneShotCore {
        let box = Recorder<OneShotCore>()
        let witness = Witness(log)
        let core = OneShotCore(isSpare: false) {
            _ = witness
            log.append("ran")
            body(box.values[0])
        }
        box.append(core)
        let generation = core.beginArming()
        core.didArm(generation)
        #expect(core.claim(generation))
        return core
    }

    @Test func aDeliveryEndingAloneReleasesTheHandlerOnce() {
        let log = Recorder<String>()
        let core = claimedCore(log) { _ in }
        core.run(Self.change)
        #expect(log.values == ["ran", "released"])
        #expect(core.isCancelled)
        core.cancel()
        core.run(Self.change)
        #expect(log.values == ["ran", "released"])
    }

    @Test func aCoreCancelledWhileItsHandlerRunsReleasesTheHandlerOnceWhenItLeaves() {
        let log = Recorder<String>()
        let core = claimedCore(log) { core in
            core.cancel()
            log.append("cancelled")
        }
        core.run(Self.change)
        #expect(log.values == ["ran", "cancelled", "released"])
        core.run(Self.change)
        core.cancel()
        #expect(log.values == ["ran", "cancelled", "released"])
    }
}
