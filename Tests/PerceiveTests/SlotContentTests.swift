import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A caption shown by one of two builder types under the same id.
private final class SwitchedCaption: Perceptible {
    @Perceived var text = "a"
    @Perceived var second = false
}

private struct FirstCaption: ComponentBuilder, @MainActor Equatable {
    let caption: SwitchedCaption
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.caption === rhs.caption }
    func build() -> some Component { Text(caption.text).size(width: 60, height: 20) }
}

private struct SecondCaption: ComponentBuilder, @MainActor Equatable {
    let caption: SwitchedCaption
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.caption === rhs.caption }
    func build() -> some Component { Text(caption.text).size(width: 60, height: 20) }
}

private struct CaptionSwitch: ComponentBuilder {
    let caption: SwitchedCaption
    func build() -> some Component {
        VStack {
            if caption.second { SecondCaption(caption: caption).id("caption") } else { FirstCaption(caption: caption).id("caption") }
        }
    }
}

/// A view-leaf slot tells render whether its content changed since it configured its view by a
/// content version, not by keeping the node it configured it from: a view that another slot
/// configured (the same id, another builder) is compared with that slot's node.
@MainActor
@Suite("Slot content")
struct SlotContentTests {
    private func makeHost(_ caption: SwitchedCaption) -> ComponentView {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        host.componentEngine.component = CaptionSwitch(caption: caption)
        host.componentEngine.flush()
        host.componentEngine.resetSubtreeStats()
        return host
    }

    private func label(in host: ComponentView) -> LabelView? { host.findView(id: "caption") as? LabelView }

    /// Equal content (the same text) leaves the view untouched; other content updates it. Either
    /// way the view is kept, compared once, and shows the text.
    @Test(arguments: [("a", 0), ("b", 1)])
    func anotherBuilderUnderTheSameIdIsComparedWithWhatTheViewShows(text: String, updates: Int) throws {
        let caption = SwitchedCaption()
        let host = makeHost(caption)
        let before = try #require(label(in: host))
        caption.second = true
        caption.text = text
        host.componentEngine.flush()
        let stats = host.componentEngine.subtreeStats
        #expect(stats.builds == 2)
        #expect(stats.nodesCompared == 1)
        #expect(stats.viewsUpdated == updates)
        #expect(label(in: host) === before)
        #expect(before.text == text)
    }

    @Test func contentChangedAndChangedBackShowsTheLatestEveryTime() throws {
        let caption = SwitchedCaption()
        let host = makeHost(caption)
        let view = try #require(label(in: host))
        for text in ["b", "a", "a", "c", "a"] {
            caption.text = text
            host.componentEngine.flush()
            #expect(view.text == text)
        }
        #expect(label(in: host) === view)
        // Four changes of content (the repeated "a" is an equal write, which reloads nothing).
        #expect(host.componentEngine.subtreeStats.viewsUpdated == 4)
    }
}
