import Foundation
import Perceive

/// The one rule for what part of a view tree is on screen, shared by drawing, hit testing and
/// focus, so that a person can click and Tab to exactly what is drawn.
///
/// Hidden views and views with `alpha` 0 are skipped with everything below them. A view's frame
/// is in its superview's content coordinates (offset by the superview's `boundsOrigin`, a scroll
/// view's content offset). A scroll view, and any view that `clipsToBounds`, clips its subviews
/// to its own frame; other views do not (a child may extend past a parent of zero size).
@MainActor
enum ScreenWalk {
    /// Calls `enter` for each shown view, back to front, with its frame in root coordinates and
    /// the region its ancestors let it show (`clip`); `leave` after the view's subviews.
    static func walk(
        _ root: PlatformView, clip: CGRect,
        enter: (_ view: PlatformView, _ frame: CGRect, _ clip: CGRect) -> Void,
        leave: (_ view: PlatformView, _ frame: CGRect, _ clip: CGRect) -> Void = { _, _, _ in }
    ) {
        func visit(_ view: PlatformView, origin: CGPoint, clip: CGRect) {
            guard !view.isHidden, view.alpha > 0 else { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            enter(view, frame, clip)
            let clipsChildren = view.clipsToBounds || view is ComponentScrollView
            let childClip = clipsChildren ? frame.intersection(clip) : clip
            let contentOrigin = CGPoint(x: frame.minX - view.boundsOrigin.x, y: frame.minY - view.boundsOrigin.y)
            // Unretained: the tree holds the subviews (and a container's retains and releases take
            // the slow path of its side table).
            let subviews = view.subviews
            var index = 0
            while index < subviews.count {
                unowned(unsafe) let subview = subviews[index]
                visit(subview, origin: contentOrigin, clip: childClip)
                index += 1
            }
            leave(view, frame, clip)
        }
        visit(root, origin: CGPoint(x: -root.frame.minX, y: -root.frame.minY), clip: clip)
    }
}
