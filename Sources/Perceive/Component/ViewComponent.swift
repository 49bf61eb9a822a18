import Foundation

/// Renders a view of type `View`, created when visible and reused across reloads.
///
/// Views are made with the initializer every ``PlatformView`` subclass has, `init?(coder:)`
/// (headless views decode nothing), or with the closure given to ``init(_:)``. Set the view's
/// properties with dynamic members and give it a size (it has no intrinsic size: unsized, it takes
/// the constraint's minimum):
///
/// ```swift
/// ViewComponent<ProfileCell>()
///     .profile(profile)
///     .size(width: .fill, height: 100)
/// ```
public struct ViewComponent<View: PlatformView>: ViewBackedComponent {
    private let make: @MainActor () -> View

    /// Creates the component; views are made with `View(coder:)`.
    public init() {
        make = { View(coder: NSCoder()) ?? View(coder: NSCoder())! }
    }

    /// Creates the component; views are made by `make`.
    public init(_ make: @escaping @MainActor () -> View) {
        self.make = make
    }

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        ViewNode<View>(size: constraint.minSize, updates: updates, make: make) { _ in }
    }
}

/// A leaf node rendered by a `View`: configured by its content (or a closure), then by `updates`.
public struct ViewNode<View: PlatformView>: RenderNode {
    public let size: CGSize
    /// Everything else, behind one reference: with the size the node fits an existential's inline
    /// buffer (no box allocated per node), and copying it costs one retain.
    @usableFromInline let storage: _ViewNodeStorage<View>

    /// A node of `size` whose view is set up by `configure` then `updates`. Pass a `contentKey` that
    /// changes exactly when `configure` would do something different, so unchanged views are skipped.
    public init(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], contentKey: AnyHashable? = nil,
        make: (@MainActor () -> View)? = nil, configure: @escaping @MainActor (View) -> Void
    ) {
        self.init(size: size, updates: updates, content: contentKey, make: make, configure: configure)
    }

    /// A node of `size` whose view is set up by `configure` then `updates`. `content` is what
    /// `configure` shows (equal contents configure a view alike), so unchanged views are skipped;
    /// comparing it costs one type check and `==`, less than an `AnyHashable` key.
    // Inlinable so that a leaf component's layout specializes it for its view class.
    @inlinable
    public init<Content: Equatable>(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], content: Content?,
        make: (@MainActor () -> View)? = nil, configure: @escaping @MainActor (View) -> Void
    ) {
        self.size = size
        if let content {
            storage = _TypedViewNodeStorage(content, updates: updates, make: make, configure: configure)
        } else {
            storage = _ViewNodeStorage(updates: updates, make: make, configure: configure)
        }
    }

    /// A node of `size` showing `content`, which configures the view itself, then `updates`: no
    /// closure is made per node. Unchanged views (equal contents) are skipped.
    @inlinable
    public init<Content: ViewContent>(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], content: Content, make: (@MainActor () -> View)? = nil
    ) where Content.View == View {
        self.size = size
        storage = _ConfiguringViewNodeStorage(content, updates: updates, make: make)
    }

    public var _nodeContent: _NodeContent? { storage }

    public func makeView() -> PlatformView? {
        let view = storage.make?() ?? View(coder: NSCoder())
        view?.frame = CGRect(origin: .zero, size: size)
        return view
    }
    public var viewType: ObjectIdentifier? { ObjectIdentifier(View.self) }

    public func updateView(_ view: PlatformView) {
        guard let view = view as? View else { return }
        // The storage knows whether there are updates: asking the array would look up its
        // element type's metadata (this code is not specialized).
        let hasUpdates = storage.hasUpdates
        if hasUpdates || !view.appliedUpdates.isEmpty { restoreDroppedUpdates(of: view) }
        storage.configureView(view)
        if hasUpdates { for update in storage.updates { update.apply(view) } }
    }

    /// Puts back the class default of every property the view's previous node set through an
    /// update and this node does not, and remembers what this node sets.
    private func restoreDroppedUpdates(of view: View) {
        let updates = storage.updates
        // The same properties as the node before (the common case: a label updated in place): none
        // was dropped, and the remembered list still restores them.
        if updates.count == view.appliedUpdates.count {
            var same = true
            var index = 0
            while same && index < updates.count {
                same = updates[index].keyPath == view.appliedUpdates[index].keyPath
                index += 1
            }
            if same { return }
        }
        for applied in view.appliedUpdates where !updates.contains(where: { $0.keyPath == applied.keyPath }) {
            applied.restore(view)
        }
        guard !updates.isEmpty, let prototype = ViewDefaults.prototype(View.self, make: { makeView() }) else {
            view.appliedUpdates = []
            return
        }
        view.appliedUpdates = updates.map { update in
            AppliedUpdate(keyPath: update.keyPath) { view in
                if let view = view as? View { update.restore(view, prototype) }
            }
        }
    }

    public func isContentEqual(to other: any RenderNode) -> Bool {
        // Equal contents made for the same view class, neither node with updates: equal, decided
        // without opening `other`'s existential (this witness is not specialized).
        guard let theirs = other._nodeContent, storage.isEqual(to: theirs) else { return false }
        if !storage.hasUpdates && !theirs.hasUpdates { return true }
        guard let other = sameType(other) else { return false }
        let (mine, others) = (storage.updates, other.storage.updates)
        let count = mine.count
        guard count == others.count else { return false }
        var index = 0
        while index < count {
            if !mine[index].isEqual(to: others[index]) { return false }
            index += 1
        }
        return true
    }
}

/// What a leaf view shows, when it can configure the view itself: a ``ViewNode`` made from it
/// needs no configuration closure (one allocation less per node). Equal contents must configure a
/// view alike: the engine skips the view when the new content equals what it shows.
///
/// ```swift
/// struct Badge: ViewContent {
///     let count: Int
///     func configure(_ view: LabelView) { view.text = "\(count)" }
/// }
/// // in a component's layout:
/// ViewNode<LabelView>(size: CGSize(width: 40, height: 20), content: Badge(count: 3))
/// ```
public protocol ViewContent: Equatable {
    /// The view class it configures.
    associatedtype View: PlatformView
    /// Shows the content on `view` (a new view, or one that showed other content).
    @MainActor func configure(_ view: View)
}

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
