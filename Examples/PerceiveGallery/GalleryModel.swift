import Foundation
import Perceive

/// One picture of the gallery: a coloured block of a fixed height, and its likes.
final class Picture: Perceptible {
    let id: Int
    /// Height in rows (3 to 8), so the waterfall's columns interleave.
    let height: Int
    let color: PlatformColor
    @Perceived var likes = 0

    init(id: Int) {
        self.id = id
        height = 3 + (id * 7) % 6
        // A spread of hues, dark enough for white text.
        let hue = Double((id * 47) % 360) / 60
        let x = 1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(hue) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            case 4: (x, 0, 1)
            default: (1, 0, x)
            }
        color = PlatformColor(red: 0.2 + 0.45 * r, green: 0.2 + 0.45 * g, blue: 0.2 + 0.45 * b)
    }
}

/// The gallery's state: the pictures, the running total, the boundary placement shown, and the
/// status line.
final class GalleryModel: Perceptible {
    let pictures: [Picture]
    @Perceived var totalLikes = 0
    /// Whether the cells use the broken placement (the boundary inside the cell's own `build()`).
    @Perceived var brokenPlacement = false
    @Perceived var status = "Tab: focus · Enter or click: like · PgUp/PgDn/wheel: scroll · b: placement · q: quit"

    init(count: Int) { pictures = (0..<count).map(Picture.init) }

    func like(_ picture: Picture) {
        picture.likes += 1
        totalLikes += 1
    }
}
