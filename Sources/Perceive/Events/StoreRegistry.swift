/// The stores of one engine, kept by their component's identity across reloads.
///
/// Each layout marks the stores it builds; after the layout, stores left unmarked belong to
/// components that left the tree and are detached (their events are dropped, their change links
/// cancelled) and released. Appear, dependency and reload links are delivered after the layout,
/// outside tracking, so the events they send reload whatever they change on the next round.
@MainActor
final class StoreRegistry: KeyedLayoutState {
    private var stores: [String: StoreBase] = [:]
    private var marked: Set<String> = []
    private var occurrences: [String: Int] = [:]
    private var afterLayout: [() -> Void] = []

    static var current: StoreRegistry? {
        BuildContext.current?.attachment(StoreRegistry.self) { StoreRegistry() }
    }

    /// The store at `site` (plus `id` and occurrence), created with `make` on first use.
    func store(site: String, id: AnyHashable?, make: () -> StoreBase) -> (StoreBase, created: Bool) {
        let scope = BuildMemo.current?.scopeKey ?? 0
        let base = (scope == 0 ? "" : "\(scope)/") + site + (id.map { "[\($0)]" } ?? "")
        let occurrence = occurrences[base, default: 0]
        occurrences[base] = occurrence + 1
        let key = base + "#\(occurrence)"
        use(key)
        if let existing = stores[key] { return (existing, false) }
        let store = make()
        stores[key] = store
        return (store, true)
    }

    /// The store without a parent among this engine's (the outermost one), for tests and tools.
    var rootStore: StoreBase? { stores.values.first { $0.parent == nil } }

    func keepKey(_ key: String) { marked.insert(key) }

    var keyCount: Int { stores.count }

    /// Runs `work` once the current layout is over.
    func afterLayout(_ work: @escaping () -> Void) { afterLayout.append(work) }

    func engineWillLayout() {
        marked.removeAll(keepingCapacity: true)
        occurrences.removeAll(keepingCapacity: true)
    }

    func engineDidLayout() {
        for (key, store) in stores where !marked.contains(key) {
            store.detach()
            stores[key] = nil
        }
        let work = afterLayout
        afterLayout.removeAll()
        for item in work { item() }
    }
}
