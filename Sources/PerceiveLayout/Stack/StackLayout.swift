import Foundation

/// The one stack algorithm, written against main/cross accessors and used by `HStack` and `VStack`.
///
/// 1. Inflexible children are measured with an unbounded main axis and the stack's cross maximum.
/// 2. Free main space (the main maximum, if finite, less their sizes and the spacing) is shared by
///    flexible children in proportion to `grow`; an overflow is taken from children in proportion
///    to `shrink`.
/// 3. The stack's main size is the content's (at least the minimum; the whole maximum when a child
///    grows); `justifyContent` distributes what is left. Its cross size is the largest child's (at
///    least the minimum); `alignItems` places each child across, `stretch` re-lays children out at
///    the full cross size.
///
/// Children lay out (recursively) from `layout`, which keeps few locals: every other step is a
/// separate function, so a deep tree of stacks costs little stack per level.
@MainActor
enum StackLayout {
    // `layout` stays on the stack while each child lays out (a nesting level of a deep tree):
    // it keeps only the pass, the reuse state and a flag; everything else lives in the steps.
    @inline(__always)
    static func layout(
        axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment,
        children: [any Component], constraint: Constraint, origin: () -> String
    ) -> any RenderNode {
        var pass: Pass
        // Up to four children that neither grow, shrink nor stretch (a label beside a boundary, a
        // cell's picture and caption): one node holding them, no pass (see `few`).
        if children.count <= fewChildren && !children.isEmpty && align != .stretch && areInflexible(children) {
            return children.count <= 2
                ? few(axis: axis, spacing: spacing, justify: justify, align: align, children: children, constraint: constraint)
                : several(axis: axis, spacing: spacing, justify: justify, align: align, children: children, constraint: constraint)
        }
        if children.count <= smallStack {
            // (The steps keep to `pass`, in this frame: the nesting level costs no more stack.)
            pass = start(axis: axis, spacing: spacing, align: align, children: children, constraint: constraint)
            measure(&pass, children)
            _ = adjust(&pass, children, origin)
            return place(&pass, justify: justify)
        }
        var reuse = ChildReuse()
        reuse.begin(axis == .vertical ? VStack.self : HStack.self)
        pass = start(axis: axis, spacing: spacing, justify: justify, align: align, children: children, constraint: constraint, &reuse)
        measure(&pass, children, &reuse)
        let adjusted = adjust(&pass, children, origin)
        return finish(&pass, &reuse, children, justify, adjusted: adjusted)
    }

    /// The stack's node — the previous layout's placement when every child has the size it had
    /// there (and nothing grew, shrank or stretched), else placed anew — and the reuse memo, with
    /// what the stack keeps of the node.
    @inline(never)
    static func finish(
        _ pass: inout Pass, _ reuse: inout ChildReuse, _ children: [any Component], _ justify: MainAxisAlignment, adjusted: Bool
    ) -> any RenderNode {
        let (measuring, settings) = (measuringConstraint(pass), pass.settings(justify))
        if !adjusted, let previous = StackMemo.usable(reuse.previousContainerState, settings), previous.hasSizes(pass.sizes) {
            let node = OrderedNode(
                size: previous.size, children: pass.nodes, positions: previous.positions, axis: pass.axis,
                maxChildExtent: previous.maxChildExtent, contentBounds: previous.contentBounds, isOrdered: previous.isOrdered)
            previous.keep(flex: pass.flex, nodes: pass.nodes)
            reuse.finish(children, laidOutUnder: measuring, keeping: previous)
            return node
        }
        let node = place(&pass, justify: justify)
        let kept = adjusted ? nil : StackMemo(settings: settings, flex: pass.flex, sizes: pass.sizes, node: node)
        reuse.finish(children, laidOutUnder: measuring, keeping: kept)
        return node
    }

    /// Grows, shrinks and stretches children that need it (each step lays those children out
    /// again); whether any did.
    @inline(never)
    static func adjust(_ pass: inout Pass, _ children: [any Component], _ origin: () -> String) -> Bool {
        // Every child has the size it had in a kept layout under the same settings, and none is
        // flexible: nothing grows, shrinks or stretches now either (three passes over a list saved).
        if pass.sizesArePrevious && pass.flex.isEmpty { return false }
        var adjusted = false
        if let shares = growShares(pass, origin) {
            relayout(&pass, children, shares)
            adjusted = true
        }
        if let targets = shrinkTargets(pass) {
            relayout(&pass, children, targets)
            adjusted = true
        }
        let stretched = stretchConstraints(pass)
        relayout(&pass, children, stretched)
        return adjusted || !stretched.isEmpty
    }

    /// Lays out every child that does not grow, with an unbounded main axis (a child that is
    /// exactly what it was last time is taken as it was: see `ChildReuse`).
    @inline(never)
    static func measure(_ pass: inout Pass, _ children: [any Component], _ reuse: inout ChildReuse) {
        let constraint = measuringConstraint(pass)
        var index = 0
        while index < children.count {
            defer { index += 1 }
            if !pass.flex.isEmpty && pass.flex[index].grow > 0 {
                pass.append(NodeHandle(EmptyNode()))
                continue
            }
            // The rows that are what they were, in order, all at once (never a growing child: see
            // `ChildReuse.takeRun`); then the next child by itself.
            let run = pass.takeRun(&reuse, children, index, constraint)
            if run > 0 {
                index += run - 1
                continue
            }
            if pass.take(&reuse, children, index, constraint) { continue }
            // Laid out here rather than in a helper of `ChildReuse`: one frame fewer per nesting level.
            // The new node goes straight into the pass (bound to a constant first, it was copied in
            // and the constant released); the position is restored after it is recorded, which
            // reads no position.
            let position = ChildLayout.enter(index)
            pass.append(NodeHandle(children[index].layout(constraint)), recordedIn: &reuse, children, index, constraint)
            ChildLayout.leave(position)
        }
        pass.finishMeasuring()
    }

    /// Lays the given children out again, each with its new constraint.
    @inline(never)
    static func relayout(_ pass: inout Pass, _ children: [any Component], _ constraints: [(Int, Constraint)]) {
        guard !constraints.isEmpty else { return }
        // Growing children are laid out here for the first time; the others again. (No closure: see
        // `LayoutPass.beginAgain()`.)
        let saved = LayoutPass.beginAgain()
        for (index, constraint) in constraints { pass.replace(index, with: ChildLayout.layout(children[index], constraint, at: index)) }
        LayoutPass.endAgain(saved)
    }

    /// The pass's settings and every child's flexibility (a child bit for bit the one at its index
    /// last time has that one's, without asking it).
    @inline(never)
    static func start(
        axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment, children: [any Component],
        constraint: Constraint, _ reuse: inout ChildReuse
    ) -> Pass {
        let previous = StackMemo.usable(
            reuse.previousContainerState,
            StackMemo.Settings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint))
        var flex: [(grow: CGFloat, shrink: CGFloat)] = []
        func note(_ factors: (grow: CGFloat, shrink: CGFloat), at index: Int) {
            Self.note(factors, at: index, of: children.count, in: &flex)
        }
        let (known, knownFlex) = (previous?.sizes.count ?? 0, previous?.flex)
        // Where the children now at `index` were last time: `index + offset` (after `offset` children
        // were removed before them; negative after insertions).
        var offset = 0
        var index = 0
        // Children in a row that matched nothing: past two, only the current offset is tried (a
        // list whose children are all new values, boxed ones, compares each once). A short stack
        // tries only the current offset: finding a shifted run saves asking a few children for
        // their flexibility, and the other offsets cost more than that (a stack of a label and a
        // boundary, rebuilt, tried three per child).
        var misses = 0
        let triesOtherOffsets = known > shortStack
        // Children found bit for bit at some offset: the runs `measure` will take.
        var expectedTaken = 0
        // How many children from `index` on are bit for bit the ones `candidate` places on last
        // time (taking that offset when some are).
        func identical(at candidate: Int) -> Int {
            guard index + candidate >= 0, index + candidate < known else { return 0 }
            let run = min(reuse.identicalRun(children, from: index, offset: candidate), known - index - candidate)
            if run > 0 { offset = candidate }
            return run
        }
        while index < children.count {
            // Children bit for bit the ones laid out last time have those ones' flexibility. Tried:
            // the current offset, then (past a short stack) in place, then one more removed or
            // inserted.
            var run = identical(at: offset)
            if run == 0 && triesOtherOffsets && misses < 2 {
                if offset != 0 { run = identical(at: 0) }
                if run == 0 { run = identical(at: offset + 1) }
                if run == 0 { run = identical(at: offset - 1) }
            }
            if run == 0 {
                note(children[index]._flexibility ?? (0, 0), at: index)
                (index, misses) = (index + 1, misses + 1)
                continue
            }
            misses = 0
            expectedTaken += run
            if let knownFlex {
                while run > 0 {
                    note(knownFlex[index + offset], at: index)
                    (index, run) = (index + 1, run - 1)
                }
            } else {
                // Inflexible last time, all of them.
                if !flex.isEmpty { flex.append(contentsOf: repeatElement((grow: CGFloat(0), shrink: CGFloat(0)), count: run)) }
                index += run
            }
        }
        return Pass(
            axis: axis, spacing: spacing, align: align, constraint: constraint, flex: flex,
            expecting: (children.count, taken: expectedTaken), previousSizes: previous?.sizes)
    }

    /// At most this many children last time: `start` looks for the children at their own place
    /// only.
    static let shortStack = 8

    /// The cross minimum children get: the full cross size when stretching on a bounded axis.
    static func minCross(_ pass: Pass) -> CGFloat { minCross(pass.axis, pass.align, pass.constraint) }

    static func minCross(_ axis: Axis, _ align: CrossAxisAlignment, _ constraint: Constraint) -> CGFloat {
        let maxCross = axis.cross(constraint.maxSize)
        return align == .stretch && maxCross.isFinite ? maxCross : axis.cross(constraint.minSize)
    }

    @inline(never)
    static func measuringConstraint(_ pass: Pass) -> Constraint { measuringConstraint(pass.axis, pass.align, pass.constraint) }

    /// What every child is measured under: an unbounded main axis and the stack's cross maximum.
    static func measuringConstraint(_ axis: Axis, _ align: CrossAxisAlignment, _ constraint: Constraint) -> Constraint {
        Constraint(
            minSize: axis.size(main: 0, cross: minCross(axis, align, constraint)),
            maxSize: axis.size(main: .infinity, cross: axis.cross(constraint.maxSize)))
    }

    // The steps below loop instead of calling `reduce`/`filter`/`map`: a closure formed on the main
    // actor and handed to a generic algorithm checks its isolation on every call.

    static func used(_ pass: Pass) -> CGFloat {
        var total = pass.spacing * CGFloat(max(pass.sizes.count - 1, 0))
        for size in pass.sizes { total += pass.axis.main(size) }
        return total
    }
}

/// A placeholder of size zero (a growing child before it gets its share).
struct EmptyNode: RenderNode {
    var size: CGSize { .zero }
}
