import Foundation
import Perceive
import Synchronization
import Testing

/// A model written on another thread; every access holds `lock`, as Docs/Observation.md requires
/// for values shared across threads.
private final class RacedModel: Perceptible, @unchecked Sendable {
    @Perceived var value = 0
    let lock = NSLock()

    func write() { lock.withLock { value += 1 } }
    func read() -> Int { lock.withLock { value } }
}

/// The handshake between the arming thread (the test's) and the writer thread, by round numbers
/// so that a stale flag from an earlier pause can never be mistaken for the current one.
private final class Handshake: Sendable {
    /// The pause the armer asks for: the writer finishes its current write and waits.
    let requested = Atomic<Int>(0)
    /// The last pause the writer entered.
    let acknowledged = Atomic<Int>(0)
    /// The last pause the armer ended.
    let resumed = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    let fired = Atomic<Bool>(false)
}

@Suite("A write racing a re-arm")
struct RearmRaceTests {
    /// A writer thread writes without pause while the scope re-arms every time it fires, so writes
    /// keep landing while the scope is being armed. Every few hundred writes both threads stop; a
    /// scope that is then armed must have read the current value, otherwise a write was lost.
    @Test func writesLandingDuringRearmAreNeverLost() {
        let model = RacedModel()
        let handshake = Handshake()
        let scope = TrackingScope(bridgesObservation: false) { _ in handshake.fired.store(true, ordering: .releasing) }
        let writer = Thread {
            var random = SplitMix(state: 7)
            while !handshake.stop.load(ordering: .acquiring) {
                let round = handshake.requested.load(ordering: .acquiring)
                if round > handshake.acknowledged.load(ordering: .relaxed) {
                    handshake.acknowledged.store(round, ordering: .releasing)
                    while handshake.resumed.load(ordering: .acquiring) < round && !handshake.stop.load(ordering: .acquiring) {}
                    continue
                }
                model.write()
                // A short, varying gap, so successive writes fall at different points of a re-arm.
                for _ in 0..<(random.next() % 64) { _ = handshake.stop.load(ordering: .relaxed) }
            }
        }
        writer.start()
        var lastRead = scope.track { model.read() }
        var lost = 0
        let checks = 20_000
        for round in 1...checks {
            for _ in 0..<200 {
                if handshake.fired.exchange(false, ordering: .acquiringAndReleasing) {
                    lastRead = scope.track { model.read() }
                }
            }
            handshake.requested.store(round, ordering: .releasing)
            while handshake.acknowledged.load(ordering: .acquiring) < round {
                if handshake.fired.exchange(false, ordering: .acquiringAndReleasing) {
                    lastRead = scope.track { model.read() }
                }
            }
            // The writer is idle: a write that fired was heard; re-arm for it as an engine would.
            while handshake.fired.exchange(false, ordering: .acquiringAndReleasing) {
                lastRead = scope.track { model.read() }
            }
            if lastRead != model.read() {
                lost += 1
                lastRead = scope.track { model.read() }
            }
            handshake.resumed.store(round, ordering: .releasing)
        }
        handshake.stop.store(true, ordering: .releasing)
        while !writer.isFinished { sched_yield() }
        #expect(lost == 0, "\(lost) of \(checks) pauses found the scope armed on a stale value")
    }
}

/// A tiny deterministic generator for the writer's gaps.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
