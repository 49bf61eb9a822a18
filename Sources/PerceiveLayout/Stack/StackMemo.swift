import Foundation
import Perceive

/// What a stack keeps of its last layout at its place, for the next one: when every child comes
/// back with the size it had (a list whose rows were reordered, or rebuilt unchanged), the
/// placement is the same and is taken from here instead of computed again — positions, the stack's
/// size, its children's bounds and order. Kept only for layouts in which no child grew, shrank or
/// stretched (those depend on more than the sizes).
@MainActor
final class StackMemo {
    /// What decides a placement besides the children's sizes.
    struct Settings {
        let axis: Axis
        let spacing: CGFloat
        let justify: MainAxisAlignment
        let align: CrossAxisAlignment
        let constraint: Constraint

        func matches(_ other: Settings) -> Bool {
            axis == other.axis && spacing == other.spacing && justify == other.justify && align == other.align
                && constraint.minSize.width == other.constraint.minSize.width
                && constraint.minSize.height == other.constraint.minSize.height
                && constraint.maxSize.width == other.constraint.maxSize.width
                && constraint.maxSize.height == other.constraint.maxSize.height
        }
    }

    let settings: Settings
    /// Each child's flexibility; `nil` when none was flexible (a list's rows: nothing kept per row).
    private(set) var flex: [(grow: CGFloat, shrink: CGFloat)]?
    let sizes: [CGSize]
    /// The children's nodes, index for index with `sizes` (the node's own list, shared).
    private(set) var nodes: [any RenderNode]
    let size: CGSize
    let positions: [CGPoint]
    let maxChildExtent: CGFloat
    let contentBounds: CGRect
    let isOrdered: Bool

    init(settings: Settings, flex: [(grow: CGFloat, shrink: CGFloat)], sizes: [CGSize], node: OrderedNode) {
        (self.settings, self.flex, self.sizes, size, positions) = (settings, Self.kept(flex), sizes, node.size, node.positions)
        nodes = node.children
        (maxChildExtent, contentBounds, isOrdered) = (node.maxChildExtent, node.contentBounds, node.isOrdered)
    }

    /// Becomes the memo of a layout that placed its children as this one did, with that layout's
    /// flexibilities and nodes: updated in place, not replaced (an allocation and a deallocation per
    /// stack per layout). Only the stack's place keeps a memo, and a layout reads the memo of its
    /// place before it finishes: nothing sees the change but the next layout there.
    func keep(flex: [(grow: CGFloat, shrink: CGFloat)], nodes: [any RenderNode]) {
        self.flex = Self.kept(flex)
        self.nodes = nodes
    }

    /// `flex`, or `nil` when every child is inflexible.
    private static func kept(_ flex: [(grow: CGFloat, shrink: CGFloat)]) -> [(grow: CGFloat, shrink: CGFloat)]? {
        var index = 0
        while index < flex.count {
            if flex[index].grow != 0 || flex[index].shrink != 0 { return flex }
            index += 1
        }
        return nil
    }

    /// `state` when it is a stack's memo made under `settings`.
    static func usable(_ state: AnyObject?, _ settings: Settings) -> StackMemo? {
        guard let memo = state as? StackMemo, memo.settings.matches(settings) else { return nil }
        return memo
    }

    /// Whether `sizes` are exactly the sizes placed last time (NaN never matches).
    func hasSizes(_ sizes: [CGSize]) -> Bool {
        guard sizes.count == self.sizes.count else { return false }
        // This memo's own array (every child matched it while measuring: see `StackSizes`).
        if sizes.sharesStorage(with: self.sizes) { return true }
        var index = 0
        while index < sizes.count {
            let (new, old) = (sizes[index], self.sizes[index])
            if new.width != old.width || new.height != old.height { return false }
            index += 1
        }
        return true
    }
}
