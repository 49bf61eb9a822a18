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
@MainActor
enum StackLayout {
    static func layout(axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment,
                       children: [any Component], constraint: Constraint) -> any RenderNode {
        let spacing = sanitizedLength(spacing, "stack spacing")
        let maxMain = axis.main(constraint.maxSize)
        let maxCross = axis.cross(constraint.maxSize)
        let minCross = align == .stretch && maxCross.isFinite ? maxCross : axis.cross(constraint.minSize)
        let flex = children.map { ($0 as? FlexibleComponent).map { ($0.grow, $0.shrink) } ?? (0, 0) }
        let measure = Constraint(minSize: axis.size(main: 0, cross: minCross),
                                 maxSize: axis.size(main: .infinity, cross: maxCross))
        var nodes: [(any RenderNode)?] = children.indices.map { flex[$0].0 > 0 ? nil : children[$0].layout(measure) }
        let totalSpacing = spacing * CGFloat(max(children.count - 1, 0))
        var used = nodes.reduce(totalSpacing) { $0 + ($1.map { axis.main($0.size) } ?? 0) }
        let totalGrow = flex.reduce(0) { $0 + $1.0 }
        if totalGrow > 0 {
            let free = maxMain.isFinite ? max(maxMain - used, 0) : 0
            if !maxMain.isFinite {
                Diagnostics.report(.invalidInput, "PerceiveLayout: flexible children in a stack with an unbounded main axis get no space.")
            }
            for index in children.indices where flex[index].0 > 0 {
                let share = free * flex[index].0 / totalGrow
                let node = children[index].layout(Constraint(minSize: axis.size(main: share, cross: minCross),
                                                             maxSize: axis.size(main: share, cross: maxCross)))
                nodes[index] = node
                used += axis.main(node.size)
            }
        }
        var laidOut = nodes.map { $0! }
        let overflow = maxMain.isFinite ? used - maxMain : 0
        let totalShrink = children.indices.reduce(0) { $0 + flex[$1].1 * axis.main(laidOut[$1].size) }
        if overflow > 0.0001 && totalShrink > 0 {
            // Each child gives up a share of the overflow weighted by shrink × its size (as in CSS).
            for index in children.indices where flex[index].1 > 0 {
                let current = axis.main(laidOut[index].size)
                let target = max(current - overflow * flex[index].1 * current / totalShrink, 0)
                laidOut[index] = children[index].layout(Constraint(minSize: axis.size(main: target, cross: minCross),
                                                                   maxSize: axis.size(main: target, cross: maxCross)))
            }
            used = laidOut.reduce(totalSpacing) { $0 + axis.main($1.size) }
        }
        var crossSize = max(laidOut.reduce(0) { max($0, axis.cross($1.size)) }, axis.cross(constraint.minSize))
        if maxCross.isFinite { crossSize = min(crossSize, maxCross) }
        if align == .stretch {
            for index in laidOut.indices where axis.cross(laidOut[index].size) != crossSize {
                let main = axis.main(laidOut[index].size)
                laidOut[index] = children[index].layout(Constraint(tightSize: axis.size(main: main, cross: crossSize)))
            }
        }
        var mainSize = max(used, axis.main(constraint.minSize))
        if totalGrow > 0 && maxMain.isFinite { mainSize = max(mainSize, maxMain) }
        let (offset, gap) = distribute(free: max(mainSize - used, 0), count: laidOut.count, spacing: spacing, justify: justify)
        var cursor = offset
        var positions: [CGPoint] = []
        positions.reserveCapacity(laidOut.count)
        for node in laidOut {
            let childCross = axis.cross(node.size)
            let crossOffset: CGFloat
            switch align {
            case .start, .stretch: crossOffset = 0
            case .end: crossOffset = crossSize - childCross
            case .center: crossOffset = (crossSize - childCross) / 2
            }
            positions.append(axis.point(main: cursor, cross: crossOffset))
            cursor += axis.main(node.size) + gap
        }
        return OrderedNode(size: axis.size(main: mainSize, cross: crossSize), children: laidOut, positions: positions, axis: axis)
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
