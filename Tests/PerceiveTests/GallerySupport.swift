import Foundation
import Perceive
import PerceiveLayout

// The gallery, with only platform types swapped. Two copies of `ImageContainer` reproduce
// the document's working and broken placements of `.perceptionView`.

final class GalleryImage: Perceptible {
    let url: URL
    let size: CGSize
    @Perceived var likes = 0
    init(url: URL, size: CGSize) {
        self.url = url
        self.size = size
    }
}

final class GalleryModel: Perceptible {
    @Perceived var images: [GalleryImage] = []

    init(count: Int) {
        images = (0..<count).map { index in
            GalleryImage(
                url: URL(string: "https://example.com/\(index).jpg")!,
                size: CGSize(width: 100, height: CGFloat(60 + (index * 37) % 90)))
        }
    }
}

struct WorkingGallery: ComponentBuilder {
    let model: GalleryModel

    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in model.images.enumerated() {
                WorkingImageContainer(model: model, image: image, index: index)
                    .perceptionView(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
                    .id(image.url.absoluteString)
            }
        }
    }
}

/// What both placements of the container show: the image, tappable, with its like count on top.
@MainActor
func galleryCell(_ image: GalleryImage) -> some Component {
    AsyncImage(image.url)
        .fill()
        .tappableView { [weak image] in
            image?.likes += 1
        }
        .overlay {
            ZStack(verticalAlignment: .center, horizontalAlignment: .center) {
                Text("\(image.likes)")
                    .textColor(.red)
                    .font(.boldSystemFont(ofSize: 20))
            }
            .fill()
        }
}

struct WorkingImageContainer: ComponentBuilder {
    let model: GalleryModel
    let image: GalleryImage
    let index: Int

    func build() -> some Component {
        galleryCell(image)
    }
}

struct BrokenGallery: ComponentBuilder {
    let model: GalleryModel

    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in model.images.enumerated() {
                BrokenImageContainer(model: model, image: image, index: index)
                    .id(image.url.absoluteString)
            }
        }
    }
}

struct BrokenImageContainer: ComponentBuilder {
    let model: GalleryModel
    let image: GalleryImage
    let index: Int

    func build() -> some Component {
        galleryCell(image)
            .perceptionView(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
    }
}
