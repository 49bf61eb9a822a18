import Foundation
import Perceive

/// The last step of the stack algorithm: each child's position, and how `justifyContent`
/// distributes the space left.
extension StackLayout {
    /// Whether `place` sums the space used and the cross size in its loop where it can (off only
    /// in tests comparing the two ways).
    static var placesFromStartInOnePass = true

    @inline(never)
    static func place(_ pass: inout Pass, justify: MainAxisAlignment) -> OrderedNode {
        let axis = pass.axis
        let crossShare = Self.crossShare(pass.align)
        // Children from the start of both axes (a list's rows): no position depends on the space
        // the children use or on the stack's cross size, so the loop sums both — by the operations
        // of `used` and `crossSize`, in their order: the same results bit for bit — instead of two
        // passes over the sizes before it.
        let summing = justify == .start && crossShare == 0 && placesFromStartInOnePass
        var placed = Placed(
            used: summing ? pass.spacing * CGFloat(max(pass.sizes.count - 1, 0)) : used(pass),
            crossSize: summing ? axis.cross(pass.constraint.minSize) : crossSize(pass))
        let (offset, gap) =
            summing
            ? (0, pass.spacing)
            : distribute(
                free: max(mainSize(pass, used: placed.used) - placed.used, 0), count: pass.sizes.count, spacing: pass.spacing,
                justify: justify)
        // Two copies of the loop, one summing and one not (the flag is a constant in each); a
        // list's rows of ordinary sizes take the shorter one (see `placeFromStart`).
        // (Not `??`, whose right side is a closure: see `LayoutPass.beginAgain()`.)
        let positions: [CGPoint]
        if !summing {
            positions = place(
                pass.sizes, axis, from: offset, gap: gap, crossShare: crossShare, summing: false, &placed, appendingUpTo: smallPlacement)
        } else if let fromStart = placeFromStart(pass.sizes, axis, gap: gap, &placed) {
            positions = fromStart
        } else {
            positions = place(
                pass.sizes, axis, from: offset, gap: gap, crossShare: crossShare, summing: true, &placed, appendingUpTo: smallPlacement)
        }
        let crossSize = summing ? clampedCross(placed.crossSize, pass) : placed.crossSize
        let paired = positions.count == pass.nodes.count
        return OrderedNode(
            size: axis.size(main: mainSize(pass, used: placed.used), cross: crossSize), children: pass.nodes, positions: positions,
            axis: axis,
            maxChildExtent: placed.maxExtent, contentBounds: paired ? placed.bounds.rect : .null, isOrdered: paired && placed.ordered)
    }

    /// The share of a child's free cross space before it (× 1 and × 0.5 are exact, as `free` and
    /// `free / 2` are).
    static func crossShare(_ align: CrossAxisAlignment) -> CGFloat {
        switch align {
        case .start, .stretch: 0
        case .end: 1
        case .center: 0.5
        }
    }

    /// What placing the children finds besides their positions.
    struct Placed {
        var used: CGFloat
        var crossSize: CGFloat
        var maxExtent: CGFloat = 0
        var bounds = ChildBounds()
        /// What `OrderedNode` would check in a second pass over the positions, found here.
        var ordered = true
    }

    /// The children's positions, one pass writing them in place (a list's reload places every row
    /// after a removed one again); with `summing`, `placed.used` and `placed.crossSize` are summed
    /// on the way.
    /// (Not main-actor isolated, nor `next`: the closures below would check the executor each time
    /// they ran — see `LayoutPass.beginAgain()` — about a thousand instructions a long list's layout.)
    @inline(__always)
    private nonisolated static func place(
        _ sizes: [CGSize], _ axis: Axis, from offset: CGFloat, gap: CGFloat, crossShare: CGFloat, summing: Bool, _ placed: inout Placed,
        appendingUpTo smallPlacement: Int
    ) -> [CGPoint] {
        let vertical = axis == .vertical
        var (cursor, previousMain) = (offset, -CGFloat.infinity)
        // A few children: appended into reserved room. Made through `init(unsafeUninitializedCapacity:)`
        // (unspecialized, and its closures checking the main actor's executor), their list cost about
        // a thousand instructions whatever its length; for a long list that is cheaper than appending.
        if sizes.count <= smallPlacement {
            var positions: [CGPoint] = []
            positions.reserveCapacity(sizes.count)
            var index = 0
            while index < sizes.count {
                positions.append(
                    next(sizes[index], vertical, gap: gap, crossShare: crossShare, summing: summing, &cursor, &previousMain, &placed))
                index &+= 1
            }
            return positions
        }
        return sizes.withUnsafeBufferPointer { sizes in
            [CGPoint](unsafeUninitializedCapacity: sizes.count) { buffer, initialized in
                var index = 0
                while index < sizes.count {
                    let position = next(
                        sizes[index], vertical, gap: gap, crossShare: crossShare, summing: summing, &cursor, &previousMain, &placed)
                    (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: position)
                    index &+= 1
                }
                initialized = sizes.count
            }
        }
    }

    /// `place` summing from the start of both axes, for more than `smallPlacement` children whose
    /// sizes are all finite and not negative, with a gap that is too: each child then starts at or
    /// after the previous one's far edge, so the children's bounds are the first position, the last
    /// child's far edge and the largest cross size, and no position is checked for being a number.
    /// The same results bit for bit (the same operations in the same order; `PlacementTests`), in
    /// about 20 instructions a row where the general step takes 60. `nil`, with `placed` untouched,
    /// when a size turns out not to qualify: the general loop places the children.
    @inline(__always)
    private static func placeFromStart(_ sizes: [CGSize], _ axis: Axis, gap: CGFloat, _ placed: inout Placed) -> [CGPoint]? {
        // (Read once: Foundation's `CGFloat.infinity` is a call on Linux.)
        let infinity = CGFloat.infinity
        guard sizes.count > smallPlacement, gap >= 0, gap < infinity else { return nil }
        // Two copies of the loop, one per axis (the flag is a constant in each).
        var run = FromStart(used: placed.used, maxExtent: placed.maxExtent, infinity: infinity)
        let positions = axis == .vertical ? run.place(sizes, gap: gap, vertical: true) : run.place(sizes, gap: gap, vertical: false)
        // A size that is not a number, or infinite, makes its sum so (a sum too large for the type
        // too, which only sends the children to the general loop); a negative one its least value.
        guard run.used > -infinity, run.used < infinity, run.crossSum > -infinity, run.crossSum < infinity, run.leastMain >= 0,
            run.leastCross >= 0
        else { return nil }
        // (The general step's running largest from `placed.crossSize` is the larger of it and the
        // children's largest, ties between +0 and -0 included: `a > b ? a : b` gives the later one.)
        let crossSize = placed.crossSize > run.largestCross ? placed.crossSize : run.largestCross
        (placed.used, placed.crossSize, placed.maxExtent) = (run.used, crossSize, run.maxExtent)
        placementsFromStart &+= 1
        // Every start is at or after the one before (sizes and gap not negative), and every far
        // edge at or before the next start: the first start (0) is the least, the last far edge the
        // greatest. Across, the general step's edge is each child's origin (0) plus its size: the
        // largest is `0 + ` the largest size (-0 becomes +0 either way). (Zero stays +0: every sum
        // starts from it.)
        let crossEdge = 0 + run.largestCross
        placed.bounds =
            axis == .vertical
            ? ChildBounds(minX: 0, minY: 0, maxX: crossEdge, maxY: run.last)
            : ChildBounds(minX: 0, minY: 0, maxX: run.last, maxY: crossEdge)
        return positions
    }

    /// Placements `placeFromStart` made, in the whole process (main-actor state): tests read it to
    /// know the shorter loop ran.
    @exclusivity(unchecked) static var placementsFromStart = 0

    /// What `placeFromStart` sums as it goes. (Sizes are checked after the loop, from sums and least
    /// values: a test of each size in the loop became a classification of its bits, 40 instructions
    /// a row. A largest value is written `a > b ? a : b`, one instruction, which is `max(a, b)` for
    /// numbers, ties between +0 and -0 included: both give `b`.)
    private struct FromStart {
        var used: CGFloat
        var maxExtent: CGFloat
        /// The last child's far edge on the main axis.
        var last = CGFloat(0)
        var crossSum = CGFloat(0)
        var largestCross: CGFloat
        var leastMain: CGFloat
        var leastCross: CGFloat

        init(used: CGFloat, maxExtent: CGFloat, infinity: CGFloat) {
            (self.used, self.maxExtent) = (used, maxExtent)
            (largestCross, leastMain, leastCross) = (-infinity, infinity, infinity)
        }

        @inline(__always)
        mutating func place(_ sizes: [CGSize], gap: CGFloat, vertical: Bool) -> [CGPoint] {
            // (Summed in locals and written back once; the cursor is the loop's alone.)
            var (cursor, last, used, maxExtent) = (CGFloat(0), last, used, maxExtent)
            var (crossSum, largestCross, leastMain, leastCross) = (crossSum, largestCross, leastMain, leastCross)
            let positions = sizes.withUnsafeBufferPointer { sizes in
                [CGPoint](unsafeUninitializedCapacity: sizes.count) { buffer, initialized in
                    var index = 0
                    while index < sizes.count {
                        let (main, cross) = vertical ? (sizes[index].height, sizes[index].width) : (sizes[index].width, sizes[index].height)
                        let position = vertical ? CGPoint(x: 0, y: cursor) : CGPoint(x: cursor, y: 0)
                        (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: position)
                        last = cursor + main
                        cursor += main + gap
                        maxExtent = maxExtent > main ? maxExtent : main
                        used += main
                        largestCross = largestCross > cross ? largestCross : cross
                        crossSum += cross
                        leastMain = main < leastMain ? main : leastMain
                        leastCross = cross < leastCross ? cross : leastCross
                        index &+= 1
                    }
                    initialized = sizes.count
                }
            }
            (self.last, self.used, self.maxExtent) = (last, used, maxExtent)
            (self.crossSum, self.largestCross, self.leastMain, self.leastCross) = (crossSum, largestCross, leastMain, leastCross)
            return positions
        }
    }

    /// At most this many children are placed by appending (see `place`; changed only by tests
    /// comparing the two ways).
    @exclusivity(unchecked) static var smallPlacement = 16

    /// The position of the next child, of `size`, at `cursor`, which moves past it; `placed` notes it.
    @inline(__always)
    nonisolated static func next(
        _ size: CGSize, _ vertical: Bool, gap: CGFloat, crossShare: CGFloat, summing: Bool, _ cursor: inout CGFloat,
        _ previousMain: inout CGFloat, _ placed: inout Placed
    ) -> CGPoint {
        let (main, cross) = vertical ? (size.height, size.width) : (size.width, size.height)
        let crossOffset = crossShare == 0 ? 0 : (placed.crossSize - cross) * crossShare
        let position = vertical ? CGPoint(x: crossOffset, y: cursor) : CGPoint(x: cursor, y: crossOffset)
        // (Not `>`: a position that is not a number is not in order either.)
        if !(previousMain <= cursor) { placed.ordered = false }
        previousMain = cursor
        placed.bounds.add(position, size)
        cursor += main + gap
        placed.maxExtent = max(placed.maxExtent, main)
        if summing {
            placed.used += main
            placed.crossSize = max(placed.crossSize, cross)
        }
        return position
    }

    /// The stack's main size for children using `used`: at least the minimum, the whole maximum
    /// when a child grows.
    static func mainSize(_ pass: Pass, used: CGFloat) -> CGFloat {
        let maxMain = pass.axis.main(pass.constraint.maxSize)
        let mainSize = max(used, pass.axis.main(pass.constraint.minSize))
        return totalGrow(pass) > 0 && maxMain.isFinite ? max(mainSize, maxMain) : mainSize
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
