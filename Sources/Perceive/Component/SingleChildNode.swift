import Foundation

/// A layout node with one child at an offset: a centred, inset or framed child, a ZStack of one.
///
/// One object, where a `ContainerNode` is three (itself, its `children` array and its
/// `positions` array), each made on every reload and freed on the next. Render reads the child
/// through ``RenderNode/_inlineChild(_:)``; `children` and `positions` are made only when asked.
package final class SingleChildNode: RenderNode {
    package let size: CGSize
    let child: any RenderNode
    let position: CGPoint

    package init(size: CGSize, child: any RenderNode, position: CGPoint) {
        self.size = size
        self.child = child
        self.position = position
    }

    package var children: [any RenderNode] { [child] }
    package var positions: [CGPoint] { [position] }
    package var _inlineChildCount: Int { 1 }
    package func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) {
        precondition(index == 0, "a single-child node has one child")
        return (child, position)
    }
    package func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        precondition(index == 0, "a single-child node has one child")
        return (child._wrapping, position)
    }

    /// The child, when its frame meets `frame` (the rule `IndexLists.visible` applies), as a
    /// shared list: nothing is allocated.
    package func visibleIndexes(in frame: CGRect) -> [Int] {
        CGRect(origin: position, size: child.size).isVisible(in: frame) ? IndexLists.upTo(1) : []
    }
}
