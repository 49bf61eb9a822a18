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
    /// The content rendered by the boundary's engine.
    public let content: Content
    public let width: SizeStrategy
    public let height: SizeStrategy
    /// Whether the boundary scrolls its content (a ``ComponentScrollView``).
    public let scrolls: Bool
    /// The environment at the moment the modifier was called.
    public let environment: EnvironmentValues
    /// Where the modifier was called, for diagnostics.
    public let site: CallSite

    // Inlinable: a gallery's `build()` makes one per cell; specialized in the caller, it needs no
    // generic metadata lookup (a third of the cost of making one).
    @inlinable
    init(content: Content, width: SizeStrategy, height: SizeStrategy, scrolls: Bool, site: CallSite) {
        self.content = content
        self.site = site
        self.width = width
        self.height = height
        self.scrolls = scrolls
        self.environment = EnvironmentValues.current
    }

    public func layout(_ constraint: Constraint) -> any RenderNode { layout(constraint, id: nil) }

    /// The boundary's node carries its id itself: wrapping it in an id node was an allocation per
    /// boundary in every layout of its parent (10,000 in a gallery's first flush) and one more
    /// step for render.
    public func _layout(_ constraint: Constraint, identifiedBy id: String) -> any RenderNode { layout(constraint, id: id) }

    private func layout(_ constraint: Constraint, id: String?) -> any RenderNode {
        let environment = self.environment
        let site = self.site
        let size = SizeResolver.resolve(
            width: width, height: height, in: constraint,
            origin: {
                "\(scrolls ? ".perceptionScrollView" : ".perceptionView")(…) on \(WastedRebuildDetector.shortName(Content.self)) at \(site)"
            }
        ) {
            // `.fit` must measure the content here, in the parent's layout: its reads therefore
            // also subscribe the parent (the boundary's size depends on them).
            EnvironmentValues.withValues(environment) { content.layout(Constraint(maxSize: constraint.maxSize)).size }
        }
        return BoundaryNode(
            size: constraint.clamp(size), content: content, environment: environment, scrolls: scrolls, site: site, id: id)
    }
}

/// The parent's view of a boundary: a box whose view hosts the boundary's engine.
///
/// A class, as `IDNode` and `TappableNode` are: as a value it was too large for an existential's
/// inline buffer, so the parent's layout boxed it and its render boxed a second copy for the
/// boundary view's record (144 bytes per idle boundary, and an allocation per boundary each time
/// the parent renders it); a reference is shared by both.
final class BoundaryNode: RenderNode {
    let size: CGSize
    let content: any Component
    let environment: EnvironmentValues
    let site: CallSite
    // (Declared after the call site, in the room its last word leaves: 136 bytes, glibc's 144-byte
    // size class instead of 160.)
    let scrolls: Bool
    /// The explicit id around the boundary, if any (see `PerceptionBoundary._layout`).
    let id: String?

    @inline(__always)
    init(size: CGSize, content: any Component, environment: EnvironmentValues, scrolls: Bool, site: CallSite, id: String?) {
        (self.size, self.content, self.environment, self.scrolls, self.site, self.id) = (size, content, environment, scrolls, site, id)
    }

    func makeView() -> PlatformView? {
        let view: PlatformView =
            scrolls
            ? PerceptionScrollHostView(frame: CGRect(origin: .zero, size: size))
            : PerceptionHostView(frame: CGRect(origin: .zero, size: size))
        view.componentEngine.isBoundary = true
        return view
    }

    var viewType: ObjectIdentifier? {
        scrolls ? ObjectIdentifier(PerceptionScrollHostView.self) : ObjectIdentifier(PerceptionHostView.self)
    }

    func updateView(_ view: PlatformView) { handContent(to: view, knownChanged: false) }

    /// The render found this node different from the one the view showed, whose content and
    /// environment the engine holds: the content is handed over without comparing it again (about
    /// 200 instructions a handoff). Were the engine's content set some other way meanwhile, the
    /// worst outcome is one reload that a comparison would have spared.
    func _updateChangedView(_ view: PlatformView) { handContent(to: view, knownChanged: true) }

    private func handContent(to view: PlatformView, knownChanged: Bool) {
        // (Read once: each read of the engine retained and released it.)
        let engine = view.componentEngine
        engine.isBoundary = true
        engine.setContent(content, environment: environment, knownChanged: knownChanged)
    }

    /// Equal when the content is `Equatable` and equal, and the environment snapshot is unchanged:
    /// the boundary then keeps its content and does not reload.
    func isContentEqual(to other: any RenderNode) -> Bool {
        guard SlotBits.holds else {
            guard let other = sameType(other) else { return false }
            return isContentEqual(toBoundary: other)
        }
        // The other node read where its existential holds it, not copied out (a retain and a
        // release per comparison): a final class's reference is the existential's first word,
        // beside the class's metadata (the representation `SlotBits` checks for slots).
        return SlotBits.withObject(other, ofType: Self.typeWord) { (node: BoundaryNode) in isContentEqual(toBoundary: node) } ?? false
    }

    /// `BoundaryNode`'s type metadata, as the type word of an existential holding one.
    nonisolated static let typeWord = unsafeBitCast(BoundaryNode.self, to: UInt.self)

    @inline(__always)
    private func isContentEqual(toBoundary other: BoundaryNode) -> Bool {
        other.scrolls == scrolls && componentsEqual(content, other.content) && environment.isEqual(to: other.environment)
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
