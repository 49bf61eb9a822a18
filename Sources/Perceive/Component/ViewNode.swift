import Foundation

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
            storage = _ClosureViewNodeStorage(updates: updates, make: make, configure: configure)
        }
    }

    /// A node of `size` showing `content`, which configures the view itself, then `updates`: no
    /// closure is made per node. Unchanged views (equal contents) are skipped.
    @inlinable
    public init<Content: ViewContent>(
        size: CGSize, updates: [ViewPropertyUpdate<View>] = [], content: Content, make: (@MainActor () -> View)? = nil
    ) where Content.View == View {
        self.size = size
        if let make {
            storage = _MakingConfiguringViewNodeStorage(content, updates: updates, make: make)
        } else {
            storage = _ConfiguringViewNodeStorage(content, updates: updates)
        }
    }

    public func _compareContent(with content: _NodeContent) -> _ContentComparison {
        guard storage.isEqual(to: content) else { return .different }
        return storage.hasUpdates ? .equalWithUpdates : .equal
    }

    public func makeView() -> PlatformView? {
        let view = storage.makeView() ?? View(coder: EmptyCoder.shared)
        view?.frame = CGRect(origin: .zero, size: size)
        return view
    }
    public var viewType: ObjectIdentifier? { ObjectIdentifier(View.self) }

    public func updateView(_ view: PlatformView) {
        // A view of exactly the node's class (what the node made) is taken as it is: a cast's
        // result was retained and released.
        if type(of: view) == View.self {
            update(unsafeDowncast(view, to: View.self))
        } else if let view = view as? View {
            update(view)
        }
    }

    @inline(__always)
    private func update(_ view: View) {
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
        // without opening `other`'s existential (this witness is not specialized). Asked of the other
        // node with this one's content: read out of it, theirs was retained and released.
        let compared = other._compareContent(with: storage)
        if compared == .different { return false }
        if !storage.hasUpdates && compared == .equal { return true }
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
