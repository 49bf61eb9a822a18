import Foundation

/// A perception boundary: content rendered by its own engine, and so reloaded in its own scope.
///
/// The parent lays out only the boundary's box (its size comes from the two ``SizeStrategy``s), and
/// the content's `build()` runs in the boundary's engine: its reads subscribe the boundary, never
/// the parent. The environment is captured when the modifier is called — that is, while the
/// enclosing `build()` runs — and the content is always laid out inside that snapshot.
///
/// Make one with `perceptionView(width:height:)` and its siblings.
public struct PerceptionBoundary<Content: Component>: Component {
    /// Everything the boundary holds, shared with the nodes its layouts make (see `BoundaryContent`).
    @usableFromInline let shared: BoundaryContent

    /// The content rendered by the boundary's engine.
    public var content: Content {
        // The shared object keeps it as the engine takes it, an existential made from a `Content`.
        guard let content = _component(shared.content, as: Content.self) else {
            preconditionFailure("a boundary holds the content it was made with")
        }
        return content
    }
    public var width: SizeStrategy { shared.width }
    public var height: SizeStrategy { shared.height }
    /// Whether the boundary scrolls its content (a ``ComponentScrollView``).
    public var scrolls: Bool { shared.scrolls }
    /// The environment at the moment the modifier was called.
    public var environment: EnvironmentValues { shared.environment }
    /// Where the modifier was called, for diagnostics.
    public var site: CallSite { shared.site }

    // Inlinable: a gallery's `build()` makes one per cell; specialized in the caller, it needs no
    // generic metadata lookup, and the content is packed for the engine without value witnesses.
    @inlinable
    init(content: Content, width: SizeStrategy, height: SizeStrategy, scrolls: Bool, site: CallSite) {
        shared = BoundaryContent(
            content: content, environment: EnvironmentValues.current, site: site, width: width, height: height, scrolls: scrolls)
    }

    public func layout(_ constraint: Constraint) -> any RenderNode { layout(constraint, id: nil) }

    /// The boundary's node carries its id itself (through its shared object): wrapping it in an id
    /// node was an allocation per boundary in every layout of its parent (10,000 in a gallery's
    /// first flush) and one more step for render. The id takes the place of the child index only
    /// where the parent's layout lays the content out (`.fit`, below): nothing else here has a
    /// position, and entering the id's place hashed it, for every boundary the parent laid out.
    public func _layout(_ constraint: Constraint, identifiedBy id: String) -> any RenderNode { layout(constraint, id: id) }

    private func layout(_ constraint: Constraint, id: String?) -> any RenderNode {
        let shared = self.shared
        let size = SizeResolver.resolve(
            width: shared.width, height: shared.height, in: constraint,
            origin: {
                "\(shared.scrolls ? ".perceptionScrollView" : ".perceptionView")(…) on \(WastedRebuildDetector.shortName(Content.self)) at \(shared.site)"
            }
        ) {
            // `.fit` must measure the content here, in the parent's layout: its reads therefore
            // also subscribe the parent (the boundary's size depends on them).
            let path = id.map(IDScope.enter)
            defer { if let path { IDScope.leave(path) } }
            return EnvironmentValues.withValues(shared.environment) { shared.content.layout(Constraint(maxSize: constraint.maxSize)).size }
        }
        return BoundaryNode(shared: shared.identified(by: id), size: constraint.clamp(size))
    }
}

/// The parent's view of a boundary: a box whose view hosts the boundary's engine.
///
/// The boundary's shared object and its size: three words, held inline by the parent's layout and
/// by the view's record, with nothing allocated (see `BoundaryContent`).
struct BoundaryNode: RenderNode {
    // First: a comparison reads it as the existential's first word (see `isContentEqual`).
    let shared: BoundaryContent
    let size: CGSize

    /// The explicit id around the boundary, if any (see `PerceptionBoundary._layout`).
    var id: String? { shared.nodeID }
    /// Where the boundary was declared.
    var site: CallSite { shared.site }

    func makeView() -> PlatformView? {
        let view: PlatformView =
            shared.scrolls
            ? PerceptionScrollHostView(frame: CGRect(origin: .zero, size: size))
            : PerceptionHostView(frame: CGRect(origin: .zero, size: size))
        view.componentEngine.isBoundary = true
        return view
    }

    var viewType: ObjectIdentifier? {
        shared.scrolls ? ObjectIdentifier(PerceptionScrollHostView.self) : ObjectIdentifier(PerceptionHostView.self)
    }

    func updateView(_ view: PlatformView) { handContent(to: view, knownChanged: false) }

    /// The render found this node different from the one the view showed, whose content and
    /// environment the engine holds: the content is handed over without comparing it again (about
    /// 200 instructions a handoff). Were the engine's content set some other way meanwhile, the
    /// worst outcome is one reload that a comparison would have spared. (Conversely, content that
    /// code set on a boundary's engine itself stays until its parent hands it a different value,
    /// as it does for equal `Equatable` content.)
    func _updateChangedView(_ view: PlatformView) { handContent(to: view, knownChanged: true) }

    private func handContent(to view: PlatformView, knownChanged: Bool) {
        // (Read once: each read of the engine retained and released it.)
        let engine = view.componentEngine
        engine.isBoundary = true
        engine.setContent(shared.content, environment: shared.environment, knownChanged: knownChanged)
    }

    /// Equal when both come from one boundary value (its parent laid out again, or built again
    /// around a value it keeps), or when the content is `Equatable` and equal and the environment
    /// snapshot is unchanged: the boundary then keeps its content and does not reload.
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard SlotBits.holds else {
            guard let other = sameType(other) else { return false }
            return isContentEqual(toShared: other.shared)
        }
        // The other node's shared object read where its existential holds it, not copied out (a
        // retain and a release per comparison): it is the first word, beside this type's metadata.
        return SlotBits.withObject(other, ofType: Self.typeWord) { (other: BoundaryContent) in isContentEqual(toShared: other) }
            ?? false
    }

    /// `BoundaryNode`'s type metadata, as the type word of an existential holding one. (A struct's
    /// metadata is a constant: no lazy global to check.)
    private static var typeWord: UInt { unsafeBitCast(BoundaryNode.self as Any.Type, to: UInt.self) }

    /// Whether an existential holds a node inline with its shared object as its first word, as
    /// `isContentEqual` reads it, checked on a node made for the purpose. Part of `SlotBits.holds`,
    /// checked once. (A stored field the runtime cannot move bitwise, or a larger node, would be
    /// boxed, its first word the box.)
    static func isHeldInline() -> Bool {
        let shared = BoundaryContent(
            content: EmptyComponent(), environment: EnvironmentValues(), site: CallSite(), width: .fill, height: .fill, scrolls: false)
        let node: any RenderNode = BoundaryNode(shared: shared, size: .zero)
        return SlotBits.withObject(node, ofType: typeWord) { (found: BoundaryContent) in found === shared } ?? false
    }

    @inline(__always)
    private func isContentEqual(toShared other: BoundaryContent) -> Bool {
        if other === shared { return true }
        return other.scrolls == shared.scrolls && shared.contentEquals(other) && shared.environment.isEqual(to: other.environment)
    }
}

/// The view of a ``PerceptionBoundary``: a ``ComponentView`` whose engine is the boundary's scope.
@MainActor
public final class PerceptionHostView: ComponentView {}

/// The view of a scrolling ``PerceptionBoundary``.
@MainActor
public final class PerceptionScrollHostView: ComponentScrollView {}

/// Lets the environment-ordering check recognise a boundary whatever its content type.
@MainActor
protocol PerceptionBoundaryMarker {
    var contentTypeName: String { get }
}

extension PerceptionBoundary: PerceptionBoundaryMarker {
    var contentTypeName: String { WastedRebuildDetector.shortName(Content.self) }
}
