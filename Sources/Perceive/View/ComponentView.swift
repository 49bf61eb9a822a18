import Foundation

/// A view whose content is a component tree: a convenience over ``PlatformView/componentEngine``.
@MainActor
open class ComponentView: PlatformView {
    /// The component rendered into this view; setting it schedules a reload.
    public var component: (any Component)? {
        get { componentEngine.component }
        set { componentEngine.component = newValue }
    }
}

/// A scrolling ``ComponentView``: content is laid out with an unbounded height, and only views
/// intersecting the visible rect (`contentOffset` and the view's size) exist.
@MainActor
open class ComponentScrollView: ComponentView {
    /// The size of the laid-out content.
    public internal(set) var contentSize: CGSize = .zero

    /// The top-left point of the visible region in content coordinates; changing it re-renders
    /// (creates and recycles views) without laying out again.
    public var contentOffset: CGPoint {
        get { offset }
        set {
            guard newValue != offset else { return }
            offset = newValue
            componentEngine.visibleRegionDidChange()
        }
    }
    @exclusivity(unchecked) private var offset: CGPoint = .zero

    /// The content offset: the visible region starts there.
    public override var boundsOrigin: CGPoint { offset }

    open override var dumpAttributes: [String] {
        super.dumpAttributes + ["content=\(format(contentSize))", "offset=(\(format(contentOffset.x)), \(format(contentOffset.y)))"]
    }
}
