import Foundation
import Perceive

extension StackLayout {
    /// What the steps share: the stack's settings and its children's layouts so far.
    @MainActor
    struct Pass {
        let axis: Axis
        let spacing: CGFloat
        let align: CrossAxisAlignment
        let constraint: Constraint
        /// Each child's flexibility, or empty when no child is flexible (a list's rows: no array
        /// of the list's length made and scanned on every reload).
        let flex: [(grow: CGFloat, shrink: CGFloat)]
        /// The children's nodes, in order once measuring finished (see `runs`).
        private(set) var nodes: [any RenderNode] = []
        /// `nodes[i].size`, read once per layout of a child (the steps need sizes many times); set
        /// when measuring finishes (see `measured`).
        private(set) var sizes: [CGSize] = []
        /// `sizes` are the previous layout's, child for child, under the same settings (see
        /// `StackSizes`): that layout was kept, so nothing in it grew, shrank or stretched.
        private(set) var sizesArePrevious = false
        /// The sizes while children are measured (collected only where they differ from the
        /// previous layout's: see `StackSizes`).
        private var measured: StackSizes
        /// Runs of the previous layout's nodes this pass took (see `takeRun`): `nodes` holds the
        /// other nodes until measuring finishes and puts them all in order.
        private var runs = NodeRuns()

        /// A pass over `expecting.count` children, of which `expecting.taken` are expected to be
        /// taken in runs: `nodes` has room for the others only (a full-size buffer would be a
        /// second array of the list's length, allocated and freed on every reload for nothing).
        init(
            axis: Axis, spacing: CGFloat, align: CrossAxisAlignment, constraint: Constraint, flex: [(grow: CGFloat, shrink: CGFloat)],
            expecting: (count: Int, taken: Int), previousSizes: [CGSize]?
        ) {
            (self.axis, self.spacing, self.align, self.constraint, self.flex) = (axis, spacing, align, constraint, flex)
            measured = StackSizes(previous: previousSizes, expected: expecting.count)
            nodes.reserveCapacity(expecting.count - expecting.taken)
        }

        /// Appends a child laid out anew, recorded in `reuse` first. (Recorded here: recorded by the
        /// caller, the node it then passed on was copied in and the caller's released.)
        mutating func append(
            _ node: consuming NodeHandle, recordedIn reuse: inout ChildReuse, _ children: [any Component], _ index: Int,
            _ constraint: Constraint
        ) {
            reuse.recordLaidOut(node, children, index, constraint)
            append(node)
        }

        /// (Takes a ``NodeHandle``: see there why.)
        mutating func append(_ node: consuming NodeHandle) {
            measured.append(node.node.size)
            // Moved in: a copy of the node is a value-witness call and its destruction another.
            nodes.append((consume node).node)
        }

        /// Takes the slots of the run of children from `index` on that `reuse` can take as they
        /// were (see `ChildReuse.takeRun`); returns how many. Their nodes are the ones this stack
        /// laid out at those places last time: the run is noted, to be copied at once when
        /// measuring finishes.
        @inline(__always)
        mutating func takeRun(_ reuse: inout ChildReuse, _ children: [any Component], _ index: Int, _ constraint: Constraint) -> Int {
            let taken = reuse.takeRun(children, from: index, constraint)
            guard taken > 0 else { return 0 }
            let from = reuse.runPosition(from: index)
            if NodeRuns.areAvailable, let previous = reuse.previousContainerState as? StackMemo, from + taken <= previous.sizes.count,
                runs.note(at: index, from: from, count: taken, of: previous.nodes)
            {
                measured.append(run: previous.sizes, from: from, count: taken)
                return taken
            }
            reuse.appendRun(from: index, count: taken, into: &nodes) { measured.append($0) }
            return taken
        }

        /// Appends child `index`'s slot when `reuse` can take it as it was (see `ChildReuse.take`).
        @inline(__always)
        mutating func take(_ reuse: inout ChildReuse, _ children: [any Component], _ index: Int, _ constraint: Constraint) -> Bool {
            guard let size = reuse.take(children, index, constraint, into: &nodes) else { return false }
            measured.append(size)
            return true
        }

        /// Puts the nodes in order (the runs taken and the nodes laid out anew) and the sizes,
        /// after the last child was measured.
        mutating func finishMeasuring() {
            if !runs.isEmpty {
                nodes = runs.merge(nodes)
                runs = NodeRuns()
            }
            (sizes, sizesArePrevious) = measured.finish()
        }

        mutating func replace(_ index: Int, with node: consuming any RenderNode) {
            sizes[index] = node.size
            sizesArePrevious = false
            nodes[index] = node
        }

        func settings(_ justify: MainAxisAlignment) -> StackMemo.Settings {
            StackMemo.Settings(axis: axis, spacing: spacing, justify: justify, align: align, constraint: constraint)
        }
    }
}
