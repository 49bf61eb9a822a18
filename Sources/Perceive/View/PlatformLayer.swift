import Foundation

/// Layer-level display properties of a ``PlatformView``, so `\.layer.cornerRadius` reads as on a platform view.
@MainActor
public final class PlatformLayer {
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat = 0 {
        didSet { view?.displayChanged() }
    }
    /// The border width.
    public var borderWidth: CGFloat = 0 {
        didSet { view?.displayChanged() }
    }
    /// The border color.
    public var borderColor: PlatformColor? {
        didSet { view?.displayChanged() }
    }
    /// The view whose layer this is (it owns the layer, so it outlives it); `nil` for a layer made
    /// on its own.
    unowned(unsafe) var view: PlatformView?

    init(view: PlatformView? = nil) { self.view = view }
}
