/// Views removed by an engine, kept by class for reuse by later inserts of the same type.
@MainActor
struct ReusePool {
    /// Views kept per class; more are dropped.
    static let capacityPerType = 64
    private var views: [ObjectIdentifier: [PlatformView]] = [:]

    mutating func put(_ view: PlatformView, type: ObjectIdentifier) {
        guard views[type, default: []].count < Self.capacityPerType else { return }
        views[type, default: []].append(view)
    }

    mutating func take(_ type: ObjectIdentifier) -> PlatformView? {
        views[type]?.popLast()
    }

    /// Views pooled, over every class.
    var count: Int { views.values.reduce(0) { $0 + $1.count } }
}
