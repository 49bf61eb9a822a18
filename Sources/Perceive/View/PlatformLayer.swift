import Foundation

/// Layer-level display properties of a ``PlatformView``, so `\.layer.cornerRadius` reads as on a platform view.
@MainActor
public final class PlatformLayer {
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat = 0
    /// The border width.
    public var borderWidth: CGFloat = 0
    /// The border color.
    public var borderColor: PlatformColor?
}
