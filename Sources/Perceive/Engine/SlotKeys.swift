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

    // The key lists are read here and changed through `keyed` or `madeKeys` only: appending through
    // a computed property would copy the list on every append.

    /// Keys of per-engine state its body's layout used (empty for most slots).
    var keys: [OwnedKey] { keyed?.keys ?? [] }

    /// Keys of per-engine state its builder's own `build()` made (empty for most slots).
    var buildKeys: [OwnedKey] { keyed?.buildKeys ?? [] }

    /// The cells its last build read, kept only for a capped flush. Released when the flush ends,
    /// with the side object itself when it holds nothing else.
    var keptReads: [PerceptionCell]? {
        get { keyed?.keptReads }
        set {
            guard let keyed else {
                if newValue != nil { madeKeys.keptReads = newValue }
                return
            }
            if newValue == nil && keyed.keys.isEmpty && keyed.buildKeys.isEmpty {
                self.keyed = nil
            } else {
                keyed.keptReads = newValue
            }
        }
    }
}
