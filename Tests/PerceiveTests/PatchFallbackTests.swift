import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// Whether the list below wraps its row in an id of its own.
final class WrapModel: Perceptible {
    @Perceived var wrapped = true
}

/// A memoized label: its slot is a view leaf.
struct WrappedTag: ComponentBuilder, Equatable {
    func build() -> some Component { Text("tag") }
}

/// A memoized list whose one row is named `1`, inside an id `cell` while wrapped. A full-width line
/// keeps the list's size the same either way, so that a change of `wrapped` stays in place and the
/// engine first tries to patch the list where it was rendered.
struct WrapList: ComponentBuilder, @MainActor Equatable {
    let model: WrapModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component {
        VStack {
            Space(width: 300, height: 1)
            if model.wrapped {
                WrappedTag().id(1).centered().id("cell")
            } else {
                WrappedTag().id(1).centered()
            }
        }
    }
}

/// A patch of a slot that changed in place checks its items against the views they had before it
/// touches anything; when they differ, the full render that follows must find every record as the
/// last render left it.
@MainActor
@Suite("A patch that does not apply")
struct PatchFallbackTests {
    private func shown(wrapped: Bool) -> String {
        let model = WrapModel()
        model.wrapped = wrapped
        return makeHost(WrapList(model: model)).dump()
    }

    @Test func aRowWhoseKeyChangedIsShownUnderItsNewKey() {
        let model = WrapModel()
        let host = makeHost(WrapList(model: model))
        #expect(host.findViews(ofType: LabelView.self).map(\.componentID) == ["cell/1"])
        model.wrapped = false
        host.componentEngine.flush()
        #expect(host.findViews(ofType: LabelView.self).map(\.componentID) == ["1"])
        #expect(host.dump() == shown(wrapped: false))
        model.wrapped = true
        host.componentEngine.flush()
        #expect(host.findViews(ofType: LabelView.self).map(\.componentID) == ["cell/1"])
        #expect(host.dump() == shown(wrapped: true))
    }
}
