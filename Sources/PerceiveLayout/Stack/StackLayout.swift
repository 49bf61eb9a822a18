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
    /// What the steps share: the stack's settings and its children's layouts so far.
    struct Pass {
        let axis: Axis
        let spacing: CGFloat
        let align: CrossAxisAlignment
        let constraint: Constraint
        let flex: [(grow: CGFloat, shrink: CGFloat)]
        var nodes: [any RenderNode] = []
    }

    @inline(__always)
    static func layout(axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment,
                       children: [any Component], constraint: Constraint) -> any RenderNode {
        var pass = start(axis: axis, spacing: spacing, align: align, children: children, constraint: constraint)
        measure(&pass, children)
        adjust(&pass, children)
        return place(&pass, justify: justify)
    }

    /// Grows, shrinks and stretches children that need it (each step lays those children out again).
    @inline(never)
    static func adjust(_ pass: inout Pass, _ children: [any Component]) {
        if let shares = growShares(pass) { relayout(&pass, children, shares) }
        if let targets = shrinkTargets(pass) { relayout(&pass, children, targets) }
        relayout(&pass, children, stretchConstraints(pass))
    }

    /// Lays out every child that does not grow, with an unbounded main axis.
    @inline(never)
    static func measure(_ pass: inout Pass, _ children: [any Component]) {
        let constraint = measuringConstraint(pass)
        for index in children.indices {
            if pass.flex[index].grow > 0 {
                pass.nodes.append(EmptyNode())
                continue
            }
            // `ChildLayout.layout`, inlined by hand: stacks are where trees nest deepest.
            let position = ChildLayout.enter(index)
            pass.nodes.append(children[index].layout(constraint))
            ChildLayout.leave(position)
        }
    }

    /// Lays the given children out again, each with its new constraint.
    @inline(never)
    static func relayout(_ pass: inout Pass, _ children: [any Component], _ constraints: [(Int, Constraint)]) {
        guard !constraints.isEmpty else { return }
        // Growing children are laid out here for the first time; the others again.
        LayoutPass.again {
            for (index, constraint) in constraints { pass.nodes[index] = ChildLayout.layout(children[index], constraint, at: index) }
        }
    }

    @inline(never)
    static func start(axis: Axis, spacing: CGFloat, align: CrossAxisAlignment, children: [any Component],
                      constraint: Constraint) -> Pass {
        var pass = Pass(axis: axis, spacing: sanitizedLength(spacing, "stack spacing"), align: align, constraint: constraint,
                        flex: children.map { ($0 as? FlexibleComponent).map { ($0.grow, $0.shrink) } ?? (0, 0) })
        pass.nodes.reserveCapacity(children.count)
        return pass
    }

    /// The cross minimum children get: the full cross size when stretching on a bounded axis.
    static func minCross(_ pass: Pass) -> CGFloat {
        let maxCross = pass.axis.cross(pass.constraint.maxSize)
        return pass.align == .stretch && maxCross.isFinite ? maxCross : pass.axis.cross(pass.constraint.minSize)
    }

    @inline(never)
    static func measuringConstraint(_ pass: Pass) -> Constraint {
        Constraint(minSize: pass.axis.size(main: 0, cross: minCross(pass)),
                   maxSize: pass.axis.size(main: .infinity, cross: pass.axis.cross(pass.constraint.maxSize)))
    }

    static func used(_ pass: Pass) -> CGFloat {
        let spacing = pass.spacing * CGFloat(max(pass.nodes.count - 1, 0))
        return pass.nodes.reduce(spacing) { $0 + pass.axis.main($1.size) }
    }

    /// The constraint of each growing child: its share of the free space. `nil` when none grows.
    @inline(never)
    static func growShares(_ pass: Pass) -> [(Int, Constraint)]? {
        let totalGrow = pass.flex.reduce(0) { $0 + $1.grow }
        guard totalGrow > 0 else { return nil }
        let maxMain = pass.axis.main(pass.constraint.maxSize)
        if !maxMain.isFinite {
            Diagnostics.report(.invalidInput, "PerceiveLayout: flexible children in a stack with an unbounded main axis get no space.")
        }
        // Growing children still hold an empty node of size zero here.
        let free = maxMain.isFinite ? max(maxMain - used(pass), 0) : 0
        let (axis, minCross, maxCross) = (pass.axis, minCross(pass), pass.axis.cross(pass.constraint.maxSize))
        return pass.flex.indices.filter { pass.flex[$0].grow > 0 }.map { index in
            let share = free * pass.flex[index].grow / totalGrow
            return (index, Constraint(minSize: axis.size(main: share, cross: minCross), maxSize: axis.size(main: share, cross: maxCross)))
        }
    }

    /// The constraint of each shrinking child when the stack overflows. `nil` when it does not.
    @inline(never)
    static func shrinkTargets(_ pass: Pass) -> [(Int, Constraint)]? {
        let maxMain = pass.axis.main(pass.constraint.maxSize)
        let overflow = maxMain.isFinite ? used(pass) - maxMain : 0
        let totalShrink = pass.flex.indices.reduce(0) { $0 + pass.flex[$1].shrink * pass.axis.main(pass.nodes[$1].size) }
        guard overflow > 0.0001 && totalShrink > 0 else { return nil }
        let (axis, minCross, maxCross) = (pass.axis, minCross(pass), pass.axis.cross(pass.constraint.maxSize))
        // Each child gives up a share of the overflow weighted by shrink × its size (as in CSS).
        return pass.flex.indices.filter { pass.flex[$0].shrink > 0 }.map { index in
            let current = axis.main(pass.nodes[index].size)
            let target = max(current - overflow * pass.flex[index].shrink * current / totalShrink, 0)
            return (index, Constraint(minSize: axis.size(main: target, cross: minCross), maxSize: axis.size(main: target, cross: maxCross)))
        }
    }

    /// The stack's cross size: the largest child's, at least the minimum, at most the maximum.
    static func crossSize(_ pass: Pass) -> CGFloat {
        var size = max(pass.nodes.reduce(0) { max($0, pass.axis.cross($1.size)) }, pass.axis.cross(pass.constraint.minSize))
        let maxCross = pass.axis.cross(pass.constraint.maxSize)
        if maxCross.isFinite { size = min(size, maxCross) }
        return size
    }

    /// With `.stretch`, the tight constraint of each child not yet at the stack's cross size.
    @inline(never)
    static func stretchConstraints(_ pass: Pass) -> [(Int, Constraint)] {
        guard pass.align == .stretch else { return [] }
        let cross = crossSize(pass)
        return pass.nodes.indices.filter { pass.axis.cross(pass.nodes[$0].size) != cross }.map { index in
            (index, Constraint(tightSize: pass.axis.size(main: pass.axis.main(pass.nodes[index].size), cross: cross)))
        }
    }

    @inline(never)
    static func place(_ pass: inout Pass, justify: MainAxisAlignment) -> any RenderNode {
        let axis = pass.axis
        let used = used(pass)
        let crossSize = crossSize(pass)
        let maxMain = axis.main(pass.constraint.maxSize)
        var mainSize = max(used, axis.main(pass.constraint.minSize))
        if pass.flex.contains(where: { $0.grow > 0 }) && maxMain.isFinite { mainSize = max(mainSize, maxMain) }
        let (offset, gap) = distribute(free: max(mainSize - used, 0), count: pass.nodes.count, spacing: pass.spacing, justify: justify)
        var cursor = offset
        var positions: [CGPoint] = []
        positions.reserveCapacity(pass.nodes.count)
        for node in pass.nodes {
            let free = crossSize - axis.cross(node.size)
            let crossOffset: CGFloat
            switch pass.align {
            case .start, .stretch: crossOffset = 0
            case .end: crossOffset = free
            case .center: crossOffset = free / 2
            }
            positions.append(axis.point(main: cursor, cross: crossOffset))
            cursor += axis.main(node.size) + gap
        }
        return OrderedNode(size: axis.size(main: mainSize, cross: crossSize), children: pass.nodes, positions: positions, axis: axis)
    }

    /// The offset of the first child and the gap between children for `justify`.
    static func distribute(free: CGFloat, count: Int, spacing: CGFloat, justify: MainAxisAlignment) -> (CGFloat, CGFloat) {
        guard count > 0 else { return (0, spacing) }
        let n = CGFloat(count)
        switch justify {
        case .start: return (0, spacing)
        case .end: return (free, spacing)
        case .center: return (free / 2, spacing)
        case .spaceBetween: return count > 1 ? (0, spacing + free / (n - 1)) : (0, spacing)
        case .spaceAround: return (free / n / 2, spacing + free / n)
        case .spaceEvenly: return (free / (n + 1), spacing + free / (n + 1))
        }
    }
}

/// A placeholder of size zero (a growing child before it gets its share).
struct EmptyNode: RenderNode {
    var size: CGSize { .zero }
}
