/// How containers lay out their children so that reloads keep each child's identity.
extension Component {
    /// Lays this component out as child number `index` of the container laying out now.
    ///
    /// Built-in containers lay out every child this way; a custom container with several children
    /// should too (a single child needs nothing). The index is the child's position among its
    /// siblings — the same child gets the same index however often it is laid out — and an explicit
    /// `.id(_:)` on the child takes its place, so a reordered keyed list keeps each child's retained
    /// state. Outside an engine it is `layout(_:)`.
    public func layout(_ constraint: Constraint, at index: Int) -> any RenderNode {
        ChildLayout.layout(self, constraint, at: index)
    }
}

/// ``Component/layout(_:at:)`` in two halves for the built-in containers, which call
/// `child.layout(_:)` between them: no frame of its own stays on the stack while the child lays out.
@MainActor
package enum ChildLayout {
    /// The position before entering a child, to restore after it.
    package struct Position {
        let path: Int
        let containerPath: Int
        let positional: Int
    }

    /// Generic, not taking `any Component`: a caller holding a concrete child (a decoration's
    /// content) would box it into an existential to pass it — an allocation for anything over
    /// three words —, while a caller holding an existential passes it opened.
    package static func layout<Child: Component>(_ child: Child, _ constraint: Constraint, at index: Int) -> any RenderNode {
        let position = enter(index)
        let node = child.layout(constraint)
        leave(position)
        return node
    }

    /// Moves the position of the layout in progress to child `index` of the current container.
    package static func enter(_ index: Int) -> Position {
        guard let context = LayoutContext.current else { return Position(path: 0, containerPath: 0, positional: 0) }
        let positional = LayoutContext.positionalPath
        let position = Position(path: context.path, containerPath: context.containerPath, positional: positional)
        context.containerPath = context.path
        context.path = LayoutContext.combine(context.path, index)
        LayoutContext.positionalPath = LayoutContext.combine(positional, index)
        return position
    }

    package static func leave(_ position: Position) {
        guard let context = LayoutContext.current else { return }
        context.path = position.path
        context.containerPath = position.containerPath
        LayoutContext.positionalPath = position.positional
    }
}

/// Ways of laying out again that keep (or deliberately renew) the children's identity.
@MainActor
package enum LayoutPass {
    /// Runs `body`, which lays out again — with the same values — children already laid out in this
    /// layout (a stack stretching a child, a sized component after measuring it).
    package static func again<T>(_ body: () -> T) -> T {
        let saved = beginAgain()
        defer { endAgain(saved) }
        return body()
    }

    /// `again` as a pair of calls around the layouts, for a container's own code. Give what this
    /// returns to `endAgain(_:)`.
    ///
    /// Why no closure, here and on the other layout and render paths: a closure written in
    /// main-actor code is main-actor isolated, and handed to a nonisolated function (`map`,
    /// `compactMap`, `reduce`, `firstIndex(where:)`, the right side of `??`,
    /// `withUnsafeBufferPointer`) or to a function of another module, it checks the executor each
    /// time it runs — about 100–200 instructions — even when the parameter is typed `@MainActor`.
    /// A stack stretching its children would pay that in every layout.
    package static func beginAgain() -> Bool? {
        guard let context = LayoutContext.current else { return nil }
        let saved = context.repeating
        context.repeating = true
        return saved
    }

    /// Ends what `beginAgain()` began.
    package static func endAgain(_ saved: Bool?) {
        guard let saved, let context = LayoutContext.current else { return }
        context.repeating = saved
    }

    /// Runs `body`, a measurement reader's pass: children at the same positions, with new values,
    /// and builders in it cannot be laid out alone.
    package static func readerPass<T>(first: Bool, _ body: () -> T) -> T {
        guard let context = LayoutContext.current else { return body() }
        let saved = (context.revisiting, context.repeating)
        // A nested reader's content is revisited whenever its outermost reader's is.
        (context.revisiting, context.repeating) = (saved.0 || !first, false)
        context.readerDepth += 1
        defer {
            context.readerDepth -= 1
            (context.revisiting, context.repeating) = saved
        }
        return body()
    }

    /// The key under which per-engine state made now (a store, a reader's history) is kept: the
    /// builder whose `build()` makes it, or else the builder slot laying out and the position in
    /// its body, so the state lives as long as that builder or that position. Laid out again (a
    /// stack stretching it, a reader's next pass), it is the same key; a second one at the same
    /// position (a custom layout not naming its children) is numbered.
    package static func scopedKey(_ base: String) -> String {
        guard let context = LayoutContext.current else { return base + "#0" }
        // Made by a builder's own `build()`: the builder's, numbered within that build (see
        // `LayoutContext.building`).
        if let building = context.building {
            let key = "\(building.serial)/build/\(base)"
            let seen = context.buildOccurrences[key] ?? 0
            context.buildOccurrences[key] = seen + 1
            return key + "#\(seen)"
        }
        let slot = context.current
        let key = "\(slot.serial)/\(context.path)/\(base)"
        guard let seen = slot.occurrence(of: key) else {
            slot.setOccurrence(1, of: key)
            return key + "#0"
        }
        if context.repeating || context.revisiting { return key + "#0" }
        slot.setOccurrence(seen + 1, of: key)
        return key + "#\(seen)"
    }
}

extension LayoutContext {
    /// Mixes a child index (or an id's hash) into a path.
    static func combine(_ path: Int, _ step: Int) -> Int {
        (path &* 0x100000001B3) ^ (step &+ 0x9E3779B9)
    }
}
