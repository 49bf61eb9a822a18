import Foundation
import Perceive

/// The steps of the stack algorithm that share space: what flexible children grow or shrink to,
/// and the cross size stretched children take.
extension StackLayout {
    /// Notes child `index`'s flexibility, of `count` children, in `flex`: the list is made at the
    /// first flexible child, the ones before it inflexible (see `Pass.flex`), so that a stack of
    /// inflexible children (a list's rows) makes none.
    @inline(__always)
    static func note(
        _ factors: (grow: CGFloat, shrink: CGFloat), at index: Int, of count: Int, in flex: inout [(grow: CGFloat, shrink: CGFloat)]
    ) {
        if flex.isEmpty {
            guard factors.grow != 0 || factors.shrink != 0 else { return }
            flex.reserveCapacity(count)
            flex.append(contentsOf: repeatElement((grow: CGFloat(0), shrink: CGFloat(0)), count: index))
        }
        flex.append(factors)
    }

    static func totalGrow(_ pass: Pass) -> CGFloat {
        var total: CGFloat = 0
        for factors in pass.flex { total += factors.grow }
        return total
    }

    /// The constraint of each growing child: its share of the free space. `nil` when none grows.
    @inline(never)
    static func growShares(_ pass: Pass, _ origin: () -> String) -> [(Int, Constraint)]? {
        let totalGrow = totalGrow(pass)
        guard totalGrow > 0 else { return nil }
        let maxMain = pass.axis.main(pass.constraint.maxSize)
        if !maxMain.isFinite {
            Diagnostics.report(.invalidInput, "PerceiveLayout: \(origin()): flexible children on an unbounded main axis get no space.")
        }
        // Growing children still hold an empty node of size zero here.
        let free = maxMain.isFinite ? max(maxMain - used(pass), 0) : 0
        let (axis, minCross, maxCross) = (pass.axis, minCross(pass), pass.axis.cross(pass.constraint.maxSize))
        var shares: [(Int, Constraint)] = []
        for index in pass.flex.indices where pass.flex[index].grow > 0 {
            let share = free * pass.flex[index].grow / totalGrow
            shares.append(
                (index, Constraint(minSize: axis.size(main: share, cross: minCross), maxSize: axis.size(main: share, cross: maxCross))))
        }
        return shares
    }

    /// The constraint of each shrinking child when the stack overflows. `nil` when it does not.
    @inline(never)
    static func shrinkTargets(_ pass: Pass) -> [(Int, Constraint)]? {
        // No flexible child: none can shrink (and the content's length is not summed for nothing).
        guard !pass.flex.isEmpty else { return nil }
        let maxMain = pass.axis.main(pass.constraint.maxSize)
        let overflow = maxMain.isFinite ? used(pass) - maxMain : 0
        guard overflow > 0.0001 else { return nil }
        var totalShrink: CGFloat = 0
        for index in pass.flex.indices where pass.flex[index].shrink > 0 {
            totalShrink += pass.flex[index].shrink * pass.axis.main(pass.sizes[index])
        }
        guard totalShrink > 0 else { return nil }
        let (axis, minCross, maxCross) = (pass.axis, minCross(pass), pass.axis.cross(pass.constraint.maxSize))
        // Each child gives up a share of the overflow weighted by shrink × its size (as in CSS).
        var targets: [(Int, Constraint)] = []
        for index in pass.flex.indices where pass.flex[index].shrink > 0 {
            let current = axis.main(pass.sizes[index])
            let target = max(current - overflow * pass.flex[index].shrink * current / totalShrink, 0)
            targets.append(
                (index, Constraint(minSize: axis.size(main: target, cross: minCross), maxSize: axis.size(main: target, cross: maxCross))))
        }
        return targets
    }

    /// The stack's cross size: the largest child's, at least the minimum, at most the maximum.
    static func crossSize(_ pass: Pass) -> CGFloat {
        var size = pass.axis.cross(pass.constraint.minSize)
        for childSize in pass.sizes { size = max(size, pass.axis.cross(childSize)) }
        return clampedCross(size, pass)
    }

    /// `size` at most the stack's cross maximum.
    static func clampedCross(_ size: CGFloat, _ pass: Pass) -> CGFloat { clampedCross(size, pass.axis, pass.constraint) }

    static func clampedCross(_ size: CGFloat, _ axis: Axis, _ constraint: Constraint) -> CGFloat {
        let maxCross = axis.cross(constraint.maxSize)
        return maxCross.isFinite ? min(size, maxCross) : size
    }

    /// With `.stretch`, the tight constraint of each child not yet at the stack's cross size.
    @inline(never)
    static func stretchConstraints(_ pass: Pass) -> [(Int, Constraint)] {
        guard pass.align == .stretch else { return [] }
        let cross = crossSize(pass)
        var constraints: [(Int, Constraint)] = []
        for (index, size) in pass.sizes.enumerated() {
            if pass.axis.cross(size) != cross {
                constraints.append((index, Constraint(tightSize: pass.axis.size(main: pass.axis.main(size), cross: cross))))
            }
        }
        return constraints
    }
}
