import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A perception boundary under `.id(_:)` carries the id in its own node (no id node around it):
/// its view is found by that id, repeats are renamed as for any id, and other components are
/// still named by a wrapper.
@MainActor
@Suite("Identified boundaries")
struct IdentifiedBoundaryTests {
    private struct Cell: ComponentBuilder {
        let model: SharedModel
        let name: String
        func build() -> some Component { Text("\(name) \(model.value)").id("text") }
    }

    @Test func aBoundaryUnderAnIdCarriesItInItsOwnNode() throws {
        let model = SharedModel()
        let host = makeHost(
            VStack {
                Cell(model: model, name: "a").perceptionView(width: 100, height: 20).id("first")
                Cell(model: model, name: "b").perceptionView(width: 100, height: 20).id("second")
                Text("plain").id("label")
            })
        let stack = try #require(host.componentEngine.rootNode)
        let children = stack.children
        #expect(children.count == 3)
        let boundaries = children.prefix(2).map { $0 as? BoundaryNode }
        #expect(boundaries.map { $0?.id } == ["first", "second"])
        #expect(children.prefix(2).allSatisfy { if case .none = $0._wrapping.kind { true } else { false } })
        // Any other component under an id is still wrapped.
        #expect(children[2] is IDNode)
        #expect(host.subviews.compactMap(\.componentID) == ["first", "second", "label"])
        #expect(host.findView(id: "first") is PerceptionHostView)
        #expect((host.findView(id: "second")?.findView(id: "text") as? LabelView)?.text == "b 0")
        model.value = 1
        host.componentEngine.flush()
        #expect((host.findView(id: "first")?.findView(id: "text") as? LabelView)?.text == "a 1")
    }

    @Test func repeatedBoundaryIdsAreRenamedLikeAnyOther() {
        let model = SharedModel()
        quietly {
            let host = makeHost(
                VStack {
                    Cell(model: model, name: "a").perceptionView(width: 100, height: 20).id("x")
                    Cell(model: model, name: "b").perceptionView(width: 100, height: 20).id("x")
                })
            #expect(host.subviews.compactMap(\.componentID) == ["x", "x#2"])
            #expect((host.findView(id: "x#2")?.findView(id: "text") as? LabelView)?.text == "b 0")
        }
    }

    @Test func oneBoundaryValueUnderTwoIdsKeepsBoth() throws {
        let model = SharedModel()
        let boundary = Cell(model: model, name: "a").perceptionView(width: 100, height: 20)
        let host = makeHost(
            VStack {
                boundary.id("left")
                boundary.id("right")
                boundary
            })
        let children = try #require(host.componentEngine.rootNode).children
        #expect(children.map { ($0 as? BoundaryNode)?.id } == ["left", "right", nil])
        // The third, under no id, is named by its place.
        #expect(host.subviews.compactMap(\.componentID) == ["left", "right", "2"])
        #expect((host.findView(id: "right")?.findView(id: "text") as? LabelView)?.text == "a 0")
        // Laid out again without building again (a new width), each keeps its id, its view and its
        // content, the very value it had: none reloads.
        let views = host.subviews
        for view in views { view.componentEngine.resetStats() }
        host.componentEngine.resetStats()
        host.frame.size.width = 200
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.layouts == 1)
        #expect(host.subviews.compactMap(\.componentID) == ["left", "right", "2"])
        #expect(zip(host.subviews, views).allSatisfy { $0 === $1 })
        #expect(views.map { $0.componentEngine.stats.reloads } == [0, 0, 0])
    }

    private struct Caption: ComponentBuilder, Equatable {
        let title: String
        func build() -> some Component { Text(title) }
    }

    /// Two fitting boundaries under ids, in an order the source decides.
    private struct FittingPair: ComponentBuilder {
        let order: SharedModel
        func build() -> some Component {
            VStack {
                for title in order.value == 0 ? ["a", "b"] : ["b", "a"] {
                    Caption(title: title).perceptionView(width: .fit, height: .fit).id(title)
                }
            }
        }
    }

    @Test func aFittingBoundaryUnderAnIdMeasuresItsContentInTheIdsPlace() {
        // The parent measures a fitting boundary's content in its own layout: the content's slots
        // there are placed by the id, as anything under the id is, so that swapped boundaries find
        // their measured content again instead of building it anew at each other's place.
        let order = SharedModel()
        let host = makeHost(FittingPair(order: order))
        #expect(host.subviews.compactMap(\.componentID) == ["a", "b"])
        let views = host.subviews
        host.componentEngine.resetStats()
        order.value = 1
        host.componentEngine.flush()
        #expect(host.subviews.compactMap(\.componentID) == ["b", "a"])
        #expect(host.subviews[0] === views[1] && host.subviews[1] === views[0])
        // The pair's own build only; both captions measured as they were.
        #expect(host.componentEngine.stats.builds == 1)
        #expect(host.componentEngine.stats.buildsSkipped == 2)
        #expect(host.subviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 8.5, height: 21), CGRect(x: 0, y: 21, width: 8.5, height: 21)])
    }
}
