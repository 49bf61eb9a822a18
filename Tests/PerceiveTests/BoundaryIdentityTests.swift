import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A boundary value handed to its boundary again — kept by its parent, or laid out again without
/// a build — is recognised by identity and reloads nothing, whatever its content; a value its
/// parent's `build()` makes anew is handed over as before.
@MainActor
@Suite("Boundary values recognised by identity")
struct BoundaryIdentityTests {
    /// Content that is not `Equatable`: a handoff of a new value always reloads it.
    private struct Caption: ComponentBuilder {
        let model: SharedModel
        func build() -> some Component { Text("caption \(model.value)").id("text") }
    }

    /// A parent reading `label` that shows a boundary it keeps and one its `build()` makes.
    private struct Parent: ComponentBuilder {
        let model: SharedModel
        let kept: PerceptionBoundary<Caption>
        func build() -> some Component {
            VStack {
                Text(model.label)
                kept.id("kept")
                Caption(model: model).perceptionView(width: 100, height: 20).id("made")
            }
        }
    }

    @Test func aKeptValueIsLeftAloneWhenItsParentBuildsAgain() throws {
        let model = SharedModel()
        let kept = Caption(model: model).perceptionView(width: 100, height: 20)
        let host = makeHost(Parent(model: model, kept: kept))
        let (keptView, madeView) = (try #require(host.findView(id: "kept")), try #require(host.findView(id: "made")))
        keptView.componentEngine.resetStats()
        madeView.componentEngine.resetStats()
        model.label = "b"
        host.componentEngine.flush()
        #expect(keptView.componentEngine.stats.reloads == 0)
        #expect(madeView.componentEngine.stats.reloads == 1)
        #expect(madeView.componentEngine.stats.lastReloadCause == .contentChanged)
        // Its own reads still reload it.
        model.value = 1
        host.componentEngine.flush()
        #expect(keptView.componentEngine.stats.reloads == 1)
        #expect((keptView.findView(id: "text") as? LabelView)?.text == "caption 1")
    }

    /// Rows that each show the one caption value their parent keeps.
    private struct CaptionedRows: ComponentBuilder {
        let names: [String]
        let caption: PerceptionBoundary<Caption>
        func build() -> some Component {
            VStack {
                for name in names {
                    VStack {
                        Text(name); caption.id("caption")
                    }.tappableView {}.id(name)
                }
            }
        }
    }

    @Test func aKeptValueInARecycledRowIsHandedOverAgain() throws {
        // The same value, but its boundary's view went through the reuse pool with its row (and
        // stopped observing): identity does not spare it the handoff that resumes it. (The engine
        // compares the content it is handed; this content is not `Equatable`, so it counts as new.)
        let model = SharedModel()
        let caption = Caption(model: model).perceptionView(width: 100, height: 20)
        let host = makeHost(CaptionedRows(names: ["a"], caption: caption))
        let row = try #require(host.findView(id: "a"))
        let boundary = try #require(row.findView(id: "caption"))
        boundary.componentEngine.resetStats()
        host.componentEngine.component = CaptionedRows(names: ["b"], caption: caption)
        host.componentEngine.flush()
        #expect(host.findView(id: "b") === row)
        #expect(boundary.componentEngine.stats.reloads == 1)
        #expect(boundary.componentEngine.stats.lastReloadCause == .contentChanged)
        model.value = 1
        host.componentEngine.flush()
        #expect((boundary.findView(id: "text") as? LabelView)?.text == "caption 1")
    }

    @Test func aBoundaryValueGivesBackWhatItWasMadeWith() {
        let model = SharedModel()
        let boundary = Caption(model: model).perceptionScrollView(width: .fill, height: .absolute(30))
        #expect(boundary.content.model === model)
        #expect(boundary.width == .fill)
        #expect(boundary.height == .absolute(30))
        #expect(boundary.scrolls)
    }

    @Test(arguments: [SizeStrategy.fill, .fit, .absolute(12.5), .percentage(0.25), .aspectPercentage(0.75), .absolute(0)])
    func packedSizesGiveBackEachStrategy(_ strategy: SizeStrategy) {
        let packed = PackedSizes(strategy, .absolute(7))
        #expect(packed.width == strategy)
        #expect(packed.height == .absolute(7))
        #expect(PackedSizes(.fit, strategy).height == strategy)
        #expect(MemoryLayout<PackedSizes>.size == 2 * MemoryLayout<CGFloat>.size + 2)
    }

    @Test func aBoundaryNodeIsHeldInlineWithItsSharedContentFirst() {
        // What the comparison of two nodes reads in place (see `BoundaryNode.isHeldInline`).
        #expect(MemoryLayout<BoundaryNode>.size == 3 * MemoryLayout<UInt>.size)
        #expect(MemoryLayout<BoundaryNode>.alignment == MemoryLayout<UInt>.alignment)
        #expect(SlotBits.holds)
    }
}
