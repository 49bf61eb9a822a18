import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A two-child node that leaves a slot with nothing else holding it is kept, its children let go,
/// and made new for the next two-child node; a node anything else holds is never touched.
@MainActor
@Suite("Two-child nodes reused")
struct PairReuseTests {
    private let constraint = Constraint(maxSize: CGSize(width: 100, height: 100))

    private func pair(_ title: String, second: CGSize = CGSize(width: 3, height: 4)) -> ChildPairNode {
        ChildPairNode.make(
            size: CGSize(width: 10, height: 20), Text(title).layout(constraint), at: CGPoint(x: 1, y: 2),
            EmptyLayoutNode(size: second), at: CGPoint(x: 5, y: 6))
    }

    /// What `LayoutSlot.setInner` does with the output it replaces.
    private func keepIfUnshared(_ node: inout any RenderNode) {
        if let pair = ChildPairNode.takeIfUnshared(&node) { ChildPairNode.keep(pair) }
    }

    private func text(_ node: any RenderNode) -> String? {
        guard let label = node.makeView() as? LabelView else { return nil }
        node.updateView(label)
        return label.text
    }

    @Test func aPairNothingElseHoldsIsMadeNewForTheNextPair() throws {
        var node: any RenderNode = pair("a")
        let kept = ObjectIdentifier(try #require(node as? ChildPairNode))
        keepIfUnshared(&node)
        #expect(node is EmptyLayoutNode)
        let made = ChildPairNode.make(
            size: CGSize(width: 30, height: 40), Text("b").layout(constraint), at: CGPoint(x: 7, y: 8),
            EmptyLayoutNode(size: CGSize(width: 9, height: 9)), at: CGPoint(x: 0, y: 11))
        // The same object (kept alive in between: no address reused), every field written again.
        #expect(ObjectIdentifier(made) == kept)
        #expect(made.size == CGSize(width: 30, height: 40))
        #expect(made.positions == [CGPoint(x: 7, y: 8), CGPoint(x: 0, y: 11)])
        #expect(made.children.map(\.size).last == CGSize(width: 9, height: 9))
        #expect(text(made.children[0]) == "b")
        // Taken: the next pair is another object.
        let next = pair("c")
        #expect(next !== made)
    }

    @Test func aPairSomethingElseHoldsIsLeftAsItIs() {
        let held = pair("a")
        var node: any RenderNode = held
        keepIfUnshared(&node)
        let made = pair("b", second: CGSize(width: 8, height: 8))
        #expect(made !== held)
        #expect(held.size == CGSize(width: 10, height: 20))
        #expect(held.positions == [CGPoint(x: 1, y: 2), CGPoint(x: 5, y: 6)])
        #expect(text(held.children[0]) == "a")
        #expect(held.children[1].size == CGSize(width: 3, height: 4))
    }

    @Test func aKeptPairLetsItsChildrenGo() {
        weak var released: BoundaryContent?
        do {
            let shared = BoundaryContent(
                content: EmptyComponent(), environment: EnvironmentValues(), site: CallSite(), width: .fill, height: .fill, scrolls: false)
            released = shared
            var node: any RenderNode = ChildPairNode.make(
                size: CGSize(width: 10, height: 10), BoundaryNode(shared: shared, size: CGSize(width: 10, height: 10)), at: .zero,
                EmptyLayoutNode(size: .zero), at: .zero)
            keepIfUnshared(&node)
        }
        #expect(released == nil)
    }

    private struct TwoLines: ComponentBuilder {
        let model: SharedModel
        func build() -> some Component {
            VStack {
                Text("\(model.value)")
                Text("b")
            }
        }
    }

    @Test func aStackOfTwoKeepsTwoNodeObjectsInTurnAcrossReloads() throws {
        let model = SharedModel()
        let host = makeHost(TwoLines(model: model))
        let engine = host.componentEngine
        func pairInRoot() throws -> ObjectIdentifier {
            let pair = engine.layoutContext.root.withInner { $0 as? ChildPairNode }
            return ObjectIdentifier(try #require(pair))
        }
        var seen = [try pairInRoot()]
        for value in 1...3 {
            model.value = value
            engine.flush()
            seen.append(try pairInRoot())
        }
        // Each reload's pair is the one the reload before let go: two objects, in turn.
        #expect(seen[2] == seen[0] && seen[3] == seen[1] && seen[1] != seen[0])
        #expect((host.subviews.first as? LabelView)?.text == "3")
        #expect(host.subviews.map(\.frame.origin.y) == [0, 21])
    }
}
