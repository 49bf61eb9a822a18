import Foundation
import Testing

@testable import Perceive

/// A view node's content decides whether its view is configured again, whatever made the view.
@MainActor
@Suite("View node storage")
struct ViewNodeStorageTests {
    private struct Caption: ViewContent {
        let text: String
        func configure(_ view: LabelView) { view.text = text }
    }

    private func node(_ text: String, made: Bool) -> ViewNode<LabelView> {
        let size = CGSize(width: 40, height: 20)
        return made
            ? ViewNode(size: size, content: Caption(text: text), make: { Self.madeLabel() })
            : ViewNode(size: size, content: Caption(text: text))
    }

    private static func madeLabel() -> LabelView {
        let label = LabelView(frame: .zero)
        label.text = "made by the node"
        return label
    }

    /// Equal contents compare equal with or without a closure that makes the view, in either
    /// order; different contents never do.
    @Test func contentDecidesEqualityWhateverMakesTheView() {
        let pairs = [(false, false), (true, true), (true, false), (false, true)]
        #expect(pairs.map { node("a", made: $0.0).isContentEqual(to: node("a", made: $0.1)) } == [true, true, true, true])
        #expect(pairs.map { node("a", made: $0.0).isContentEqual(to: node("b", made: $0.1)) } == [false, false, false, false])
    }

    /// A node with its own way of making the view uses it; one without gets the class's view.
    @Test func aNodeMakesItsViewWithItsClosureWhenItHasOne() {
        let made = node("a", made: true).makeView() as? LabelView
        let plain = node("a", made: false).makeView() as? LabelView
        #expect(made?.text == "made by the node")
        #expect(plain?.text == "")
        #expect(made?.frame.size == CGSize(width: 40, height: 20))
        #expect(plain?.frame.size == CGSize(width: 40, height: 20))
    }
}
