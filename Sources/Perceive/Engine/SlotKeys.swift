/// What few slots keep besides their layout: the keys of the per-engine state they use (a
/// reader's history, a store), and the cells a capped flush keeps (see
/// `LayoutContext.keepingReads`).
///
/// A side object made on first use (see `LayoutSlot.keyed`): a row or a boundary's label uses no
/// per-engine state, and its slot keeps one word for these instead of three.
@MainActor
final class SlotKeys {
    /// Keys of per-engine state its body's layout used (readers), and per-call-site counts.
    @exclusivity(unchecked) var keys: [OwnedKey] = []
    /// Keys of per-engine state its builder's own `build()` made (a store): see
    /// `LayoutContext.building(_:_:)`.
    @exclusivity(unchecked) var buildKeys: [OwnedKey] = []
    /// The cells its last build read, kept only for a capped flush.
    var keptReads: [PerceptionCell]?
}

extension LayoutSlot {
    /// `keyed`, made now if it was not.
    var madeKeys: SlotKeys {
        if let keyed { return keyed }
        let made = SlotKeys()
        keyed = made
        return made
    }

    /// Keys of per-engine state its body's layout used (empty for most slots).
    var keys: [OwnedKey] {
        @inline(__always) get { keyed?.keys ?? [] }
        set { if keyed != nil || !newValue.isEmpty { madeKeys.keys = newValue } }
    }

    /// Keys of per-engine state its builder's own `build()` made (empty for most slots).
    var buildKeys: [OwnedKey] {
        @inline(__always) get { keyed?.buildKeys ?? [] }
        set { if keyed != nil || !newValue.isEmpty { madeKeys.buildKeys = newValue } }
    }

    /// The cells its last build read, kept only for a capped flush.
    var keptReads: [PerceptionCell]? {
        get { keyed?.keptReads }
        set { if keyed != nil || newValue != nil { madeKeys.keptReads = newValue } }
    }
}
