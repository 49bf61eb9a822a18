// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Testing
import Foundation
import PerceiveLayout

// The README's example, compiled and checked (see `DocsExamplesTests`).

final class Picture: Perceptible {
    let id: Int
    @Perceived var likes = 0
    init(id: Int) { self.id = id }
}

struct Tile: ComponentBuilder {
    let picture: Picture
    func build() -> some Component {
        Text("♥ \(picture.likes)").fill().tappableView { [weak picture] in picture?.likes += 1 }
    }
}

struct Wall: ComponentBuilder {
    let pictures: [Picture]
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for picture in pictures {
                Tile(picture: picture).perceptionView(width: .fill, height: 120).id(picture.id)
            }
        }
    }
}

@MainActor
@Suite("README example")
struct DocsReadmeExamples {
    @Test func readmeExample() {
        let wall = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        wall.componentEngine.component = Wall(pictures: (0..<10_000).map(Picture.init))
        wall.componentEngine.flush()
        wall.tap(id: "3")              // the nearest view with id "3", then the first tappable in it
        wall.componentEngine.flush()   // one Tile.build(), in tile 3's own scope; Wall does not rebuild
        #expect(wall.componentEngine.stats.builds == 1)
        #expect(wall.findView(id: "3")?.componentEngine.stats.builds == 2)
        #expect((wall.findView(id: "3")?.findViews(ofType: LabelView.self).first)?.text == "♥ 1")
        // Only the visible tiles exist: 844 / 121 rounded up, times two columns.
        #expect(wall.findViews(ofType: PerceptionHostView.self).count == 14)
    }
}
