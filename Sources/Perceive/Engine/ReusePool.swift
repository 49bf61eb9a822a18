/// Views removed by an engine, kept by class for reuse by later inserts of the same type.
///
/// Between renders the pool keeps at most ``capacityPerType`` views per class. While a render
/// applies its changes it may keep more — as many as that render still inserts — so that a list
/// replaced wholesale hands each removed view straight to an inserted item instead of freeing one
/// view and creating another; what the render did not use is dropped when it ends.
@MainActor
struct ReusePool {
    /// Views kept per class between renders; more are dropped.
    static let capacityPerType = 64
    /// The classes seen, and the views kept of each (`views[i]` are of class `types[i]`). An
    /// engine shows a few classes: a linear search beats hashing, which cost a list replaced
    /// wholesale ~1,000 instructions per view (two lookups per take, one per put).
    private var types: [ObjectIdentifier] = []
    private var views: [[PlatformView]] = []
    /// Inserts the renders in progress will still make (room beyond the capacity, over all classes).
    private var allowance = 0

    private func index(of type: ObjectIdentifier) -> Int? {
        var index = 0
        while index < types.count {
            if types[index] == type { return index }
            index += 1
        }
        return nil
    }

    /// Whether a view of `type` put now would be kept.
    func hasRoom(for type: ObjectIdentifier) -> Bool {
        guard let index = index(of: type) else { return Self.capacityPerType + allowance > 0 }
        return views[index].count < Self.capacityPerType + allowance
    }

    /// Keeps `view`, which the caller prepared for reuse after `hasRoom(for:)` said it would be kept
    /// (asked once, before the preparation, not again here).
    mutating func put(_ view: PlatformView, type: ObjectIdentifier) {
        assert(hasRoom(for: type), "a view was pooled past the pool's capacity")
        if let index = index(of: type) {
            views[index].append(view)
        } else {
            types.append(type)
            views.append([view])
        }
    }

    mutating func take(_ type: ObjectIdentifier) -> PlatformView? {
        // (An empty pool has no arrays at all: an idle boundary's engine pays nothing for it.)
        guard let index = index(of: type) else { return nil }
        return views[index].popLast()
    }

    /// Lets the pool keep `inserts` more views until the matching ``endRender(_:)``; returns what
    /// to hand that call. Renders nest (a view's children render while it is inserted).
    mutating func beginRender(inserts: Int) -> Int {
        let saved = allowance
        allowance += inserts
        return saved
    }

    /// Ends a render begun with ``beginRender(inserts:)``; the outermost one drops the views the
    /// renders kept beyond the capacity and did not use.
    mutating func endRender(_ saved: Int) {
        allowance = saved
        guard saved == 0 else { return }
        for index in views.indices where views[index].count > Self.capacityPerType {
            views[index].removeLast(views[index].count - Self.capacityPerType)
        }
    }

    /// Views pooled, over every class.
    var count: Int {
        var total = 0
        for pooled in views { total += pooled.count }
        return total
    }
}
