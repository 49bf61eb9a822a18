import Foundation

/// An image at its natural size (use `.size(...)` to change it).
public struct Image: ViewBackedComponent {
    public typealias View = ImageView
    public let image: PlatformImage

    /// Shows `image`.
    public init(_ image: PlatformImage) { self.image = image }

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<ImageView>]) -> any RenderNode {
        let image = self.image
        let natural = CGSize(
            width: sanitizedLength(image.size.width, "width", "Image"),
            height: sanitizedLength(image.size.height, "height", "Image"))
        return ViewNode<ImageView>(size: constraint.clamp(natural), updates: updates, content: ImageContent(image: image, url: nil))
    }
}

/// A placeholder for an image loaded from a URL: a view-backed leaf holding the URL (nothing is
/// fetched). It has no natural size: size it, e.g. `.fill()`.
public struct AsyncImage: ViewBackedComponent {
    public typealias View = ImageView
    public let url: URL

    /// Shows the image at `url`.
    public init(_ url: URL) { self.url = url }

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<ImageView>]) -> any RenderNode {
        ViewNode<ImageView>(size: constraint.minSize, updates: updates, content: ImageContent(image: nil, url: url))
    }
}

/// What an image view shows: an image, or the URL of one.
struct ImageContent: ViewContent {
    let image: PlatformImage?
    let url: URL?

    func configure(_ view: ImageView) {
        view.image = image
        view.url = url
    }

    /// Equal images and URLs. A cell laid out again passes its model's own URL: the same value,
    /// bit for bit, is equal without Foundation's comparison (about 250 instructions a node).
    static func == (lhs: ImageContent, rhs: ImageContent) -> Bool {
        lhs.image == rhs.image && (sameBits(lhs.url, rhs.url) || lhs.url == rhs.url)
    }

    /// Whether the two URLs are the same value (the same storage): a URL equals itself.
    private static func sameBits(_ lhs: URL?, _ rhs: URL?) -> Bool {
        guard MemoryLayout<URL?>.size == MemoryLayout<(UInt, UInt)>.size else { return false }
        return unsafeBitCast(lhs, to: (UInt, UInt).self) == unsafeBitCast(rhs, to: (UInt, UInt).self)
    }
}
