import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A parent that reads `model.tick` and passes `model.title` down to a child marked
/// `.equatable()`, which also reads `model.note` itself.
final class MarkedModel: Perceptible {
    @Perceived var tick = 0
    @Perceived var title = "a"
    @Perceived var note = "n"
}

struct MarkedParent: ComponentBuilder {
    let model: MarkedModel
    func build() -> some Component {
        VStack {
            Text("tick \(model.tick)")
            MarkedChild(title: model.title, model: model).equatable().id("child")
        }
    }
}

struct MarkedChild: ComponentBuilder, @MainActor Equatable {
    let title: String
    let model: MarkedModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title && lhs.model === rhs.model }
    func build() -> some Component { Text("\(title) \(model.note)") }
}

/// Modifiers that only spell out something else: `.equatable()`, `.size(_:)` with a `CGSize`, `.fit()`.
@MainActor
@Suite("Modifiers spelled another way")
struct ModifierTests {
    @Test func anEquatableMarkedChildRebuildsOnlyWhenItsValueOrItsOwnReadsChange() {
        let model = MarkedModel()
        let host = makeHost(MarkedParent(model: model))
        host.componentEngine.resetStats()
        model.tick = 1
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["MarkedParent": 1])
        model.title = "b"
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["MarkedParent": 2, "MarkedChild": 1])
        model.note = "m"
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["MarkedParent": 2, "MarkedChild": 2])
        #expect(host.findViews(ofType: LabelView.self).map(\.text) == ["tick 1", "b m"])
    }

    @Test func aSizeGivenAsCGSizeIsBothAbsoluteLengths() {
        let host = makeHost(VStack { Text("wide text").size(CGSize(width: 30, height: 12)) })
        #expect(host.findViews(ofType: LabelView.self).map(\.frame) == [CGRect(x: 0, y: 0, width: 30, height: 12)])
    }

    /// `.fit()` is `.size(width: .fit, height: .fit)`: the label's measured size (three characters
    /// of 8.5 points, one line of 21), not the width a `.fill` axis takes.
    @Test func fitIsTheContentsOwnSizeOnBothAxes() {
        let host = makeHost(
            VStack {
                Text("abc").fit()
                Text("abc").size(width: .fit, height: .fit)
                Text("abc").size(width: .fill, height: .fit)
            })
        #expect(
            host.findViews(ofType: LabelView.self).map(\.frame) == [
                CGRect(x: 0, y: 0, width: 25.5, height: 21), CGRect(x: 0, y: 21, width: 25.5, height: 21),
                CGRect(x: 0, y: 42, width: 300, height: 21)
            ])
    }
}
