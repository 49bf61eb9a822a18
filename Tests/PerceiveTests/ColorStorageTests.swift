import Foundation
import Testing

@testable import Perceive

/// Views keep their colors behind a reference (`ColorBox`): what is set reads back exactly, named
/// colors share one box, and setting the color a view has keeps its box.
@MainActor
@Suite("Color storage")
struct ColorStorageTests {
    @Test func colorsReadBackExactly() {
        let label = LabelView(frame: .zero)
        #expect(label.textColor == .black)
        #expect(label.backgroundColor == nil)
        let odd = PlatformColor(red: 0.1, green: 0.2, blue: 0.30000000000000004, alpha: 0.5)
        label.textColor = odd
        label.backgroundColor = .red
        #expect(label.textColor == odd)
        #expect(label.textColor.name == nil)
        #expect(label.backgroundColor == .red)
        #expect(label.backgroundColor?.name == "red")
        label.backgroundColor = nil
        #expect(label.backgroundColor == nil)
        // Same components, another name: a different color.
        let unnamedBlack = PlatformColor(red: 0, green: 0, blue: 0, alpha: 1)
        label.textColor = unnamedBlack
        #expect(label.textColor == unnamedBlack)
        #expect(label.textColor != .black)
    }

    @Test func namedColorsShareABoxAndAnEqualColorKeepsItsBox() {
        #expect(ColorBox.holding(.gray) === ColorBox.holding(.gray))
        #expect(ColorBox.holding(.black) === ColorBox.black)
        let custom = PlatformColor(red: 0.25, green: 0.5, blue: 0.75)
        #expect(ColorBox.holding(custom) !== ColorBox.holding(custom))
        #expect(ColorBox.holding(custom).holds(custom))
        #expect(!ColorBox.holding(custom).holds(PlatformColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.9)))
    }

    @Test func showingTheColorALabelHasLeavesItsDisplayAlone() {
        let label = LabelView(frame: .zero)
        let custom = PlatformColor(red: 0.25, green: 0.5, blue: 0.75)
        label.showTextColor(custom)
        #expect(label.textColor == custom)
        let revision = label.displayRevision
        label.showTextColor(PlatformColor(red: 0.25, green: 0.5, blue: 0.75))
        #expect(label.displayRevision == revision)
        label.showTextColor(.red)
        #expect(label.textColor == .red)
        #expect(label.displayRevision != revision)
    }

    @Test func everySetStillMarksTheDisplayChanged() {
        let view = PlatformView(frame: .zero)
        let before = view.displayRevision
        view.backgroundColor = nil
        let afterNil = view.displayRevision
        #expect(afterNil != before)
        view.backgroundColor = .blue
        #expect(view.displayRevision != afterNil)
    }
}
