import Foundation

/// The result of laying out a component: a size, positioned children, and how to show it.
///
/// A node either is *view-backed* (`makeView()` returns a view, which the engine creates only when
/// the node is visible) or a pure layout container whose children are rendered in its place.
/// A view-backed node with `rendersChildren` hosts its children inside its own view.
@MainActor
public protocol RenderNode {
    /// The node's size.
    var size: CGSize { get }
    /// Child nodes, positioned by `positions` (same count) relative to this node's origin.
    var children: [any RenderNode] { get }
    /// The origin of each child.
    var positions: [CGPoint] { get }
    /// An explicit identity for reconciliation; `nil` uses the node's structural path.
    var id: String? { get }
    /// Indexes of the children whose frames intersect `frame` (in this node's coordinates), in order.
    /// Containers with ordered positions override this with a binary search.
    func visibleIndexes(in frame: CGRect) -> [Int]

    /// A new view for this node, or `nil` when the node is not view-backed.
    func makeView() -> PlatformView?
    /// The view class `makeView()` creates, used to reuse views of the same type.
    var viewType: ObjectIdentifier? { get }
    /// Configures `view` (created by `makeView()` or reused) to show this node.
    func updateView(_ view: PlatformView)
    /// True when `other` would configure a view exactly as this node does (handlers aside), so the
    /// engine can skip `updateView`. The default is false: always update.
    func isContentEqual(to other: any RenderNode) -> Bool
    /// Refreshes closures (tap handlers) on a view whose content is unchanged; not counted as an update.
    func updateHandlers(_ view: PlatformView)
    /// `updateView(view)` for a view whose node the engine just compared with this one and found
    /// different (`isContentEqual` was false), so that a node need not compare again. Keep the
    /// default (`updateView`) in your nodes.
    func _updateChangedView(_ view: PlatformView)
    /// Whether this view-backed node's children render inside its view (otherwise they are not rendered).
    var rendersChildren: Bool { get }
    /// What this node wraps, for the runtime's own wrapper nodes (builder slots, explicit ids), which
    /// render sees through without a dynamic cast. Keep the default (`.none`) in your nodes.
    var _wrapping: _RenderWrapping { get }
    /// How what this node shows compares with `content` (a ``ViewNode``'s), asked of the other node
    /// by a view node comparing itself, without opening its existential or copying its content out
    /// (the contents' `==` then runs from this node's side). Keep the default (`.different`) in
    /// your nodes.
    func _compareContent(with content: _NodeContent) -> _ContentComparison
    /// How many children the node keeps in fields of its own (see ``SingleChildNode``), read with
    /// ``_inlineChild(_:)`` and ``_inlineChildWrapping(_:)`` without `children` and `positions`
    /// being made; -1 (the default): they are in those arrays. Keep the default in your nodes.
    var _inlineChildCount: Int { get }
    /// The child at `index` (below ``_inlineChildCount``) and its position. Another index traps,
    /// as an array's subscript does (the runtime asks only for indexes below the count).
    func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint)
    /// How the inline child at `index` (below ``_inlineChildCount``) wraps (its ``_wrapping``), and
    /// its position: what `_inlineChild(index)` would give, which the default asks. The runtime's
    /// nodes answer from their own fields, without copying the child out (render asks it of every
    /// inline child it looks at). Keep the default in your nodes.
    func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint)
}

/// How render sees through one of the runtime's wrapper nodes (see ``RenderNode/_wrapping``).
@MainActor
public struct _RenderWrapping {
    enum Kind {
        case none
        /// A retained builder slot (the node forwards to the slot's current output).
        case slot(LayoutSlot)
        /// An explicit id around another node (`IDNode.base`).
        case identified(IDNode)
    }
    let kind: Kind
    /// A node that wraps nothing.
    public static var none: _RenderWrapping { _RenderWrapping(kind: .none) }
}

extension RenderNode {
    public var children: [any RenderNode] { [] }
    public var positions: [CGPoint] { [] }
    public func _inlineChildWrapping(_ index: Int) -> (wrapping: _RenderWrapping, position: CGPoint) {
        let (node, position) = _inlineChild(index)
        return (node._wrapping, position)
    }
    public var id: String? { nil }
    public func makeView() -> PlatformView? { nil }
    public var viewType: ObjectIdentifier? { nil }
    public func updateView(_ view: PlatformView) {}
    public func isContentEqual(to other: any RenderNode) -> Bool { false }
    public func updateHandlers(_ view: PlatformView) {}
    public func _updateChangedView(_ view: PlatformView) { updateView(view) }
    public var rendersChildren: Bool { false }
    public var _wrapping: _RenderWrapping { .none }
    public func _compareContent(with content: _NodeContent) -> _ContentComparison { .different }
    public var _inlineChildCount: Int { -1 }
    public func _inlineChild(_ index: Int) -> (node: any RenderNode, position: CGPoint) { (children[index], positions[index]) }

    public func visibleIndexes(in frame: CGRect) -> [Int] {
        IndexLists.visible(children, positions, in: frame)
    }
}

extension IndexLists {
    /// The indexes of the children at `positions` that show in `frame`, in order. (A node that
    /// stores its arrays passes them here: through the protocol's getters, each was retained and
    /// released once more per render.)
    @MainActor
    package static func visible(_ children: [any RenderNode], _ positions: [CGPoint], in frame: CGRect) -> [Int] {
        // A loop, not `filter`: the closure would be main-actor isolated and check the executor
        // for every child.
        let count = min(children.count, positions.count)
        // Every child visible (a cell's parts, mostly): a shared list, nothing allocated.
        var first = 0
        while first < count && CGRect(origin: positions[first], size: children[first].size).isVisible(in: frame) { first += 1 }
        if first == count { return IndexLists.upTo(count) }
        var visible = Array(0..<first)
        var index = first + 1
        while index < count {
            if CGRect(origin: positions[index], size: children[index].size).isVisible(in: frame) { visible.append(index) }
            index += 1
        }
        return visible
    }
}

/// `Array(0..<count)`, shared for the small counts a render asks for on every reload (a
/// container's children all visible): returning one is a retain, where making one is an
/// allocation and a free per container rendered.
package enum IndexLists {
    private static let shared: [[Int]] = (0..<16).map { Array(0..<$0) }
    /// `[1]`: the second of two children alone (see ``ChildPairNode``).
    package static let onlySecond = [1]

    /// The indexes `0..<count`.
    @inline(__always)
    package static func upTo(_ count: Int) -> [Int] { count < shared.count ? shared[count] : Array(0..<count) }
}

extension RenderNode where Self: Equatable {
    public func isContentEqual(to other: any RenderNode) -> Bool {
        guard let other = sameType(other) else { return false }
        return self == other
    }
}

extension RenderNode {
    /// `other` as this node's type, when that is its type. Opening the existential and comparing
    /// types costs a few instructions; `as?` looks up metadata and conformances (thousands).
    package func sameType(_ other: any RenderNode) -> Self? {
        func open<Other: RenderNode>(_ other: Other) -> Self? {
            Other.self == Self.self ? unsafeBitCast(other, to: Self.self) : nil
        }
        return open(other)
    }
}

extension CGRect {
    /// Whether a child at this rect shows in `visible`: overlapping with positive area, or, for a
    /// child that is zero-sized on an axis, lying within the visible range on that axis (so empty
    /// views still exist). Merely touching the visible edge does not count.
    package func isVisible(in other: CGRect) -> Bool {
        func overlaps(_ low: CGFloat, _ high: CGFloat, _ otherLow: CGFloat, _ otherHigh: CGFloat) -> Bool {
            low == high ? (low >= otherLow && low <= otherHigh) : (low < otherHigh && high > otherLow)
        }
        // The edges computed here rather than through Foundation's `minX`…`maxY`, which are opaque
        // calls on Linux: ~45 instructions per visible child. (The same answers: an edge is the
        // origin plus the negative or the positive part of the length.)
        func span(_ origin: CGFloat, _ length: CGFloat) -> (CGFloat, CGFloat) {
            length < 0 ? (origin + length, origin) : (origin, origin + length)
        }
        let (x, otherX) = (span(origin.x, size.width), span(other.origin.x, other.size.width))
        let (y, otherY) = (span(origin.y, size.height), span(other.origin.y, other.size.height))
        return overlaps(x.0, x.1, otherX.0, otherX.1) && overlaps(y.0, y.1, otherY.0, otherY.1)
    }
}
