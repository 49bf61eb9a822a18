import Foundation

/// What a ``ViewNode`` shows, for comparing two nodes; made by the runtime only.
@MainActor
public class _NodeContent {
    /// Whether the node carries view property updates (compared separately).
    @usableFromInline let hasUpdates: Bool

    @inlinable
    init(hasUpdates: Bool) { self.hasUpdates = hasUpdates }

    /// Equal content for the same view class. Without content: never (the view is always updated).
    @usableFromInline
    func isEqual(to other: _NodeContent) -> Bool { false }
}

/// A view node's parts: its updates, and — in each subclass — what it shows and how it makes its
/// view.
///
/// The closures live only in the subclasses that take them: a node whose content configures the
/// view stores neither (a label's storage, with its `TextContent`, is 120 bytes rather than 152:
/// an allocation glibc keeps in a fast bin once its per-thread cache is full, as when a thousand
/// rebuilt labels free theirs, instead of merging it with its neighbours).
@usableFromInline
class _ViewNodeStorage<View: PlatformView>: _NodeContent {
    @usableFromInline let updates: [ViewPropertyUpdate<View>]

    // Inlinable (with the subclasses' initializers) so that a leaf's layout, specialized for its
    // view class, makes the storage without looking up `[ViewPropertyUpdate<View>]`'s metadata at
    // run time: about 550 instructions per node made in generic code.
    @inlinable
    init(updates: [ViewPropertyUpdate<View>]) {
        self.updates = updates
        super.init(hasUpdates: !updates.isEmpty)
    }

    /// A view made by the node's own closure, if it has one (else the class's initializer makes it).
    @usableFromInline
    func makeView() -> View? { nil }

    /// Shows the node's content on `view`.
    @usableFromInline
    func configureView(_ view: View) {}
}

/// Parts with no content to compare: a closure configures the view, every time. Not final: the
/// typed parts below are these with a content.
@usableFromInline
class _ClosureViewNodeStorage<View: PlatformView>: _ViewNodeStorage<View> {
    @usableFromInline final let make: (@MainActor () -> View)?
    @usableFromInline final let configure: @MainActor (View) -> Void

    @inlinable
    init(updates: [ViewPropertyUpdate<View>], make: (@MainActor () -> View)?, configure: @escaping @MainActor (View) -> Void) {
        (self.make, self.configure) = (make, configure)
        super.init(updates: updates)
    }

    @usableFromInline
    override final func makeView() -> View? { make?() }

    @usableFromInline
    override final func configureView(_ view: View) { configure(view) }
}

/// Parts with a content of one type: comparing two costs a class check and the content's `==`.
@usableFromInline
final class _TypedViewNodeStorage<View: PlatformView, Content: Equatable>: _ClosureViewNodeStorage<View> {
    @usableFromInline let value: Content

    @inlinable
    init(
        _ value: Content, updates: [ViewPropertyUpdate<View>], make: (@MainActor () -> View)?,
        configure: @escaping @MainActor (View) -> Void
    ) {
        self.value = value
        super.init(updates: updates, make: make, configure: configure)
    }

    @usableFromInline
    override func isEqual(to other: _NodeContent) -> Bool {
        // Same dynamic class means same view class and same `Content`: the downcast is exact.
        guard type(of: other) == type(of: self) else { return false }
        return unsafeDowncast(other, to: _TypedViewNodeStorage<View, Content>.self).value == value
    }
}

/// Parts whose content configures the view itself (see ``ViewContent``), made by the view class's
/// initializer. Not final: a node with its own way of making the view is the subclass below.
@usableFromInline
class _ConfiguringViewNodeStorage<Content: ViewContent>: _ViewNodeStorage<Content.View> {
    @usableFromInline final let value: Content

    @inlinable
    init(_ value: Content, updates: [ViewPropertyUpdate<Content.View>]) {
        self.value = value
        super.init(updates: updates)
    }

    @usableFromInline
    override final func configureView(_ view: Content.View) { value.configure(view) }

    @usableFromInline
    override final func isEqual(to other: _NodeContent) -> Bool {
        // The same dynamic class (nearly always) means the same `Content`.
        guard type(of: other) == type(of: self) else { return isEqual(toOtherKind: other) }
        return unsafeDowncast(other, to: _ConfiguringViewNodeStorage<Content>.self).value == value
    }

    /// A node made with its own `make` beside one without compares by content too, as it did
    /// before the subclass (how a view is made is not what it shows). Out of line: the cast's type
    /// would be looked up before every comparison otherwise.
    @inline(never)
    private func isEqual(toOtherKind other: _NodeContent) -> Bool {
        guard let other = other as? _ConfiguringViewNodeStorage<Content> else { return false }
        return other.value == value
    }
}

/// Configuring parts whose view is made by a closure.
@usableFromInline
final class _MakingConfiguringViewNodeStorage<Content: ViewContent>: _ConfiguringViewNodeStorage<Content> {
    @usableFromInline let make: @MainActor () -> Content.View

    @inlinable
    init(_ value: Content, updates: [ViewPropertyUpdate<Content.View>], make: @escaping @MainActor () -> Content.View) {
        self.make = make
        super.init(value, updates: updates)
    }

    @usableFromInline
    override func makeView() -> Content.View? { make() }
}
