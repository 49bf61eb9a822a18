/// Views removed by an engine, kept by class for reuse by later inserts of the same type.
@MainActor
struct ReusePool {
    /// Views kept per class; more are dropped.
    static let capacityPerType = 64
    private var views: [ObjectIdentifier: [PlatformView]] = [:]

    /// Whether a view of `type` put now would be kept.
    func hasRoom(for type: ObjectIdentifier) -> Bool {
        (views[type]?.count ?? 0) < Self.capacityPerType
    }

    /// Keeps `view`, which the caller prepared for reuse after `hasRoom(for:)` said it would be kept
    /// (asked once, before the preparation, not again here).
    mutating func put(_ view: PlatformView, type: ObjectIdentifier) {
        assert(hasRoom(for: type), "a view was pooled past the pool's capacity")
        views[type, default: []].append(view)
    }

    mutating func take(_ type: ObjectIdentifier) -> PlatformView? {
        // Looked up before the mutating access: `views[type]?.popLast()` on an empty pool would
        // give the engine a dictionary of its own (about 100 bytes per idle boundary).
        guard views[type]?.isEmpty == false else { return nil }
        return views[type]?.popLast()
    }

    /// Views pooled, over every class.
    var count: Int { views.values.reduce(0) { $0 + $1.count } }
}
