/// The stores of one engine, kept by their component's identity across reloads.
///
/// A store is kept under the slot of its `WithStore` (see `LayoutPass.scopedKey`): it lives as long
/// as that builder does, whether it is built in its parent's layout or rebuilt alone. When the
/// builder builds without it, or leaves the tree, the store is detached (its events are dropped,
/// its change links cancelled) and released; a slot reused without building keeps its stores. Appear, dependency and
/// reload links are delivered after the layout, outside tracking, so the events they send reload
/// whatever they change on the next round.
@MainActor
final class StoreRegistry: KeyedLayoutState, LayoutParticipant {
    private var stores: [String: StoreBase] = [:]
    private var afterLayout: [() -> Void] = []

    static var current: StoreRegistry? {
        BuildContext.current?.attachment(StoreRegistry.self) { StoreRegistry() }
    }

    /// The store at `site` (plus `id`), created with `make` on first use.
    func store(site: String, id: AnyHashable?, make: () -> StoreBase) -> (StoreBase, created: Bool) {
        let key = LayoutPass.scopedKey(site + (id.map { "[\($0)]" } ?? ""))
        use(key)
        if let existing = stores[key] { return (existing, false) }
        let store = make()
        stores[key] = store
        return (store, true)
    }

    /// The store without a parent among this engine's (the outermost one), for tests and tools.
    var rootStore: StoreBase? { stores.values.first { $0.parent == nil } }

    func dropKey(_ key: String) {
        stores.removeValue(forKey: key)?.detach()
    }

    var keyCount: Int { stores.count }

    /// Runs `work` once the current layout is over.
    func afterLayout(_ work: @escaping () -> Void) { afterLayout.append(work) }

    func engineWillLayout() {}

    func engineDidLayout() {
        let work = afterLayout
        afterLayout.removeAll()
        for item in work { item() }
    }
}
