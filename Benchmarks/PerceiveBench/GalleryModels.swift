import Foundation
import Perceive
import PerceiveLayout

// The gallery in three placements, plus a plain-model copy for the full-reload pattern's
// "rebuild everything" pattern. `BuildCounter` records every container build per image index, so
// counts (and the SVG) are exact.

@MainActor
final class BuildCounter {
    // Unchecked: a counted build would otherwise pay the runtime's exclusivity check (about 150
    // instructions) on top of what the benchmark measures; only the main actor touches it.
    @exclusivity(unchecked) static var counts: [Int] = []
    static func reset(_ count: Int) { counts = Array(repeating: 0, count: count) }
    static func note(_ index: Int) { if index < counts.count { counts[index] += 1 } }
}

final class PerceptionImage: Perceptible {
    let url: URL
    let size: CGSize
    @Perceived var likes = 0
    init(url: URL, size: CGSize) { self.url = url; self.size = size }
}

final class PerceptionModel: Perceptible {
    @Perceived var images: [PerceptionImage] = []
}

/// Aspect ratios from a fixed seed, identical on every machine.
func galleryImages(_ count: Int) -> [(URL, CGSize)] {
    var generator = SplitMix64(seed: 0x5EED)
    return (0..<count).map { index in
        let height = CGFloat(60 + generator.next() % 140)
        return (URL(string: "https://example.com/images/\(index).jpg")!, CGSize(width: 100, height: height))
    }
}

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The cell content shared by every placement: an image, a tap target, a likes label.
@MainActor
func imageCell(url: URL, likes: Int, onTap: @escaping @MainActor () -> Void) -> some Component {
    AsyncImage(url)
        .fill()
        .tappableView(onTap)
        .overlay {
            ZStack(verticalAlignment: .center, horizontalAlignment: .center) {
                Text("\(likes)")
                    .textColor(.red)
                    .font(.boldSystemFont(ofSize: 20))
            }
            .fill()
        }
}

struct CorrectGallery: ComponentBuilder {
    let model: PerceptionModel
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in model.images.enumerated() {
                ImageContainer(image: image, index: index)
                    .perceptionView(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
                    .id(image.url.absoluteString)
            }
        }
    }
}

struct ImageContainer: ComponentBuilder {
    let image: PerceptionImage
    let index: Int
    func build() -> some Component {
        BuildCounter.note(index)
        return imageCell(url: image.url, likes: image.likes) { [weak image] in image?.likes += 1 }
    }
}

struct BrokenGallery: ComponentBuilder {
    let model: PerceptionModel
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in model.images.enumerated() {
                BrokenImageContainer(image: image, index: index).id(image.url.absoluteString)
            }
        }
    }
}

struct BrokenImageContainer: ComponentBuilder {
    let image: PerceptionImage
    let index: Int
    func build() -> some Component {
        BuildCounter.note(index)
        return imageCell(url: image.url, likes: image.likes) { [weak image] in image?.likes += 1 }
            .perceptionView(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
    }
}

/// Plain (unobserved) models: the host rebuilds everything after each change, as in the full-reload pattern.
final class PlainImage {
    let url: URL
    let size: CGSize
    var likes = 0
    init(url: URL, size: CGSize) { self.url = url; self.size = size }
}

final class FullRebuildHost: ComponentScrollView {
    var images: [PlainImage] = [] { didSet { reloadComponent() } }

    func reloadComponent() {
        componentEngine.component = PlainGallery(images: images) { [weak self] in self?.reloadComponent() }
    }
}

struct PlainGallery: ComponentBuilder {
    let images: [PlainImage]
    let changed: @MainActor () -> Void
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in images.enumerated() {
                PlainImageContainer(image: image, index: index, changed: changed)
                    .size(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
                    .id(image.url.absoluteString)
            }
        }
    }
}

struct PlainImageContainer: ComponentBuilder {
    let image: PlainImage
    let index: Int
    let changed: @MainActor () -> Void
    func build() -> some Component {
        BuildCounter.note(index)
        let changed = self.changed
        return imageCell(url: image.url, likes: image.likes) { [weak image] in
            image?.likes += 1
            changed()
        }
    }
}

/// The broken placement with an `Equatable` container: equal containers are not rebuilt.
struct EquatableGallery: ComponentBuilder {
    let model: PerceptionModel
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for (index, image) in model.images.enumerated() {
                EquatableImageContainer(image: image, index: index).id(image.url.absoluteString)
            }
        }
    }
}

struct EquatableImageContainer: ComponentBuilder, @MainActor Equatable {
    let image: PerceptionImage
    let index: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.image === rhs.image && lhs.index == rhs.index }
    func build() -> some Component {
        BuildCounter.note(index)
        return imageCell(url: image.url, likes: image.likes) { [weak image] in image?.likes += 1 }
            .perceptionView(width: .fill, height: .aspectPercentage(image.size.height / image.size.width))
    }
}
