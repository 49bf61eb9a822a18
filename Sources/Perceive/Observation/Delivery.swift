/// Calls invalidation handlers, turning re-entrancy into iteration.
///
/// A handler that writes (directly, or by re-arming and writing) would otherwise call the next
/// handler from inside itself. Instead, while a thread is delivering, or inside a transaction,
/// further deliveries are queued and the outermost call drains the queue in order. A cascade that
/// does not settle within ``cascadeLimit`` deliveries is cut off and reported, rather than spinning
/// forever: the remaining invalidations are dropped and the diagnostic says which property looped.
enum Delivery {
    /// Deliveries one outermost write may cause before the cascade is considered runaway.
    static let cascadeLimit = 100_000

    static func deliver(_ delivery: PendingDelivery) {
        ThreadContext.withCurrent { context in
            if context.isDelivering || context.transactionDepth > 0 {
                context.queue.append(delivery)
                return
            }
            context.isDelivering = true
            delivery.core.run(delivery.change)
            drain(context, delivered: 1)
            context.isDelivering = false
        }
    }

    /// Delivers `change` to the live links a written cell took: the same order and cascade rules
    /// as one ``deliver(_:)`` per link, with one thread-context lookup for all of them.
    // Inlined into the cell's `fire`, the one caller: across the call the optimizer kept an extra
    // retain of the core (and, while names were references, two of the change's name).
    @inline(__always)
    static func deliver(
        _ first: PerceptionCell.Link, _ more: [PerceptionCell.Link], _ change: PerceptionChange, on context: ThreadContext
    ) {
        if context.isDelivering || context.transactionDepth > 0 {
            if first.core.claim(first.generation) { context.queue.append(PendingDelivery(core: first.core, change: change)) }
            for link in more where link.core.claim(link.generation) {
                context.queue.append(PendingDelivery(core: link.core, change: change))
            }
            return
        }
        context.isDelivering = true
        // (The queue is tested here: most handlers queue nothing, and the call alone would cost more.)
        if first.core.claimAndRun(first.generation, change), !context.queue.isEmpty { drain(context, delivered: 1) }
        // Each link's core borrowed, not copied out of the array: iterating by value retains and
        // releases every core, two atomic operations per scope of a fan-out.
        more.withUnsafeBufferPointer { links in
            for index in links.indices {
                let generation = links[index].generation
                Unmanaged.passUnretained(links[index].core)._withUnsafeGuaranteedRef { core in
                    if core.claimAndRun(generation, change), !context.queue.isEmpty { drain(context, delivered: 1) }
                }
            }
        }
        context.isDelivering = false
    }

    /// Delivers everything queued on this thread (the end of a transaction, or of a delivery).
    static func drain(_ context: ThreadContext, delivered alreadyDelivered: Int = 0) {
        if context.queue.isEmpty { return }
        var delivered = alreadyDelivered
        var index = 0
        while index < context.queue.count {
            let next = context.queue[index]
            index += 1
            delivered += 1
            if delivered > cascadeLimit {
                let dropped = context.queue.count - index + 1
                // A dropped one-shot call never runs its `onChange`: cancelled, it lets it go now
                // (a reused core would otherwise keep it until its thread's next call).
                for pending in context.queue[(index - 1)...] where pending.core.isOneShot { pending.core.cancel() }
                context.queue.removeAll()
                Diagnostics.report(
                    .invalidationCascade,
                    "Perceive: invalidation cascade exceeded \(cascadeLimit) deliveries (last change: \(next.change)); "
                        + "dropped \(dropped) pending invalidations. A change handler keeps writing a property it observes."
                )
                return
            }
            next.core.run(next.change)
            if index >= 1024 && index * 2 >= context.queue.count {
                context.queue.removeFirst(index)
                index = 0
            }
        }
        context.queue.clearKeepingStorage()
    }
}
