import Foundation

/// A headless image: a name and a pixel size, standing in for the platform image type.
public struct PlatformImage: Hashable, Sendable, CustomStringConvertible {
    /// The asset name.
    public var name: String
    /// The image's natural size.
    public var size: CGSize

    /// An image with `name` and `size`.
    public init(name: String, size: CGSize = CGSize(width: 1, height: 1)) {
        self.name = name
        self.size = size
    }

    /// A named asset (headless images always exist; the optional mirrors the platform API).
    public init?(named name: String) {
        self.init(name: name)
    }

    public var description: String { name }
}
