import Foundation
import Perceive
import PerceiveLayout
import Testing

final class LikeItem: Perceptible {
    let id: Int
    @Perceived var likes = 0
    init(id: Int) { self.id = id }
}

final class LikeModel: Perceptible {
    @Perceived var items: [LikeItem] = (0..<3).map(LikeItem.init)
}

/// Memoized: an equal row is reused as it is, views and all.
struct LikeRow: ComponentBuilder, @MainActor Equatable {
    let item: LikeItem
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item === rhs.item }
    func build() -> some Component {
        Text("♥ \(item.likes)").tappableView { [item] in item.likes += 1 }
    }
}

struct LikeList: ComponentBuilder {
    let model: LikeModel
    func build() -> some Component {
        VStack {
            for item in model.items { LikeRow(item: item).perceptionView(width: .fill, height: 20).id(item.id) }
        }
    }
}

/// A view that went through the reuse pool lost its handlers; when it comes back showing a
/// memoized row that was not rebuilt, the row's handlers are set again.
@MainActor
@Suite("Reused views get their handlers back")
struct ReusedViewHandlerTests {
    @Test func aRowThatLeavesAndComesBackCanStillBeTapped() {
        let model = LikeModel()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        host.componentEngine.component = LikeList(model: model)
        host.componentEngine.flush()
        let first = model.items[0]
        model.items.removeFirst()
        host.componentEngine.flush()
        model.items.insert(first, at: 0)
        host.componentEngine.flush()
        #expect(host.tap(id: "0"))
        host.componentEngine.flush()
        #expect(first.likes == 1)
        #expect(host.dump().contains("tappable(no action)") == false)
        #expect((host.findView(id: "0")?.findViews(ofType: LabelView.self).first)?.text == "♥ 1")
    }
}
