import Foundation

/// A view's subviews: added, inserted, replaced in one pass by the reconciler, reordered in place
/// by a list's patch, removed.
extension PlatformView {
    /// Adds `view` on top of the other subviews.
    public func addSubview(_ view: PlatformView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` among the subviews, removing it from its previous superview.
    public func insertSubview(_ view: PlatformView, at index: Int) {
        // (Identity searched by a loop, no closure: see `LayoutPass.beginAgain()`.)
        if view.superview === self, let current = position(of: view) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(index, subviews.count))
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superviewStorage = self
        view.didMoveToSuperview()
    }

    /// Replaces the subviews with `views`, in order, in one pass (the reconciler's bulk update):
    /// views not in the list leave, new ones join, the rest keep their identity.
    func setSubviews(_ views: [PlatformView]) {
        // A mark per view instead of a set: the reconciler calls this on every render of a list
        // that changed order. Views already here are known from the old list, so the common case
        // (a reorder) never loads the weak `superview` (about 500 instructions a view).
        for view in views { view.listing = .listed }
        for view in subviews {
            if view.listing == .listed {
                view.listing = .kept
            } else {
                view.superviewStorage = nil
                view.didMoveToSuperview()
            }
        }
        var joined: [PlatformView] = []
        for view in views {
            let wasHere = view.listing == .kept
            view.listing = .none
            guard !wasHere else { continue }
            view.removeFromSuperview()
            view.superviewStorage = self
            joined.append(view)
        }
        subviews = views
        for view in joined { view.didMoveToSuperview() }
    }

    /// Changes the subviews in place: `body` may reorder them and drop some (the reconciler's patch
    /// of a reordered or shortened list), never add one; a view it drops must be told with
    /// `leaveSuperview()`. Taking the list out first leaves `body` the only owner of its storage,
    /// so nothing is copied.
    func reorderSubviews(_ body: (inout [PlatformView]) -> Void) {
        var views: [PlatformView] = []
        swap(&views, &subviews)
        body(&views)
        swap(&views, &subviews)
    }

    /// Forgets its superview, which has already dropped it from its subviews (`reorderSubviews`).
    func leaveSuperview() {
        superviewStorage = nil
        didMoveToSuperview()
    }

    /// The first place `view` has among the subviews.
    private func position(of view: PlatformView) -> Int? {
        var index = 0
        while index < subviews.count {
            if subviews[index] === view { return index }
            index += 1
        }
        return nil
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        while let place = parent.position(of: self) { parent.subviews.remove(at: place) }
        superviewStorage = nil
        didMoveToSuperview()
    }
}
