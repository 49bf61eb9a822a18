import Synchronization

/// The shared, tiny part of a subscription: a generation counter and the handler to call.
///
/// Everything that changes is one atomic word, `state`: the generation in its high bits, beside
/// the number of deliveries running the handler (×4) and two flags, *cancelled* (1) and
/// *dropped* (2). Generations:
/// - *arming* bumps the generation to `g` and links the recorded cells at `g`;
/// - *firing* a link made at `g` succeeds only by moving the generation from `g` to `g + 1`, so one
///   armed set is delivered at most once however many of its cells are written, on however many
///   threads;
/// - *re-arming* and *cancelling* bump the generation too, which turns every older link stale
///   without touching the cells that hold them (they sweep stale links lazily).
///
/// Cells keep cores alive, never the user's ``TrackingScope``; cancelling drops the handler, so a
/// cancelled or deallocated scope's closure (and whatever it captured) is released as soon as no
/// delivery is running it. The handler is read without a lock and without a retain:
/// - a delivery *enters* by adding 4 — in the same exchange that claims the armed set, when it
///   runs at once; if the cancelled bit was clear, the handler stays until it *leaves* (subtracts 4);
/// - *cancelling* sets the cancelled bit;
/// - the handler is dropped by whoever wins the one exchange that sets the dropped bit, which is
///   never cleared: either from low bits exactly 1 (cancelled, nobody running, not dropped) — the
///   canceller if nobody was running, otherwise the last delivery to leave — or, for a one-shot
///   core ending its delivery, from exactly 4 (this delivery alone running, not cancelled, not
///   dropped) straight to 3, cancelling and leaving in the same exchange. After the latter the low
///   bits never return to 1, so the two cannot both drop. Later deliveries enter, see the
///   cancelled bit, and leave without reading the handler.
///
/// Not final: a one-shot core (``OneShotCore``) keeps its handler itself and has no box, so that
/// ``withPerceptionTracking(_:onChange:)`` needs one object, not a core and a box (and a thread
/// reuses it for its next call once nothing references it: see `reviveOneShot`). Its one
/// delivery normally leaves, cancels and drops in a single exchange (see `finishOneShot`).
// Unchecked: every field is an atomic, a constant, or written only where the comments above say
// nothing else can be reading it.
@usableFromInline
class ScopeCore: @unchecked Sendable {
    /// Generation × `generationUnit`, plus deliveries running × 4, dropped (2), cancelled (1).
    private let state = Atomic<UInt64>(0)
    /// Where the generation starts in `state` (one generation is `generationUnit`); below it, 14
    /// bits count running deliveries (one per thread at most, per core, save re-entrant ones), far
    /// more than ever run at once.
    private static let generationShift: UInt64 = 16
    private static let generationUnit: UInt64 = 1 << generationShift
    private static let lowBits: UInt64 = generationUnit - 1
    /// The generation of the most recent completed arming (0 before the first).
    private let armed = Atomic<UInt64>(0)
    // Written only at initialization and by the one party that drops it, when no delivery can be
    // reading it (see `state`). `nil` for a one-shot core, which calls its own handler.
    private nonisolated(unsafe) var box: HandlerBox?
    /// A one-shot core (``withPerceptionTracking(_:onChange:)``) forgets its handler after delivery.
    /// True exactly for a ``OneShotCore``.
    let isOneShot: Bool
    /// What the shared handler's owner subscribed with this core (an engine's memoized slot), named
    /// without being retained; meaningful to that owner only, and only while the core is not
    /// cancelled (the owner cancels the core before it lets the object go).
    nonisolated(unsafe) let owner: UnsafeRawPointer?

    typealias Handler = @Sendable (PerceptionChange) -> Void

    /// A persistent scope's core (a ``TrackingScope``'s), calling `handler` with each change.
    init(handler: @escaping Handler) {
        self.isOneShot = false
        self.box = .single(handler)
        self.owner = nil
    }

    /// A one-shot core whose subclass keeps the handler (and no box: a shared box cost a retain
    /// and a release of it per call). Only ``OneShotCore`` calls this: `run` and `drop()` take
    /// `isOneShot` to mean that subclass.
    init(oneShot: Void) {
        self.isOneShot = true
        self.box = nil
        self.owner = nil
    }

    /// A core whose handler is shared with others and told which core fired (an engine's
    /// memoized builders: one handler for all of them); `owner` says which of them it is.
    init(sharing box: HandlerBox, owner: UnsafeRawPointer? = nil) {
        self.isOneShot = false
        self.box = box
        self.owner = owner
    }

    /// Starts a new armed set and returns its generation; older links become stale.
    func beginArming() -> UInt64 {
        state.wrappingAdd(Self.generationUnit, ordering: .acquiringAndReleasing).newValue >> Self.generationShift
    }

    /// Records that the set started at `generation` is now linked.
    func didArm(_ generation: UInt64) {
        armed.store(generation, ordering: .releasing)
    }

    /// Whether a link made at `generation` can still fire (no later arming, firing or cancelling).
    @inline(__always)
    func isLive(_ generation: UInt64) -> Bool { state.load(ordering: .acquiring) >> Self.generationShift == generation }

    /// Whether the latest armed set is still waiting for a change.
    var isArmed: Bool {
        let latest = armed.load(ordering: .acquiring)
        return latest != 0 && isLive(latest)
    }

    var isCancelled: Bool { state.load(ordering: .acquiring) & 1 != 0 }

    /// Clears a one-shot core's flags (cancelled, dropped) for another call, moving its generation on.
    /// Only for a core nobody else references (see `OneShotCore.revive`, whose caller's fence orders
    /// this after the last holder's writes): nothing races with the store.
    func reviveOneShot() {
        let word = state.load(ordering: .relaxed)
        state.store(((word >> Self.generationShift) &+ 1) << Self.generationShift, ordering: .relaxed)
    }

    /// Makes every link stale and drops the handler (now, or when the last running delivery
    /// leaves); the core never arms again.
    func cancel() {
        let before = state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue
        state.wrappingAdd(Self.generationUnit, ordering: .acquiringAndReleasing)
        if before & Self.lowBits == 0 { drop() }
    }

    /// Counts a delivery as running; true if the handler is there to run (not cancelled). Every
    /// `enter` is paired with a `leave`.
    @inline(__always)
    private func enter() -> Bool {
        let before = state.wrappingAdd(4, ordering: .acquiring).oldValue
        assert(Self.hasRoomToEnter(before), "Perceive: more deliveries of one scope at once than its count holds")
        return before & 1 == 0
    }

    /// Whether the count of running deliveries in `word` can take one more (14 bits: one delivery
    /// per thread at most, since a thread queues the ones its handlers cause).
    private static func hasRoomToEnter(_ word: UInt64) -> Bool { word & lowBits < lowBits & ~3 }

    @inline(__always)
    private func leave() {
        if state.wrappingSubtract(4, ordering: .acquiringAndReleasing).newValue & Self.lowBits == 1 { drop() }
    }

    /// Releases the handler, once: only one exchange sets the dropped bit (here, while the low bits
    /// are 1: cancelled, nobody running; or in `finishOneShot`), and nothing runs the handler then.
    private func drop() {
        var current = state.load(ordering: .acquiring)
        while current & Self.lowBits == 1 {
            let (exchanged, found) = state.compareExchange(
                expected: current, desired: current | 2, ordering: .acquiringAndReleasing)
            if exchanged {
                box = nil
                // A one-shot core's handler is its own field, released at the same moment.
                if isOneShot { unsafeDowncast(self, to: OneShotCore.self).dropHandler() }
                return
            }
            current = found
        }
    }

    /// Delivers `change` if the set armed at `armed` has not fired yet.
    func fire(_ armed: UInt64, _ change: PerceptionChange) {
        guard claim(armed) else { return }
        Delivery.deliver(PendingDelivery(core: self, change: change))
    }

    /// Takes the right to deliver the set armed at `armed`: true for exactly one caller. The
    /// delivery then calls `run(_:)`.
    @inline(__always)
    func claim(_ armed: UInt64) -> Bool { claim(armed, adding: Self.generationUnit) != nil }

    /// Claims the set armed at `armed` and runs the handler at once (if claimed): the claim's
    /// exchange also enters, so the delivery costs one atomic operation less than `claim` + `run`.
    @inline(__always)
    func claimAndRun(_ armed: UInt64, _ change: PerceptionChange) -> Bool {
        guard let before = claim(armed, adding: Self.generationUnit &+ 4) else { return false }
        run(entered: before & 1 == 0, change)
        return true
    }

    /// Moves the generation from `armed` to the next one (adding `step`, which may also enter) and
    /// returns the word before; nil if the generation is no longer `armed`.
    @inline(__always)
    private func claim(_ armed: UInt64, adding step: UInt64) -> UInt64? {
        // Guessed with the low bits clear (nobody running, not cancelled), as they nearly always are.
        var expected = armed << Self.generationShift
        while true {
            let (exchanged, found) = state.compareExchange(
                expected: expected, desired: expected &+ step, ordering: .acquiringAndReleasing)
            if exchanged {
                assert(
                    step == Self.generationUnit || Self.hasRoomToEnter(expected),
                    "Perceive: more deliveries of one scope at once than its count holds")
                return expected
            }
            guard found >> Self.generationShift == armed else { return nil }
            expected = found
        }
    }

    /// Runs the handler of a claimed set outside every lock. Called by ``Delivery`` only.
    @inline(__always)
    func run(_ change: PerceptionChange) { run(entered: enter(), change) }

    /// Runs the handler if `present` (entered while not cancelled), then leaves.
    // Inlined into the delivery loops: the caller's references to the core and the change then
    // serve the call.
    @inline(__always)
    private func run(entered present: Bool, _ change: PerceptionChange) {
        guard present else { return leave() }
        if isOneShot {
            // Entered while not cancelled: the handler is there until this delivery leaves.
            unsafeDowncast(self, to: OneShotCore.self).handler()
            return finishOneShot()
        }
        // Borrowed: the count of running deliveries keeps the box until `leave`.
        Unmanaged.passUnretained(box.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.call(change, by: self) }
        leave()
    }

    /// Ends a one-shot core's delivery, after which the core never runs its handler again:
    /// cancels it and leaves. When this delivery is the only one running and nothing cancelled the
    /// core meanwhile (as good as always), the word goes from "one running" to "cancelled and
    /// dropped" in one exchange, and the handler is released here; otherwise the general steps
    /// run (cancel, then leave, which drops the handler if nobody else is running).
    @inline(__always)
    private func finishOneShot() {
        let expected = state.load(ordering: .relaxed)
        if expected & Self.lowBits == 4,
            state.compareExchange(
                expected: expected, desired: expected &- 4 | 3, ordering: .acquiringAndReleasing
            ).exchanged
        {
            unsafeDowncast(self, to: OneShotCore.self).dropHandler()
            return
        }
        state.bitwiseOr(1, ordering: .releasing)
        leave()
    }
}
