import Foundation
import Perceive

/// Finds views under a point of the screen (root coordinates), as drawn (``ScreenWalk``): hidden
/// views and what a scroll view clips away are not hit.
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

    /// Calls `body` with every view drawn and the part of its frame on screen (root coordinates).
    private static func visit(_ root: PlatformView, _ body: (PlatformView, CGRect) -> Void) {
        ScreenWalk.walk(root, clip: CGRect(origin: .zero, size: root.frame.size)) { view, frame, clip in
            let visible = frame.intersection(clip)
            if !visible.isNull, !visible.isEmpty { body(view, visible) }
        }
    }
}
