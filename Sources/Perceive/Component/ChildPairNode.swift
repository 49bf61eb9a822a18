import Foundation

/// A layout node with two children, each at its own position: a decoration and what it decorates,
/// a ZStack of two.
///
/// One object instead of three (see ``SingleChildNode``); `children` and `positions` are made
/// only when asked.
package final class ChildPairNode: RenderNode {
    package let size: CGSize
    let first: any RenderNode
    let second: any RenderNode
    let firstPosition: CGPoint
    let secondPosition: CGPoint

    package init(size: CGSize, _ first: any RenderNode, at firstPosition: CGPoint, _ second: any RenderNode, at secondPosition: CGPoint) {
        self.size = size
        self.first = first
        self.second = second
        self.firstPosition = firstPosition
        self.secondPosition = secondPosition
    }

    package var children: [any RenderNode] { [first, second] }
    package var positions: [CGPoint] { [firstPosition, secondPosition] }
    package var _inlineChildCount: Int { 2 }
    package func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) {
        precondition(index == 0 || index == 1, "a child pair has two children")
        return index == 0 ? (first, firstPosition) : (second, secondPosition)
    }
    package func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        precondition(index == 0 || index == 1, "a child pair has two children")
        return index == 0 ? (first._wrapping, firstPosition) : (second._wrapping, secondPosition)
    }

    /// The children whose frames meet `frame` (the rule `IndexLists.visible` applies), as shared
    /// lists: nothing is allocated.
    package func visibleIndexes(in frame: CGRect) -> [Int] {
        let showsFirst = CGRect(origin: firstPosition, size: first.size).isVisible(in: frame)
        let showsSecond = CGRect(origin: secondPosition, size: second.size).isVisible(in: frame)
        switch (showsFirst, showsSecond) {
        case (true, true): return IndexLists.upTo(2)
        case (true, false): return IndexLists.upTo(1)
        case (false, true): return IndexLists.onlySecond
        case (false, false): return []
        }
    }
}
