import Foundation
import Perceive

/// The stack algorithm for up to four children that neither grow, shrink nor stretch: a label
/// beside a boundary, a cell's picture and caption, a title over two boundaries.
///
/// Nothing grows, shrinks or stretches, so the algorithm is: measure each child, place them. The
/// general steps keep the children, their sizes and their positions in lists, and box the node
/// holding them (an `OrderedNode`: five allocations, each freed on the next reload). Here the
/// sizes and positions stay in locals and the node is one object holding its children
/// (`SingleChildNode`, `ChildPairNode`, `FewChildrenNode`), which render walks without lists. The
/// placement is the general one's, step for step: the same sizes and positions, bit for bit.
extension StackLayout {
    /// At most this many children take these steps (at most `smallStack`: a stack that keeps memos
    /// never takes them).
    static let fewChildren = 4

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
    // (Few locals and no call around a child's layout: this frame is a nesting level of a deep
    // tree while each child lays out; the placement is a call of its own, and three or four
    // children take `several`.)
    @inline(never)
    static func few(
        axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment, children: [any Component],
        constraint: Constraint
    ) -> any RenderNode {
        let measuring = measuringConstraint(axis, align, constraint)
        var position = ChildLayout.enter(0)
        // (Declared, then assigned: this toolchain's `consume` refuses, as "not supported", an
        // existential `let` initialized where it is declared.)
        let first: any RenderNode
        first = children[0].layout(measuring)
        ChildLayout.leave(position)
        // Each size read as soon as its child is laid out, as the general steps read it.
        let firstSize = first.size
        // The nodes are moved into the stack's node (passed as they were, each was copied there
        // and then destroyed here: a retain and a release per child).
        guard children.count == 2 else {
            return node(
                consume first, firstSize, FewSettings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint))
        }
        position = ChildLayout.enter(1)
        let second: any RenderNode
        second = children[1].layout(measuring)
        ChildLayout.leave(position)
        let sizes = FewSizes(firstSize, second.size)
        return node(
            consume first, consume second, sizes,
            FewSettings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint))
    }

    /// `few` for three or four children.
    @inline(never)
    static func several(
        axis: Axis, spacing: CGFloat, justify: MainAxisAlignment, align: CrossAxisAlignment, children: [any Component],
        constraint: Constraint
    ) -> any RenderNode {
        let measuring = measuringConstraint(axis, align, constraint)
        // Each size read as soon as its child is laid out, as the general steps read it.
        // (Declared, then assigned, and moved into the node: see `few`.)
        let first: any RenderNode
        let second: any RenderNode
        let third: any RenderNode
        let fourth: (any RenderNode)?
        first = ChildLayout.layout(children[0], measuring, at: 0)
        var sizes = FewSizes(first.size)
        second = ChildLayout.layout(children[1], measuring, at: 1)
        sizes.append(second.size)
        third = ChildLayout.layout(children[2], measuring, at: 2)
        sizes.append(third.size)
        fourth = children.count == 4 ? ChildLayout.layout(children[3], measuring, at: 3) : nil
        if let size = fourth?.size { sizes.append(size) }
        let settings = FewSettings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint)
        let placed = placeFew(sizes, settings)
        return FewChildrenNode(size: placed.size, consume first, consume second, consume third, consume fourth, at: placed.origins)
    }

    /// One child of `size`, placed.
    @inline(never)
    static func node(_ child: consuming any RenderNode, _ size: CGSize, _ settings: FewSettings) -> any RenderNode {
        let placed = placeFew(FewSizes(size), settings)
        return SingleChildNode(size: placed.size, child: child, position: placed.origins.0)
    }

    /// Two children of `sizes`, placed.
    @inline(never)
    static func node(_ first: consuming any RenderNode, _ second: consuming any RenderNode, _ sizes: FewSizes, _ settings: FewSettings)
        -> any RenderNode
    {
        let placed = placeFew(sizes, settings)
        return ChildPairNode.make(size: placed.size, first, at: placed.origins.0, second, at: placed.origins.1)
    }

    /// A few children's stack settings.
    struct FewSettings {
        let axis: Axis
        let spacing: CGFloat
        let justify: MainAxisAlignment
        let align: CrossAxisAlignment
        let constraint: Constraint
    }

    /// `place` for up to four children's sizes: the stack's size and each child's position (the
    /// ones past `sizes.count` zero), by the same operations in the same order. (Inlined into each
    /// caller: where the count is a constant, one or two, the loops unroll and the switches fold.)
    @inline(__always)
    static func placeFew(_ sizes: FewSizes, _ settings: FewSettings) -> (size: CGSize, origins: (CGPoint, CGPoint, CGPoint, CGPoint)) {
        let (axis, constraint, spacing, count) = (settings.axis, settings.constraint, settings.spacing, sizes.count)
        let crossShare = Self.crossShare(settings.align)
        let summing = settings.justify == .start && crossShare == 0 && placesFromStartInOnePass
        // `used` and `crossSize` of the general steps.
        var used = spacing * CGFloat(count - 1)
        var crossSize = axis.cross(constraint.minSize)
        if !summing {
            for index in 0..<count { used += axis.main(sizes[index]) }
            for index in 0..<count { crossSize = max(crossSize, axis.cross(sizes[index])) }
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
        var origins = (CGPoint.zero, CGPoint.zero, CGPoint.zero, CGPoint.zero)
        for index in 0..<count {
            let origin = next(sizes[index], vertical, gap: gap, crossShare: crossShare, summing: summing, &cursor, &previousMain, &placed)
            switch index {
            case 0: origins.0 = origin
            case 1: origins.1 = origin
            case 2: origins.2 = origin
            default: origins.3 = origin
            }
        }
        let finalCross = summing ? clampedCross(placed.crossSize, axis, constraint) : placed.crossSize
        return (axis.size(main: mainSize(placed.used), cross: finalCross), origins)
    }

    /// One to four children's sizes, in order.
    struct FewSizes {
        private(set) var count: Int
        private var sizes: (CGSize, CGSize, CGSize, CGSize)

        init(_ first: CGSize, _ second: CGSize? = nil) {
            sizes = (first, second ?? .zero, .zero, .zero)
            count = second != nil ? 2 : 1
        }

        mutating func append(_ size: CGSize) {
            precondition(count < 4, "a few children are at most four")
            switch count {
            case 1: sizes.1 = size
            case 2: sizes.2 = size
            default: sizes.3 = size
            }
            count += 1
        }

        subscript(index: Int) -> CGSize {
            switch index {
            case 0: sizes.0
            case 1: sizes.1
            case 2: sizes.2
            default: sizes.3
            }
        }
    }
}
