import Foundation
import Perceive

/// Keyboard focus over the tappable views on screen, in the order they are drawn (depth first).
///
/// Focus follows a component, not a view object: it remembers the chain of component ids from
/// the root to the focused view, so a view that a scroll view recycles for other content does not
/// carry the focus with it. When the focused component leaves the screen, focus is gone and Tab
/// starts again from the first.
@MainActor
public struct FocusRing {
    private var path: [String?]?

    public init() {}

    /// The focused view, if its component is on screen in `root`.
    public func focused(in root: PlatformView) -> TappableView? {
        guard let path else { return nil }
        return Self.tappables(in: root).first { Self.path(of: $0, in: root) == path }
    }

    /// Moves focus to the next (or previous) tappable view of `root`, wrapping around.
    public mutating func move(forward: Bool, in root: PlatformView) {
        let order = Self.tappables(in: root)
        guard !order.isEmpty else {
            path = nil
            return
        }
        let paths = order.map { Self.path(of: $0, in: root) }
        guard let path, let index = paths.firstIndex(of: path) else {
            self.path = forward ? paths.first : paths.last
            return
        }
        self.path = paths[(index + (forward ? 1 : order.count - 1)) % order.count]
    }

    /// Focuses `view` (a click), or nothing.
    public mutating func focus(_ view: TappableView?, in root: PlatformView) {
        path = view.map { Self.path(of: $0, in: root) }
    }

    /// The focused view, forgetting the focus when its component is no longer on screen.
    @discardableResult
    public mutating func validate(in root: PlatformView) -> TappableView? {
        let view = focused(in: root)
        if view == nil { path = nil }
        return view
    }

    /// The component ids from `root` down to `view`.
    static func path(of view: PlatformView, in root: PlatformView) -> [String?] {
        var ids: [String?] = []
        var current: PlatformView? = view
        while let node = current, node !== root {
            ids.append(node.componentID)
            current = node.superview
        }
        return ids
    }

    /// The tappable views of `root` with a part on screen, in drawing order (``ScreenWalk``).
    static func tappables(in root: PlatformView) -> [TappableView] {
        var result: [TappableView] = []
        ScreenWalk.walk(root, clip: CGRect(origin: .zero, size: root.frame.size)) { view, frame, clip in
            guard let tappable = view as? TappableView, !frame.intersection(clip).isEmpty else { return }
            result.append(tappable)
        }
        return result
    }
}
