/// Engine attachments that take part in layouts: told before and after each layout of their
/// engine, outside its tracking (the event layer's store registry uses it to sweep stores that
/// left the tree and to deliver appear links).
@MainActor
package protocol LayoutParticipant: AnyObject {
    func engineWillLayout()
    func engineDidLayout()
}

/// Per-engine state kept by key (stores by component identity, reader histories by path). A key
/// used by a builder's own `build()` belongs to that builder's slot; one used while a body lays
/// out, to the slot whose body it is. The state lives as long as its owner keeps using it, and is
/// dropped when the owner builds or lays out without it, or leaves the tree (a reused slot keeps
/// what it owns).
@MainActor
package protocol KeyedLayoutState: AnyObject {
    /// Forgets the state kept under `key` (its owner stopped using it).
    func dropKey(_ key: String)
    /// How many keys the state holds (for tests that check it stays bounded).
    var keyCount: Int { get }
}

extension KeyedLayoutState {
    /// Records that the layout in progress uses `key`: the builder building owns it, or else the
    /// builder slot whose body is laying out.
    package func use(_ key: String) {
        LayoutContext.current?.use(key, of: self)
    }
}
