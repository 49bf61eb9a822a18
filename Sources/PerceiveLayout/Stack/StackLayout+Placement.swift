import Foundation
import Perceive

/// The last step of the stack algorithm: each child's position, and how `justifyContent`
/// distributes the space left.
extension StackLayout {
    /// Whether `place` takes `placeFromStart` where it can (off only in tests comparing the two).
    static var placesFromStartInOnePass = true

    @inline(never)
    static func place(_ pass: inout Pass, justify: MainAxisAlignment) -> OrderedNode {
        if justify == .start && (pass.align == .start || pass.align == .stretch) && placesFromStartInOnePass {
            return placeFromStart(&pass)
        }
        let axis = pass.axis
        let used = used(pass)
        let crossSize = crossSize(pass)
        let maxMain = axis.main(pass.constraint.maxSize)
        var mainSize = max(used, axis.main(pass.constraint.minSize))
        if totalGrow(pass) > 0 && maxMain.isFinite { mainSize = max(mainSize, maxMain) }
        let (offset, gap) = distribute(free: max(mainSize - used, 0), count: pass.sizes.count, spacing: pass.spacing, justify: justify)
        var cursor = offset
        var maxExtent: CGFloat = 0
        var bounds = ChildBounds()
        // What `OrderedNode` would check in a second pass over the positions, found here.
        var ordered = true
        var previousMain = -CGFloat.infinity
        // The share of a child's free cross space before it (× 1 and × 0.5 are exact, as `free` and
        // `free / 2` are).
        let crossShare: CGFloat =
            switch pass.align {
            case .start, .stretch: 0
            case .end: 1
            case .center: 0.5
            }
        let vertical = axis == .vertical
        // One pass writing the positions in place (a list's reload places every row after a
        // removed one again).
        let positions = pass.sizes.withUnsafeBufferPointer { sizes in
            [CGPoint](unsafeUninitializedCapacity: sizes.count) { buffer, initialized in
                var index = 0
                while index < sizes.count {
                    let size = sizes[index]
                    let (main, cross) = vertical ? (size.height, size.width) : (size.width, size.height)
                    let crossOffset = crossShare == 0 ? 0 : (crossSize - cross) * crossShare
                    let position = vertical ? CGPoint(x: crossOffset, y: cursor) : CGPoint(x: cursor, y: crossOffset)
                    if previousMain > cursor { ordered = false }
                    previousMain = cursor
                    (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: position)
                    bounds.add(position, size)
                    cursor += main + gap
                    maxExtent = max(maxExtent, main)
                    index &+= 1
                }
                initialized = sizes.count
            }
        }
        let paired = positions.count == pass.nodes.count
        return OrderedNode(
            size: axis.size(main: mainSize, cross: crossSize), children: pass.nodes, positions: positions, axis: axis,
            maxChildExtent: maxExtent, contentBounds: paired ? bounds.rect : .null, isOrdered: paired && ordered)
    }

    /// `place` for the commonest stack — children from the start of the main axis and at the start
    /// of the cross axis (or stretched to it), a list's rows — in one pass over the sizes instead of
    /// three: no position there depends on the space the children use or on the stack's cross size,
    /// so both are summed in the same loop, by the same operations in the same order as `used` and
    /// `crossSize` (the same results, bit for bit).
    @inline(never)
    static func placeFromStart(_ pass: inout Pass) -> OrderedNode {
        let (axis, gap) = (pass.axis, pass.spacing)
        let vertical = axis == .vertical
        var used = pass.spacing * CGFloat(max(pass.sizes.count - 1, 0))
        var crossSize = axis.cross(pass.constraint.minSize)
        var cursor: CGFloat = 0
        var maxExtent: CGFloat = 0
        var bounds = ChildBounds()
        var ordered = true
        var previousMain = -CGFloat.infinity
        let positions = pass.sizes.withUnsafeBufferPointer { sizes in
            [CGPoint](unsafeUninitializedCapacity: sizes.count) { buffer, initialized in
                var index = 0
                while index < sizes.count {
                    let size = sizes[index]
                    let (main, cross) = vertical ? (size.height, size.width) : (size.width, size.height)
                    let position = vertical ? CGPoint(x: 0, y: cursor) : CGPoint(x: cursor, y: 0)
                    if previousMain > cursor { ordered = false }
                    previousMain = cursor
                    (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: position)
                    bounds.add(position, size)
                    cursor += main + gap
                    maxExtent = max(maxExtent, main)
                    used += main
                    crossSize = max(crossSize, cross)
                    index &+= 1
                }
                initialized = sizes.count
            }
        }
        let maxCross = axis.cross(pass.constraint.maxSize)
        if maxCross.isFinite { crossSize = min(crossSize, maxCross) }
        let maxMain = axis.main(pass.constraint.maxSize)
        var mainSize = max(used, axis.main(pass.constraint.minSize))
        if totalGrow(pass) > 0 && maxMain.isFinite { mainSize = max(mainSize, maxMain) }
        let paired = positions.count == pass.nodes.count
        return OrderedNode(
            size: axis.size(main: mainSize, cross: crossSize), children: pass.nodes, positions: positions, axis: axis,
            maxChildExtent: maxExtent, contentBounds: paired ? bounds.rect : .null, isOrdered: paired && ordered)
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
