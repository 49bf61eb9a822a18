import Foundation

/// Gives a component's node an explicit identity for reconciliation.
public struct IDComponent<Content: Component>: Component {
    public let content: Content
    public let id: String

    @usableFromInline
    init(content: Content, id: String) {
        self.content = content
        self.id = id
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let path = IDScope.enter(id)
        let node = content.layout(constraint)
        IDScope.leave(path)
        return IDScope.identify(node, id)
    }

    /// An id only names its content: a flexible child stays flexible under one.
    public var _flexibility: (grow: CGFloat, shrink: CGFloat)? { content._flexibility }

    /// The same id around a component that is the same.
    public func _isSame(asBuiltBy builder: any Component, id: String?) -> Bool {
        id == self.id && content._isSame(asBuiltBy: builder, id: nil)
    }
}

/// An explicit id takes the place of the child index in the retained layout's positions, so a
/// keyed child keeps its retained state wherever it moves among its siblings.
@MainActor
enum IDScope {
    /// Puts `id` in place of the child index; returns the path to restore.
    static func enter(_ id: String) -> Int {
        guard let context = LayoutContext.current else { return 0 }
        let saved = context.path
        context.path = LayoutContext.combine(context.containerPath, pathHash(id))
        return saved
    }

    /// A position needs a well-spread number, not a seeded, attack-resistant hash. (Two sibling
    /// ids with equal hashes still get distinct positions: the second is the next occurrence.)
    static func pathHash(_ id: String) -> Int { KeyTable.keyHash(id) }

    static func leave(_ path: Int) {
        LayoutContext.current?.path = path
    }

    /// `node` under `id`. A builder's slot takes the id itself (its position is keyed by that id
    /// already), which saves a wrapper per row of a keyed list; the innermost id wins, as it does
    /// for a wrapped node.
    static func identify(_ node: any RenderNode, _ id: String) -> any RenderNode {
        if case .slot(let slot) = node._wrapping.kind, let context = LayoutContext.current {
            if slot.explicitIDGeneration != context.generation || slot.explicitID == nil {
                slot.explicitID = id
                slot.explicitIDGeneration = context.generation
            }
            return slot
        }
        return IDNode(base: node, id: id)
    }
}

/// An identified view-backed component is still view-backed.
extension IDComponent: ViewBackedComponent where Content: ViewBackedComponent {
    public typealias View = Content.View

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        let path = IDScope.enter(id)
        let node = content.layout(constraint, applying: updates)
        IDScope.leave(path)
        return IDScope.identify(node, id)
    }
}

/// A node with an explicit id; everything else is the wrapped node's.
///
/// A class: render sees through it on every pass (``RenderNode/_wrapping``), and handing out a
/// reference costs a retain where a struct would copy the wrapped node (a value-witness call) and
/// destroy the copy. It is allocated either way: with its id it is too large for an existential's
/// inline buffer.
final class IDNode: RenderNode {
    let base: any RenderNode
    let id: String?

    init(base: any RenderNode, id: String?) {
        self.base = base
        self.id = id
    }

    var size: CGSize { base.size }
    var children: [any RenderNode] { base.children }
    var positions: [CGPoint] { base.positions }
    func visibleIndexes(in frame: CGRect) -> [Int] { base.visibleIndexes(in: frame) }
    func makeView() -> PlatformView? { base.makeView() }
    var viewType: ObjectIdentifier? { base.viewType }
    func updateView(_ view: PlatformView) { base.updateView(view) }
    func updateHandlers(_ view: PlatformView) { base.updateHandlers(view) }
    var rendersChildren: Bool { base.rendersChildren }
    var _wrapping: _RenderWrapping { _RenderWrapping(kind: .identified(self)) }
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard case .identified(let other) = other._wrapping.kind else { return false }
        return base.isContentEqual(to: other.base)
    }
}

extension Component {
    /// Identifies the component's view across reloads: views with the same id are kept (and moved),
    /// whatever their position. Ids must be unique within one engine; a duplicate is renamed
    /// (`id#2`, …) and reported.
    /// (Inlinable: a list's `build()` calls it once per row, and specialized in the caller it
    /// needs no generic metadata lookup.)
    @inlinable
    public func id(_ id: String) -> IDComponent<Self> { IDComponent(content: self, id: id) }

    /// Identifies the component with an integer, spelled as its decimal description (`"42"`).
    @inlinable
    public func id(_ id: Int) -> IDComponent<Self> { IDComponent(content: self, id: _decimalSpelling(id)) }

    /// Identifies the component with any hashable value's description.
    @inlinable
    public func id<ID: Hashable & CustomStringConvertible>(_ id: ID) -> IDComponent<Self> {
        IDComponent(content: self, id: id.description)
    }
}

/// `String(value)`, written out for the common case of a list's row ids: a non-negative integer
/// of up to 15 digits is a small string made in place, without `description`'s generic path
/// (about a third of what making a keyed row cost).
@inlinable
public func _decimalSpelling(_ value: Int) -> String {
    guard value >= 0 && value < 1_000_000_000_000_000 else { return String(value) }
    var count = 1
    var rest = value
    while rest >= 10 {
        rest /= 10
        count += 1
    }
    return String(unsafeUninitializedCapacity: count) { buffer in
        var remaining = value
        var index = count
        repeat {
            index -= 1
            buffer[index] = UInt8(truncatingIfNeeded: 48 &+ remaining % 10)
            remaining /= 10
        } while remaining > 0
        return count
    }
}
