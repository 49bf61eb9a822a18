/// Who owns the per-engine state made during a layout (see `KeyedLayoutState`): a builder's own
/// `build()`, or the body laying out.
extension LayoutContext {
    /// Runs `build`, `slot`'s builder building, then drops the state its previous build made and
    /// this one did not use. The state a build makes is the builder's own: kept under its slot,
    /// the same whether the builder is built in its parent's layout or rebuilt alone (its reads
    /// changed), and dropped with the slot.
    @inline(__always)
    func building(_ slot: LayoutSlot, _ build: () -> Void) {
        // Most builds make no state and run inside no other build: nothing to save or compare.
        // (`buildOccurrences` is left empty after every build.)
        guard building == nil, slot.keyed?.buildKeys.isEmpty ?? true else { return buildingKeeping(slot, build) }
        building = slot
        build()
        building = nil
        if !buildOccurrences.isEmpty { buildOccurrences.removeAll(keepingCapacity: true) }
    }

    /// `building` for a slot whose previous build made state, or a build inside another build (a
    /// `build()` laying something out), which keeps the outer build's counts.
    @inline(never)
    private func buildingKeeping(_ slot: LayoutSlot, _ build: () -> Void) {
        let previous = slot.buildKeys
        slot.keyed?.buildKeys = []
        let outer = building
        let outerOccurrences = buildOccurrences
        buildOccurrences = [:]
        building = slot
        build()
        building = outer
        buildOccurrences = outer == nil ? [:] : outerOccurrences
        if !previous.isEmpty { releaseKeys(previous, keeping: slot.buildKeys) }
    }

    /// Records that `state`'s `key` is in use: by the builder building, if one is, otherwise by
    /// the body laying out.
    func use(_ key: String, of state: any KeyedLayoutState) {
        if let building {
            building.madeKeys.buildKeys.append(OwnedKey(state: state, key: key))
        } else {
            current.madeKeys.keys.append(OwnedKey(state: state, key: key))
        }
    }
}
