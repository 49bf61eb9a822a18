import Foundation
import PerceiveLayout
import Testing

/// A measurer giving every string a fixed size, to show that `Text` asks the environment.
struct FixedMeasurer: TextMeasurer {
    func measure(_ text: String, font: Font, maxWidth: CGFloat, maxLines: Int) -> CGSize { CGSize(width: 42, height: 7) }
}

@MainActor
@Suite("Text")
struct TextTests {
    @Test func defaultMeasurerIsFixedAdvanceAndLineHeight() {
        #expect(layout(Text("Hello")).size == CGSize(width: 42.5, height: 21))
        #expect(layout(Text("Hello").font(.boldSystemFont(ofSize: 20))).size == CGSize(width: 55, height: 24))
        #expect(Font.systemFont(ofSize: 17).lineHeight == 21)
    }

    @Test func wrapsAtWordsAndLimitsLines() {
        // 10 pt text advances 5 pt per character: 40 pt fit 8 characters.
        let text = Text("one two three four").font(.systemFont(ofSize: 10))
        #expect(layout(text, width: 40).size == CGSize(width: 35, height: 36))
        #expect(layout(text.numberOfLines(2), width: 40).size == CGSize(width: 35, height: 24))
        #expect(layout(Text("abcdefghijkl").font(.systemFont(ofSize: 10)), width: 40).size == CGSize(width: 40, height: 24))
        #expect(layout(Text("a\nbc").font(.systemFont(ofSize: 10))).size == CGSize(width: 10, height: 24))
    }

    @Test func oneLineIsMeasuredAsTheWrappedTextIs() {
        // 10 pt text, 40 pt wide: 8 characters fit. A line of exactly 8 stays one line; one more
        // character wraps (by character: no space), as does a space at the edge.
        let measurer = MonospacedTextMeasurer()
        let font = Font.systemFont(ofSize: 10)
        func size(_ text: String, lines: Int = 0) -> CGSize { measurer.measure(text, font: font, maxWidth: 40, maxLines: lines) }
        #expect(size("") == CGSize(width: 0, height: 12))
        #expect(size("12") == CGSize(width: 10, height: 12))
        #expect(size("abcdefgh") == CGSize(width: 40, height: 12))
        #expect(size("abcdefghi") == CGSize(width: 40, height: 24))
        #expect(size("abcdefghi", lines: 1) == CGSize(width: 40, height: 12))
        #expect(size("abcd efgh") == CGSize(width: 20, height: 24))
        #expect(size("ab\n") == CGSize(width: 10, height: 24))
        #expect(size("née") == CGSize(width: 15, height: 12))
        #expect(size("12", lines: 1) == size("12", lines: 0))
    }

    @Test func measurerComesFromTheEnvironment() {
        let node = layout(Text("anything").environment(\.textMeasurer, FixedMeasurer()))
        #expect(node.size == CGSize(width: 42, height: 7))
    }

    @Test func aReconfiguredLabelShowsExactlyItsNewContent() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let bold = Font.boldSystemFont(ofSize: 20)
        let steps: [(Text, String)] = [
            (Text("Hi").textColor(.red).font(bold).numberOfLines(1), #"text="Hi" font=bold 20 color=red lines=1"#),
            (Text("Hi").textColor(.blue).font(bold).numberOfLines(1), #"text="Hi" font=bold 20 color=blue lines=1"#),
            (Text("Hi").textColor(.blue).font(bold).numberOfLines(2), #"text="Hi" font=bold 20 color=blue lines=2"#),
            (Text("Ho").textColor(.blue).font(bold).numberOfLines(2), #"text="Ho" font=bold 20 color=blue lines=2"#),
            (Text("Ho"), #"text="Ho""#)
        ]
        for (text, attributes) in steps {
            view.componentEngine.component = text
            view.componentEngine.flush()
            let label = view.subviews.first as? LabelView
            #expect(label.map { $0.dumpAttributes.joined(separator: " ") } == attributes)
        }
        #expect(view.componentEngine.stats.viewsCreated == 1)
    }

    @Test func labelsShowTheirContent() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.componentEngine.component = Text("Hi").textColor(.red).font(.boldSystemFont(ofSize: 20)).numberOfLines(1)
        view.componentEngine.flush()
        #expect(
            view.dump() == """
                ComponentView (0, 0, 200, 100)
                  LabelView #root (0, 0, 22, 24) text="Hi" font=bold 20 color=red lines=1
                """)
    }
}
