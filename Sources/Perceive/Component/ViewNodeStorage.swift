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

/// A view node's parts: updates, how to make the view, how to configure it.
@usableFromInline
class _ViewNodeStorage<View: PlatformView>: _NodeContent {
    @usableFromInline let updates: [ViewPropertyUpdate<View>]
    @usableFromInline let make: (@MainActor () -> View)?
    @usableFromInline let configure: (@MainActor (View) -> Void)?

    // Inlinable (with the subclasses' initializers) so that a leaf's layout, specialized for its
    // view class, makes the storage without looking up `[ViewPropertyUpdate<View>]`'s metadata at
    // run time: about 550 instructions per node made in generic code.
    @inlinable
    init(updates: [ViewPropertyUpdate<View>], make: (@MainActor () -> View)?, configure: (@MainActor (View) -> Void)?) {
        self.updates = updates
        self.make = make
        self.configure = configure
        super.init(hasUpdates: !updates.isEmpty)
    }

    /// Shows the node's content on `view`.
    @usableFromInline
    func configureView(_ view: View) { configure?(view) }
}

/// Parts with a content of one type: comparing two costs a class check and the content's `==`.
@usableFromInline
final class _TypedViewNodeStorage<View: PlatformView, Content: Equatable>: _ViewNodeStorage<View> {
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

/// Parts whose content configures the view itself (see ``ViewContent``).
@usableFromInline
final class _ConfiguringViewNodeStorage<Content: ViewContent>: _ViewNodeStorage<Content.View> {
    @usableFromInline let value: Content

    @inlinable
    init(_ value: Content, updates: [ViewPropertyUpdate<Content.View>], make: (@MainActor () -> Content.View)?) {
        self.value = value
        super.init(updates: updates, make: make, configure: nil)
    }

    @usableFromInline
    override func configureView(_ view: Content.View) { value.configure(view) }

    @usableFromInline
    override func isEqual(to other: _NodeContent) -> Bool {
        guard type(of: other) == type(of: self) else { return false }
        return unsafeDowncast(other, to: _ConfiguringViewNodeStorage<Content>.self).value == value
    }
}
