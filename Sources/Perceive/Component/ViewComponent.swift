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
    let updates: [ViewPropertyUpdate<View>]
    let configure: @MainActor (View) -> Void
    let make: (@MainActor () -> View)?
    /// Compares the component-specific part of two nodes (text, image, …); `nil` means always update.
    let content: (any Equatable)?

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
    public init<Content: Equatable>(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], content: Content?,
        make: (@MainActor () -> View)? = nil, configure: @escaping @MainActor (View) -> Void
    ) {
        self.make = make
        self.size = size
        self.updates = updates
        self.configure = configure
        self.content = content
    }

    public func makeView() -> PlatformView? {
        let view = make?() ?? View(coder: NSCoder())
        view?.frame = CGRect(origin: .zero, size: size)
        return view
    }
    public var viewType: ObjectIdentifier? { ObjectIdentifier(View.self) }

    public func updateView(_ view: PlatformView) {
        guard let view = view as? View else { return }
        if !view.appliedUpdates.isEmpty || !updates.isEmpty { restoreDroppedUpdates(of: view) }
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
        guard let other = sameType(other) else { return false }
        // This witness is generic over the view type (not specialized): integer loops and an
        // early exit for the common node without updates keep it to a few dozen instructions.
        let count = updates.count
        guard count == other.updates.count, let content, let otherContent = other.content,
            equalContents(content, otherContent)
        else { return false }
        var index = 0
        while index < count {
            if !updates[index].isEqual(to: other.updates[index]) { return false }
            index += 1
        }
        return true
    }
}

/// `a == b` when both have the same type.
private func equalContents(_ a: any Equatable, _ b: any Equatable) -> Bool {
    func open<A: Equatable>(_ a: A) -> Bool {
        func open<B: Equatable>(_ b: B) -> Bool { B.self == A.self && unsafeBitCast(b, to: A.self) == a }
        return open(b)
    }
    return open(a)
}
