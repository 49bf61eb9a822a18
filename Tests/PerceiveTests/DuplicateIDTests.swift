import Foundation
import Perceive
import PerceiveLayout
import Testing

@MainActor
@Suite("Duplicate ids")
struct DuplicateIDTests {
    @Test func aGeneratedNameNeverTakesARealID() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = VStack {
            Text("first").id("x")
            Text("second").id("x")
            Text("genuine").id("x#2")
        }
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(host.subviews.compactMap(\.componentID) == ["x", "x#3", "x#2"])
        #expect((host.findView(id: "x#2") as? LabelView)?.text == "genuine")
        #expect((host.findView(id: "x#3") as? LabelView)?.text == "second")
        #expect(
            messages.map(\.text) == [
                "Perceive: duplicate id \"x\" among siblings in the scope of VStack; the repeat was renamed \"x#3\". Give each item a unique .id."
            ])
    }
}
