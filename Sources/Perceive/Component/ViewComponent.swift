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

/// A leaf node rendered by a `View`: configured by `configure`, then by `updates`.
public struct ViewNode<View: PlatformView>: RenderNode {
    public let size: CGSize
    @usableFromInline let updates: [ViewPropertyUpdate<View>]
    @usableFromInline let configure: @MainActor (View) -> Void
    @usableFromInline let make: (@MainActor () -> View)?
    /// Compares the component-specific part of two nodes (text, image, …); `nil` means always update.
    @usableFromInline let content: _NodeContent?

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
    // Inlinable so that a leaf component's layout (`Text`) specializes it for its view class.
    @inlinable
    public init<Content: Equatable>(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], content: Content?,
        make: (@MainActor () -> View)? = nil, configure: @escaping @MainActor (View) -> Void
    ) {
        self.make = make
        self.size = size
        self.updates = updates
        self.configure = configure
        if let content {
            self.content = _TypedNodeContent(content, viewType: ObjectIdentifier(View.self), hasUpdates: !updates.isEmpty)
        } else {
            self.content = nil
        }
    }

    public var _nodeContent: _NodeContent? { content }

    public func makeView() -> PlatformView? {
        let view = make?() ?? View(coder: NSCoder())
        view?.frame = CGRect(origin: .zero, size: size)
        return view
    }
    public var viewType: ObjectIdentifier? { ObjectIdentifier(View.self) }

    public func updateView(_ view: PlatformView) {
        guard let view = view as? View else { return }
        // The content box knows whether there are updates: asking the array would look up its
        // element type's metadata (this code is not specialized).
        if !view.appliedUpdates.isEmpty || (content?.hasUpdates ?? !updates.isEmpty) { restoreDroppedUpdates(of: view) }
        configure(view)
        for update in updates { update.apply(view) }
    }

    /// Puts back the class default of every property the view's previous node set through an
    /// update and this node does not, and remembers what this node sets.
    private func restoreDroppedUpdates(of view: View) {
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
        // without copying `other` out of its existential (this witness is not specialized, and a
        // copy costs a retain per field and the metadata of the update array).
        guard let content, let theirs = other._nodeContent, content.isEqual(to: theirs) else { return false }
        if !content.hasUpdates && !theirs.hasUpdates { return true }
        guard let other = sameType(other) else { return false }
        let count = updates.count
        guard count == other.updates.count else { return false }
        var index = 0
        while index < count {
            if !updates[index].isEqual(to: other.updates[index]) { return false }
            index += 1
        }
        return true
    }
}

/// What a ``ViewNode`` shows, for comparing two nodes; made by the runtime only.
@MainActor
public class _NodeContent {
    /// The view class the node configures.
    @usableFromInline let viewType: ObjectIdentifier
    /// Whether the node carries view property updates (compared separately).
    @usableFromInline let hasUpdates: Bool

    @usableFromInline
    init(viewType: ObjectIdentifier, hasUpdates: Bool) { (self.viewType, self.hasUpdates) = (viewType, hasUpdates) }

    /// Same view class and equal content.
    @usableFromInline
    func isEqual(to other: _NodeContent) -> Bool { false }
}

/// A content of one type: comparing two costs a class check and the content's `==`, with no
/// existential to open.
@usableFromInline
final class _TypedNodeContent<Content: Equatable>: _NodeContent {
    @usableFromInline let value: Content

    @usableFromInline
    init(_ value: Content, viewType: ObjectIdentifier, hasUpdates: Bool) {
        self.value = value
        super.init(viewType: viewType, hasUpdates: hasUpdates)
    }

    @usableFromInline
    override func isEqual(to other: _NodeContent) -> Bool {
        // Same dynamic class means same `Content`: the downcast is then exact.
        guard type(of: other) == type(of: self), viewType == other.viewType else { return false }
        return unsafeDowncast(other, to: _TypedNodeContent<Content>.self).value == value
    }
}
