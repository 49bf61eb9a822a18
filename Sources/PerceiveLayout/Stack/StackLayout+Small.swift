import Foundation
import Perceive

/// The stack algorithm's steps for a stack of a few children, which keeps no memos (see
/// `StackLayout.layout`).
extension StackLayout {
    /// At most this many children: the stack keeps no memos for its next layout (neither the
    /// children it could take as they were nor its placement), and each child lays out by itself.
    /// For a label beside a boundary, or a cell's picture and caption, keeping and consulting the
    /// memos cost more than the layout they save; a memoized child still finds its own slot by
    /// its position or id and comes back as it was.
    static let smallStack = 4

    /// `start` for a stack of a few children: the pass, with every child's flexibility asked.
    @inline(never)
    static func start(axis: Axis, spacing: CGFloat, align: CrossAxisAlignment, children: [any Component], constraint: Constraint)
        -> Pass
    {
        var flex: [(grow: CGFloat, shrink: CGFloat)] = []
        var index = 0
        while index < children.count {
            note(children[index]._flexibility ?? (0, 0), at: index, of: children.count, in: &flex)
            index += 1
        }
        return Pass(
            axis: axis, spacing: spacing, align: align, constraint: constraint, flex: flex, expecting: (children.count, taken: 0),
            previousSizes: nil)
    }

    /// `measure` for a stack of a few children: each one that does not grow lays out by itself.
    @inline(never)
    static func measure(_ pass: inout Pass, _ children: [any Component]) {
        let constraint = measuringConstraint(pass)
        var index = 0
        while index < children.count {
            if !pass.flex.isEmpty && pass.flex[index].grow > 0 {
                pass.append(NodeHandle(EmptyNode()))
            } else {
                let position = ChildLayout.enter(index)
                pass.append(NodeHandle(children[index].layout(constraint)))
                ChildLayout.leave(position)
            }
            index += 1
        }
        pass.finishMeasuring()
    }
}
