import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Whether every size and position in `node`'s tree is finite.
@MainActor
func allFrames(_ node: any RenderNode, finite: Bool = true) -> Bool {
    let own =
        node.size.width.isFinite && node.size.height.isFinite
        && node.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    return own && node.children.allSatisfy { allFrames($0) }
}

@MainActor
@Suite("Hostile input")
struct HostileInputTests {
    @Test func aHugeWidthOrATinyFontMeasuresWithoutTrapping() {
        let line = #line + 1
        let (wide, wideMessages) = Diagnostics.capture { layout(Text("a").size(width: .absolute(1e20), height: .absolute(20))) }
        #expect(wide.size == CGSize(width: 1_000_000_000, height: 20))
        #expect(
            wideMessages.map(\.text) == [
                "Perceive: .size(…) on Text at \(#fileID):\(line): absolute size 1e+20 exceeds the largest length (1000000000) and was lowered to it."
            ])
        let (tiny, tinyMessages) = Diagnostics.capture { layout(Text("hi").font(.systemFont(ofSize: 1e-20))) }
        #expect(allFrames(tiny))
        #expect(tiny.size.height == 1)
        #expect(tinyMessages.isEmpty)
        let (huge, hugeMessages) = Diagnostics.capture { layout(Text("hi").font(.systemFont(ofSize: 1e300)), width: .infinity) }
        #expect(huge.size == CGSize(width: 1_000_000_000, height: 1_000_000_000))
        #expect(hugeMessages.map(\.text) == ["Perceive: invalid font size 1e+300 was replaced by 1000000000."])
    }

    @Test func dumpPrintsHugeFramesInScientificNotation() {
        let view = PlatformView(frame: CGRect(x: 1e20, y: -1e300, width: 12.5, height: 1e15))
        #expect(view.dump() == "PlatformView (1e+20, -1e+300, 12.5, 1e+15)")
    }

    @Test func waterfallColumnsAreClampedFromBothSides() {
        let line = #line + 2
        let (node, messages) = Diagnostics.capture {
            layout(Waterfall(columns: .max) { Space().size(width: .fill, height: 10) }, width: 2_000)
        }
        #expect(node.children.map(\.size) == [CGSize(width: 2, height: 10)])
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: Waterfall at \(#fileID):\(line): column count 9223372036854775807 is outside 1…1000; 1000 is used."
            ])
    }

    @Test func finiteInputsNearTheLargestDoubleGiveFiniteFrames() {
        let big = CGFloat.greatestFiniteMagnitude
        let (node, messages) = Diagnostics.capture {
            layout(
                VStack(spacing: big) {
                    Space(width: big, height: big)
                    Space(width: big, height: big).inset(big)
                    Space().size(width: .percentage(big), height: .aspectPercentage(big))
                    Text("x").font(.systemFont(ofSize: big)).frame(width: big, height: big)
                }, width: big, height: big)
        }
        #expect(allFrames(node))
        #expect(node.size.width <= 3 * Constraint.maximumLength)
        #expect(!messages.isEmpty)
        #expect(messages.allSatisfy { $0.text.contains("1000000000") })
    }
}
