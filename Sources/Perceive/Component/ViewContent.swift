import Foundation

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
