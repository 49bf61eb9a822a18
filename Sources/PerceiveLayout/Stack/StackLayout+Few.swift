import Foundation
import Perceive

/// The stack algorithm for one or two children that neither grow, shrink nor stretch: a label
/// beside a boundary, a cell's picture and caption, a column of one.
///
/// Nothing grows, shrinks or stretches, so the algorithm is: measure each child, place them. The
/// general steps keep the children, their sizes and their positions in lists, and box the node
/// holding them (an `OrderedNode`: five allocations, each freed on the next reload). Here the
/// sizes and positions stay in locals and the node is one object holding its children
/// (`SingleChildNode`, `ChildPairNode`), which render walks without lists. The placement is the
/// general one's, step for step: the same sizes and positions, bit for bit.
extension StackLayout {
    /// Whether no child grows or shrinks (a flexible one takes the general steps).
    static func areInflexible(_ children: [any Component]) -> Bool {
        var index = 0
        while index < children.count {
            if let factors = children[index]._flexibility, factors.grow != 0 || factors.shrink != 0 { return false }
            index += 1
        }
        return true
    }

    /// Lays out and places one or two inflexible children of a stack that does not stretch them.
    // (Few locals: this frame is a nesting level of a deep tree while each child lays out; the
    // placement is a call of its own.)
    @inline(never)
    static func few(
        axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment, children: [any Component],
        constraint: Constraint
    ) -> any RenderNode {
        let measuring = measuringConstraint(axis, align, constraint)
        var position = ChildLayout.enter(0)
        let first = children[0].layout(measuring)
        ChildLayout.leave(position)
        guard children.count == 2 else {
            return node(first, FewSettings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint))
        }
        position = ChildLayout.enter(1)
        let second = children[1].layout(measuring)
        ChildLayout.leave(position)
        return node(first, second, FewSettings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint))
    }

    /// One child, placed.
    @inline(never)
    static func node(_ child: consuming any RenderNode, _ settings: FewSettings) -> any RenderNode {
        let placed = placeFew(child.size, nil, settings)
        return SingleChildNode(size: placed.size, child: child, position: placed.first)
    }

    /// Two children, placed.
    @inline(never)
    static func node(_ first: consuming any RenderNode, _ second: consuming any RenderNode, _ settings: FewSettings) -> any RenderNode {
        let placed = placeFew(first.size, second.size, settings)
        return ChildPairNode(size: placed.size, first, at: placed.first, second, at: placed.second)
    }

    /// A few children's stack settings.
    struct FewSettings {
        let axis: Axis
        let spacing: CGFloat
        let justify: MainAxisAlignment
        let align: CrossAxisAlignment
        let constraint: Constraint
    }

    /// `place` for the sizes of one child (`second` nil) or two: the stack's size and each child's
    /// position, by the same operations in the same order.
    static func placeFew(_ first: CGSize, _ second: CGSize?, _ settings: FewSettings)
        -> (size: CGSize, first: CGPoint, second: CGPoint)
    {
        let (axis, constraint, spacing) = (settings.axis, settings.constraint, settings.spacing)
        let crossShare = Self.crossShare(settings.align)
        let count = second == nil ? 1 : 2
        let summing = settings.justify == .start && crossShare == 0 && placesFromStartInOnePass
        // `used` and `crossSize` of the general steps, over one or two sizes.
        var used = spacing * CGFloat(count - 1)
        var crossSize = axis.cross(constraint.minSize)
        if !summing {
            used += axis.main(first)
            crossSize = max(crossSize, axis.cross(first))
            if let second {
                used += axis.main(second)
                crossSize = max(crossSize, axis.cross(second))
            }
            crossSize = clampedCross(crossSize, axis, constraint)
        }
        var placed = Placed(used: used, crossSize: crossSize)
        // (No child grows: the main size is the content's, at least the minimum.)
        let mainSize = { (used: CGFloat) in max(used, axis.main(constraint.minSize)) }
        let (offset, gap) =
            summing
            ? (0, spacing)
            : distribute(free: max(mainSize(used) - used, 0), count: count, spacing: spacing, justify: settings.justify)
        let vertical = axis == .vertical
        var (cursor, previousMain) = (offset, -CGFloat.infinity)
        let firstPosition = next(first, vertical, gap: gap, crossShare: crossShare, summing: summing, &cursor, &previousMain, &placed)
        var secondPosition = CGPoint.zero
        if let second {
            secondPosition = next(second, vertical, gap: gap, crossShare: crossShare, summing: summing, &cursor, &previousMain, &placed)
        }
        let finalCross = summing ? clampedCross(placed.crossSize, axis, constraint) : placed.crossSize
        return (axis.size(main: mainSize(placed.used), cross: finalCross), firstPosition, secondPosition)
    }
}
