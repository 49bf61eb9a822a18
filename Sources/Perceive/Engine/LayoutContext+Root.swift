/// The slot of the engine's own component (see `LayoutContext.root`): a builder's slot when the
/// component is a builder, else a slot whose body is the component.
extension LayoutContext {
    /// Lays out `builder`, the engine's component, in the root slot: as any builder in its slot
    /// (built, reused or laid out again by the same rules), under the engine's environment.
    func layoutRoot<Builder: ComponentBuilder>(
        builder: Builder, _ constraint: Constraint, _ environment: EnvironmentValues
    ) -> any RenderNode {
        EnvironmentValues.withValues(environment) {
            claimsRoot = true
            let node = builder.layout(constraint)
            // (Not claimed when the nesting limit stopped the builder before it looked for its slot.)
            claimsRoot = false
            return node
        }
    }

    /// The root as the slot of a builder of `type`: a new slot when it held another type or a plain
    /// body (a different builder there is a different identity, as anywhere else).
    func rootSlot(forBuilder type: ObjectIdentifier) -> LayoutSlot {
        if !rootHoldsBuilder || root.key.type != type {
            replaceRoot(with: LayoutSlot(rootBuilderKey: SlotKey(path: 0, type: type, occurrence: 0), serial: makeSerial()))
            rootHoldsBuilder = true
        }
        root.generation = generation
        return root
    }

    /// A root with a plain body (the engine's component is not a builder).
    func usePlainRoot() {
        guard rootHoldsBuilder else { return }
        let key = SlotKey(path: 0, type: ObjectIdentifier(ComponentEngine.self), occurrence: 0)
        replaceRoot(with: LayoutSlot(key: key, serial: makeSerial(), parent: nil))
        rootHoldsBuilder = false
    }

    /// Drops the root and everything below it (subscriptions, per-engine state) for `new`.
    private func replaceRoot(with new: LayoutSlot) {
        let old = root
        root = new
        if current === old { current = new }
        // Nothing subscribed, owned or below it (the root a new context starts with, replaced by its
        // builder's before any layout used it: every boundary's engine, once): no walk to discard.
        if old.core == nil, old.keys.isEmpty, old.buildKeys.isEmpty, old.childSlots.isEmpty {
            old.isDiscarded = true
            return
        }
        discard([old])
    }
}
