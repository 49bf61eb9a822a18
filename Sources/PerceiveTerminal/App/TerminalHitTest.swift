import Foundation
import Perceive

/// Finds views under a point of the screen (root coordinates), as drawn: hidden views and what a
/// scroll view clips away are not hit.
@MainActor
enum TerminalHitTest {
    /// The innermost tappable view containing `point`, the last drawn winning.
    static func tappable(at point: CGPoint, in root: PlatformView) -> TappableView? {
        var found: TappableView?
        visit(root) { view, rect in
            if rect.contains(point), let tappable = view as? TappableView { found = tappable }
        }
        return found
    }

    /// The innermost scroll view containing `point`.
    static func scrollView(at point: CGPoint, in root: PlatformView) -> ComponentScrollView? {
        var found: ComponentScrollView?
        visit(root) { view, rect in
            if rect.contains(point), let scroll = view as? ComponentScrollView { found = scroll }
        }
        return found
    }

    /// The first scroll view in drawing order.
    static func firstScrollView(in root: PlatformView) -> ComponentScrollView? {
        var found: ComponentScrollView?
        visit(root) { view, _ in
            if found == nil, let scroll = view as? ComponentScrollView { found = scroll }
        }
        return found
    }

    /// Calls `body` with every visible view and its visible rect in root coordinates.
    private static func visit(_ root: PlatformView, _ body: (PlatformView, CGRect) -> Void) {
        func walk(_ view: PlatformView, origin: CGPoint, clip: CGRect) {
            guard !view.isHidden, view.alpha > 0 else { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            let visible = frame.intersection(clip)
            guard !visible.isNull, !visible.isEmpty else { return }
            body(view, visible)
            let childClip = view.clipsToBounds || view is ComponentScrollView ? visible : clip
            let contentOrigin = CGPoint(x: frame.minX - view.boundsOrigin.x, y: frame.minY - view.boundsOrigin.y)
            for subview in view.subviews { walk(subview, origin: contentOrigin, clip: childClip) }
        }
        walk(root, origin: CGPoint(x: -root.frame.minX, y: -root.frame.minY), clip: .infinite)
    }
}
