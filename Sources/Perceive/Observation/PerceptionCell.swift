import Synchronization

/// The observation point of one tracked property of one object.
///
/// Every ``Perceived`` property owns a cell, and ``PerceptionRegistrar`` hands one out per key path
/// for hand-written accessors. A read inside a tracking session records the cell; arming the
/// session links its scope into the cell; a write fires the live links and drops them.
///
/// Links are `(scope core, generation)` pairs. A scope that re-arms or cancels only bumps its
/// generation, which makes its old links stale without visiting the cells that hold them; stale
/// links are swept the next time the cell is written or has grown to twice its live size. That keeps
/// cancelling O(1) and bounds every cell's memory at twice its live subscriptions (plus, after a
/// write, the emptied room of the at most `keptBufferLimit` links it delivered, for the scopes
/// that re-arm).
public final class PerceptionCell: Sendable {
    /// Links currently stored (live or stale). Zero means a write can skip the lock. Declared
    /// first, so that it is the object's first stored property, at a fixed place after the object's
    /// header: ``Perceived`` keeps its address (`linkCount`) and tests it without retaining the
    /// cell. (It was a block of its own, one more allocation and free per cell.)
    private let links = Atomic<Int>(0)
    /// Where a ``Perceived`` property's storage sits in its object (-1 for a cell made otherwise):
    /// names the property through a per-type cache on its first firing write. Taken where the cell
    /// is created, so a write need not take its storage's address (an `inout` access, which the
    /// writer's module checks for exclusivity at run time).
    private let storageOffset: Int
    /// Bumped by every write that anyone may care about (someone linked, or a session recording
    /// somewhere). A session remembers the version it read and compares after linking, so a write
    /// landing between a read and the link is never lost (see `TrackingSession.arm`).
    private let writes = Atomic<UInt64>(0)
    /// The thread context of the latest such write, so that a session finding the version moved can
    /// tell whether its own thread wrote (a build writing what it read) or another one did.
    private let lastWriter = Atomic<UInt>(0)
    /// Guards `lockedState`: its critical sections take or add links and never call out.
    private let lock = SpinLock()
    @exclusivity(unchecked) private nonisolated(unsafe) var lockedState = State()

    struct Link {
        let core: ScopeCore
        var generation: UInt64
        var isLive: Bool { core.isLive(generation) }
    }

    struct State {
        /// The first link, kept inline: most cells have one subscriber, and firing or re-linking it
        /// then allocates nothing.
        var first: Link?
        /// Links beyond the first; empty whenever `first` is nil (only `fire` clears `first`, and it
        /// takes these too). A stale `first` is simply replaced by the next link.
        var more: [Link] = []
        /// Sweep when `more` reaches this size.
        var sweepAt = 8
        var name: PropertyName?

        var count: Int { (first == nil ? 0 : 1) + more.count }
        var all: [Link] { (first.map { [$0] } ?? []) + more }
    }

    /// Creates a cell with no observers.
    public init() { storageOffset = -1 }

    /// A ``Perceived`` property's cell, whose storage is at `storageOffset` in its object.
    init(storageOffset: Int) { self.storageOffset = storageOffset }

    /// The address of the link counter, valid while the cell lives (a property holding it holds
    /// the cell too). The counter is the first stored property: it sits right after the object's
    /// header, where the standard library's `ManagedBuffer` finds its header too.
    var linkCount: _AtomicAddress {
        _AtomicAddress(pointer: _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Atomic<Int>.self))
    }

    /// Runs `body` on the links and name under the cell's lock.
    @inline(__always)
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&lockedState)
    }

    deinit {
        // No reference to the cell remains, so no writer or armer runs concurrently: a cell nobody
        // linked (most cells of a replaced list) is freed without taking its lock or building a list.
        guard links.load(ordering: .acquiring) != 0 else { return }
        // The observed object is going away: every live subscriber hears about it exactly once.
        // The links are moved out (no array is built); stale ones make no change record.
        let (first, more, name): (Link?, [Link], PropertyName?) = withState { state in
            var more: [Link] = []
            swap(&more, &state.more)
            return (state.first.take(), more, state.name)
        }
        var change: PerceptionChange?
        func tell(_ link: Link) {
            guard link.isLive else { return }
            if change == nil { change = PerceptionChange(kind: .deallocated, property: name) }
            link.core.fire(link.generation, change!)
        }
        if let first { tell(first) }
        for link in more { tell(link) }
    }

    /// Links `core` at `generation`; called while arming a session.
    ///
    /// A changed count is published with a sequentially consistent store: paired with the
    /// writer's version bump and count load (both sequentially consistent) and the armer's version
    /// load after linking, either the writer sees the link or the armer sees the new version.
    /// Replacing a stale first link keeps the count, which is non-zero, and publishes nothing: a
    /// writer that finds the count non-zero takes the lock, which orders it with this link (it
    /// fires the link, or it finished firing before the link was made and its version bump is seen
    /// by the armer's load). Most arming is such a replacement, often of the same scope's own link
    /// from its previous arming, which is then re-stamped in place: no store, and no retain and
    /// release of its core.
    func link(_ core: ScopeCore, generation: UInt64) {
        withState { state in
            if state.first == nil {
                state.first = Link(core: core, generation: generation)
                links.store(state.count, ordering: .sequentiallyConsistent)
                return
            }
            // (Tested in place, not bound: a bound copy of the link retains and releases its core.)
            if !state.first!.isLive {
                if state.first!.core === core {
                    state.first!.generation = generation
                } else {
                    state.first = Link(core: core, generation: generation)
                }
                return
            }
            if state.more.count >= state.sweepAt {
                state.more.removeAll { !$0.isLive }
                state.sweepAt = max(8, state.more.count * 2)
            }
            state.more.append(Link(core: core, generation: generation))
            links.store(state.count, ordering: .sequentiallyConsistent)
        }
    }

    /// The number of notifying writes so far; compared by sessions after they link.
    var version: UInt64 { writes.load(ordering: .sequentiallyConsistent) }

    /// Takes every link, with the name if known, and fires the live ones outside the lock.
    private func fire(_ subject: AnyObject, on context: ThreadContext) {
        let (first, more, known): (Link?, [Link], PropertyName?) = withState { state in
            // Moved out, not copied: taking the links costs no retain.
            guard let first = state.first.take() else { return (nil, [], nil) }
            var more: [Link] = []
            if !state.more.isEmpty { swap(&more, &state.more) }
            state.sweepAt = 8
            links.store(0, ordering: .releasing)
            return (first, more, state.name)
        }
        guard let first else { return }
        // Name the property while `subject` is certainly alive, so change records carry a name
        // instead of the object; resolved once per cell, then taken with the links above (a name is
        // a plain value: copying it costs no reference counting).
        let name = known != nil ? consume known : resolveName(in: subject)
        let change = PerceptionChange(
            kind: .mutation, property: consume name, cellID: ObjectIdentifier(self),
            writer: context.isMainThread ? .mainThread : .thisThread)
        Delivery.deliver(first, more, change, on: context)
        if !more.isEmpty { keepBuffer(more) }
    }

    /// Gives a small buffer of links back to the cell once their delivery is over, emptied, so that
    /// scopes re-arming after the write (a parent and its two boundaries reading one property, at
    /// their reloads) link again without growing a new array every write. (A handler that re-arms
    /// during the delivery links into a new array, and the returned buffer is dropped.) Only a
    /// buffer that delivered up to `keptBufferLimit` links, with room for at most twice as many, is
    /// kept (about 1 KiB: a chain of fifty nested boundaries reading one property re-armed into a
    /// growing array every write, ~70 instructions a scope): a cell that lost its many subscribers
    /// does not hold their room. (Counted by links, not by room: the room an allocator gives 64
    /// links is 64 with glibc, more with Darwin's size classes.)
    private func keepBuffer(_ links: consuming [Link]) {
        guard links.count <= Self.keptBufferLimit, links.capacity <= 2 * Self.keptBufferLimit else { return }
        var more = links
        // The cores go here, outside the lock, as they went with the buffer before.
        more.removeAll(keepingCapacity: true)
        withState { state in
            // (Not if links were added meanwhile, on another thread: those stay.)
            if state.more.capacity == 0 { swap(&state.more, &more) }
        }
    }

    /// The most links a kept buffer holds (see `keepBuffer`).
    static let keptBufferLimit = 64

    /// Room for links beyond the first that the cell holds (kept across writes: see `keepBuffer`),
    /// for tests.
    var extraLinkRoom: Int { withState { $0.more.capacity } }

    /// The number of scopes currently subscribed (live links), for tests and diagnostics.
    public var observerCount: Int {
        withState { $0.all.lazy.filter(\.isLive).count }
    }

    /// Reports a write. Called by ``PerceptionRegistrar`` after the value changed.
    func _didMutate(_ subject: AnyObject) {
        _didMutate(subject, recording: _PerceptionRuntime.readsNeedRecording)
    }

    /// Reports a write, given `_PerceptionRuntime.readsNeedRecording` as read by the caller: a
    /// ``Perceived`` property reads it through the counter's address it keeps (the global is a lazy
    /// one, checked on every access).
    @usableFromInline
    func _didMutate(_ subject: AnyObject, recording: Bool) {
        guard recording || links.load(ordering: .acquiring) != 0 else { return }
        ThreadContext.withCurrent { context in
            if context.silenceDepth > 0 { return }
            // A session recording somewhere may arm against this write and report it
            // (`changeRecord`): name the property before the version moves, while `subject` is
            // certainly alive.
            if recording { _ = resolvedName(in: subject) }
            // The bump comes before the link count is read again (both sequentially consistent): a
            // session arming concurrently either sees this version or is seen here as a link.
            lastWriter.store(context.identity, ordering: .relaxed)
            writes.add(1, ordering: .sequentiallyConsistent)
            guard links.load(ordering: .sequentiallyConsistent) != 0 else { return }
            fire(subject, on: context)
        }
    }

    /// The change a session reports when, arming, it finds this cell written after it was read.
    var changeRecord: PerceptionChange {
        let elsewhere = lastWriter.load(ordering: .relaxed) != ThreadContext.current.identity
        return PerceptionChange(
            kind: .mutation, property: knownName, cellID: ObjectIdentifier(self), writer: elsewhere ? .anotherThread : .thisThread)
    }

    /// The name if already resolved.
    var knownName: PropertyName? { withState { $0.name } }

    /// The property's `Type.name`, resolved from `subject`'s mirror on first request and remembered.
    func resolvedName(in subject: AnyObject?) -> PropertyName? {
        if let name = withState({ $0.name }) { return name }
        return resolveName(in: subject)
    }

    /// Resolves the name and remembers it, for a caller that found none remembered (a concurrent
    /// resolution stores the same name).
    private func resolveName(in subject: AnyObject?) -> PropertyName? {
        let offset = storageOffset >= 0 ? storageOffset : nil
        guard let subject, let resolved = PropertyName.resolve(subject, cell: self, storageOffset: offset) else { return nil }
        withState { $0.name = resolved }
        return resolved
    }

    func setName(_ name: PropertyName) {
        withState { $0.name = name }
    }
}
