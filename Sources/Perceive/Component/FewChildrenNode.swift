import Foundation

/// A layout node with three or four children, each at its own position: a short stack (a title
/// over two boundaries, a row of a few labels).
///
/// One object instead of three (see ``SingleChildNode``); `children` and `positions` are made
/// only when asked.
package final class FewChildrenNode: RenderNode {
    package let size: CGSize
    let first: any RenderNode
    let second: any RenderNode
    let third: any RenderNode
    let fourth: (any RenderNode)?
    let origins: (CGPoint, CGPoint, CGPoint, CGPoint)
    /// 3 or 4. (Stored, though `fourth` tells it: asking an optional existential whether it holds
    /// a value goes through the runtime's generic enum witnesses, and render asks on every visit —
    /// 230 instructions a diamond-shape scope.)
    let count: Int

    /// `nodes` (three or four) at `origins`, index for index (a fourth origin with three nodes is
    /// ignored).
    package init(
        size: CGSize, _ first: consuming any RenderNode, _ second: consuming any RenderNode, _ third: consuming any RenderNode,
        _ fourth: consuming (any RenderNode)?, at origins: (CGPoint, CGPoint, CGPoint, CGPoint)
    ) {
        self.size = size
        count = fourth == nil ? 3 : 4
        (self.first, self.second, self.third, self.fourth) = (first, second, third, fourth)
        self.origins = origins
    }

    // (Loops, not `map`: a main-actor closure given to it checks its isolation per child.)
    package var children: [any RenderNode] {
        var children: [any RenderNode] = []
        for index in 0..<count { children.append(child(index)) }
        return children
    }
    package var positions: [CGPoint] {
        var positions: [CGPoint] = []
        for index in 0..<count { positions.append(origin(index)) }
        return positions
    }
    package var _inlineChildCount: Int { count }
    package func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) { (child(index), origin(index)) }
    package func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        precondition(index >= 0 && index < count, "index \(index) out of \(count) children")
        let wrapping =
            switch index {
            case 0: first._wrapping
            case 1: second._wrapping
            case 2: third._wrapping
            default: fourth.unsafelyUnwrapped._wrapping
            }
        return (wrapping, origin(index))
    }

    /// The children whose frames meet `frame` (the rule `IndexLists.visible` applies): a shared
    /// list when all do.
    package func visibleIndexes(in frame: CGRect) -> [Int] {
        var visible: [Int] = []
        var all = true
        for index in 0..<count {
            if isVisible(index, in: frame) {
                if !all { visible.append(index) }
            } else if all {
                all = false
                visible = Array(0..<index)
            }
        }
        return all ? IndexLists.upTo(count) : visible
    }

    private func isVisible(_ index: Int, in frame: CGRect) -> Bool {
        let size =
            switch index {
            case 0: first.size
            case 1: second.size
            case 2: third.size
            default: fourth.unsafelyUnwrapped.size
            }
        return CGRect(origin: origin(index), size: size).isVisible(in: frame)
    }

    private func child(_ index: Int) -> any RenderNode {
        precondition(index >= 0 && index < count, "index \(index) out of \(count) children")
        switch index {
        case 0: return first
        case 1: return second
        case 2: return third
        default: return fourth.unsafelyUnwrapped
        }
    }

    private func origin(_ index: Int) -> CGPoint {
        switch index {
        case 0: origins.0
        case 1: origins.1
        case 2: origins.2
        default: origins.3
        }
    }
}
