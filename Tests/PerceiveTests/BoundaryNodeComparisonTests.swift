import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A parent's render asks a boundary's new node whether its content equals the node its view
/// showed: read in place when the other node is a boundary's, and never equal to another kind.
@MainActor
@Suite("Boundary nodes compared")
struct BoundaryNodeComparisonTests {
    private struct Card: ComponentBuilder, Equatable {
        let title: String
        func build() -> some Component { Text(title) }
    }

    private struct Untyped: ComponentBuilder {
        let title: String
        func build() -> some Component { Text(title) }
    }

    private func node(_ content: any Component, scrolls: Bool = false) -> BoundaryNode {
        node(sharing: shared(content, scrolls: scrolls))
    }

    private func shared(_ content: any Component, scrolls: Bool = false) -> BoundaryContent {
        BoundaryContent(content: content, environment: EnvironmentValues(), site: CallSite(), width: .fill, height: .fill, scrolls: scrolls)
    }

    private func node(sharing shared: BoundaryContent) -> BoundaryNode {
        BoundaryNode(shared: shared, size: CGSize(width: 10, height: 10))
    }

    @Test func equalContentInTheSameEnvironmentIsEqual() {
        #expect(node(Card(title: "a")).isContentEqual(to: node(Card(title: "a"))))
        #expect(!node(Card(title: "a")).isContentEqual(to: node(Card(title: "b"))))
        #expect(!node(Card(title: "a")).isContentEqual(to: node(Card(title: "a"), scrolls: true)))
        // Content that is not `Equatable` is never equal, even to itself.
        let untyped = Untyped(title: "a")
        #expect(!node(untyped).isContentEqual(to: node(untyped)))
    }

    @Test func nodesOfOneBoundaryValueAreEqualWhateverItsContent() {
        // A parent laid out again without building again: the content is the very same value.
        let untyped = shared(Untyped(title: "a"))
        #expect(node(sharing: untyped).isContentEqual(to: node(sharing: untyped)))
        let typed = shared(Card(title: "a"))
        #expect(node(sharing: typed).isContentEqual(to: node(sharing: typed)))
    }

    @Test func aBoundaryNodeNeverEqualsAnotherKindOfNode() {
        let label = Text("a").layout(Constraint(maxSize: CGSize(width: 10, height: 10)))
        #expect(!node(Card(title: "a")).isContentEqual(to: label))
        #expect(!node(Card(title: "a")).isContentEqual(to: EmptyLayoutNode(size: CGSize(width: 10, height: 10))))
        // Nodes of other classes: read as a boundary's node, they would be taken for one.
        #expect(!node(Card(title: "a")).isContentEqual(to: IDNode(base: node(Card(title: "a")), id: "a")))
        let slot = LayoutSlot(key: SlotKey(path: 0, type: ObjectIdentifier(Card.self), occurrence: 0), serial: -1, parent: nil)
        #expect(!node(Card(title: "a")).isContentEqual(to: slot))
    }

    @Test func aContentTypeFoundIncomparableIsNotAskedAgain() {
        let (first, second) = (shared(Untyped(title: "a")), shared(Untyped(title: "a")))
        #expect(!first.contentIsIncomparable)
        #expect(!node(sharing: second).isContentEqual(to: node(sharing: first)))
        #expect(first.contentIsIncomparable && second.contentIsIncomparable)
        // The next content of that type is known different at once, and remembers it in turn.
        let third = shared(Untyped(title: "a"))
        #expect(!node(sharing: third).isContentEqual(to: node(sharing: second)))
        #expect(third.contentIsIncomparable)
        // Content of an `Equatable` type after it is compared as before, and never marked.
        let card = shared(Card(title: "a"))
        #expect(!node(sharing: card).isContentEqual(to: node(sharing: third)))
        #expect(!card.contentIsIncomparable)
        #expect(node(Card(title: "a")).isContentEqual(to: node(sharing: card)))
        #expect(!node(Card(title: "b")).isContentEqual(to: node(sharing: card)))
        #expect(!card.contentIsIncomparable)
    }
}
