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

    /// Equal contents compare their view property updates too, whichever side has them; a node
    /// that is not a view node's (a layout, an empty node) never equals a view node. (The other
    /// node is asked how its content compares, so each side's updates are seen from either one.)
    @Test func equalContentsCompareTheirUpdatesFromEitherSide() {
        let size = CGSize(width: 40, height: 20)
        func caption(_ text: String, alpha: CGFloat?) -> ViewNode<LabelView> {
            ViewNode(size: size, updates: alpha.map { [ViewPropertyUpdate<LabelView>(\.alpha, $0)] } ?? [], content: Caption(text: text))
        }
        let plain = caption("a", alpha: nil)
        let faded = caption("a", alpha: 0.5)
        #expect(plain.isContentEqual(to: caption("a", alpha: nil)))
        #expect(faded.isContentEqual(to: caption("a", alpha: 0.5)))
        #expect(!faded.isContentEqual(to: caption("a", alpha: 0.25)))
        #expect(!plain.isContentEqual(to: faded))
        #expect(!faded.isContentEqual(to: plain))
        #expect(!faded.isContentEqual(to: caption("b", alpha: 0.5)))
        #expect(!plain.isContentEqual(to: EmptyLayoutNode(size: size)))
        #expect(plain._compareContent(with: faded.storage) == .equal)
        #expect(faded._compareContent(with: plain.storage) == .equalWithUpdates)
        #expect(EmptyLayoutNode(size: size)._compareContent(with: plain.storage) == .different)
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

    /// A node with a content and a configuring closure compares by the content; one with a closure
    /// alone never compares equal (its view is configured every time). Both make their view with
    /// their own closure when they have one, and configure it with theirs.
    @Test func closureNodesCompareByTheirContentOnly() {
        let size = CGSize(width: 40, height: 20)
        func typed(_ key: Int, made: Bool) -> ViewNode<LabelView> {
            let make: (@MainActor () -> LabelView)? = made ? Self.madeLabel : nil
            let configure: @MainActor (LabelView) -> Void = { $0.text = "typed \(key)" }
            return ViewNode<LabelView>(size: size, content: key, make: make, configure: configure)
        }
        let showPlain: @MainActor (LabelView) -> Void = { $0.text = "plain" }
        let plain = ViewNode<LabelView>(size: size, configure: showPlain)
        #expect(typed(1, made: false).isContentEqual(to: typed(1, made: true)))
        #expect(!typed(1, made: false).isContentEqual(to: typed(2, made: false)))
        #expect(!plain.isContentEqual(to: ViewNode<LabelView>(size: size, configure: showPlain)))
        #expect(!plain.isContentEqual(to: typed(1, made: false)))
        let made = typed(3, made: true).makeView() as? LabelView
        #expect(made?.text == "made by the node")
        if let made { typed(3, made: true).updateView(made) }
        #expect(made?.text == "typed 3")
        let shown = plain.makeView() as? LabelView
        if let shown { plain.updateView(shown) }
        #expect(shown?.text == "plain")
    }
}
