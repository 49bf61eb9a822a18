import Foundation

/// A layout node with two children, each at its own position: a decoration and what it decorates,
/// a ZStack of two.
///
/// One object instead of three (see ``SingleChildNode``); `children` and `positions` are made
/// only when asked.
package final class ChildPairNode: RenderNode {
    // Written only by `make`, on the spare nothing else holds (see `takeIfUnshared`).
    @exclusivity(unchecked) package private(set) var size: CGSize
    @exclusivity(unchecked) private(set) var first: any RenderNode
    @exclusivity(unchecked) private(set) var second: any RenderNode
    @exclusivity(unchecked) private(set) var firstPosition: CGPoint
    @exclusivity(unchecked) private(set) var secondPosition: CGPoint

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

/// One pair kept for the next layout instead of freed: a stack of two children (a label and a
/// boundary) makes a new pair on every reload of its scope, and the slot holding the last one is
/// then its only holder. Allocating one and freeing the other cost about 200 instructions a reload.
extension ChildPairNode {
    /// A pair that left a slot with nothing else holding it, its children dropped (main-actor
    /// state: layouts run on the main actor).
    @exclusivity(unchecked) private static var spare: ChildPairNode?

    /// `ChildPairNode`'s metadata, as the type word of an existential holding one.
    private nonisolated static var typeWord: UInt { unsafeBitCast(ChildPairNode.self, to: UInt.self) }

    /// A pair of `size` with `first` and `second` at their positions: the spare filled in, or a new
    /// object. Every field is written: nothing of the spare's last use remains.
    package static func make(
        size: CGSize, _ first: consuming any RenderNode, at firstPosition: CGPoint, _ second: consuming any RenderNode,
        at secondPosition: CGPoint
    ) -> ChildPairNode {
        guard let pair = spare.take() else { return ChildPairNode(size: size, first, at: firstPosition, second, at: secondPosition) }
        pair.size = size
        pair.first = first
        pair.second = second
        pair.firstPosition = firstPosition
        pair.secondPosition = secondPosition
        return pair
    }

    /// The pair `node` holds — a slot's output about to be replaced — taken out of it (an empty
    /// node left in its place) when nothing else holds the pair: a render's record of a list, or
    /// code holding the engine's root node, keeps it alive, and it then goes as any node does.
    /// The caller hands it to `keep(_:)` once the slot is whole again. (Found by the existential's
    /// words, as `SlotBits` finds a slot, and only where that representation holds. Whoever keeps a
    /// pair must hold it strongly: a weak or unowned reference would not stop it being refilled.)
    @inline(__always)
    static func takeIfUnshared(_ node: inout any RenderNode) -> ChildPairNode? {
        // (The type word first, read in place: most outputs are not pairs.)
        guard SlotBits.holds(&node, type: typeWord), SlotBits.holds else { return nil }
        return take(&node)
    }

    @inline(never)
    private static func take(_ node: inout any RenderNode) -> ChildPairNode? {
        var pair: ChildPairNode = SlotBits.takeObject(&node, leaving: EmptyLayoutNode(size: .zero))
        return isKnownUniquelyReferenced(&pair) ? pair : nil
    }

    /// Makes `pair`, taken by `takeIfUnshared`, the spare: its children go now, as they would have
    /// with it (after the slot that held it is whole again: their deinitializers may run code that
    /// reads it).
    static func keep(_ pair: consuming ChildPairNode) {
        pair.first = EmptyLayoutNode(size: .zero)
        pair.second = EmptyLayoutNode(size: .zero)
        spare = pair
    }
}
