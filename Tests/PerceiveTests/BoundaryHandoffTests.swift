import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// How often a caption (either kind below) was compared.
private nonisolated(unsafe) var captionComparisons = 0

/// A boundary's content that counts how often it is compared.
private struct CountedCaption: ComponentBuilder, Equatable {
    let text: String

    func build() -> some Component { Text(text) }

    nonisolated static func == (a: CountedCaption, b: CountedCaption) -> Bool {
        captionComparisons += 1
        return a.text == b.text
    }
}

private final class CaptionModel: Perceptible {
    @Perceived var caption = "first"
    @Perceived var title = "title"
}

/// A parent reading both properties: its caption goes to the boundary, its title stays its own.
private struct CaptionParent: ComponentBuilder {
    let model: CaptionModel
    func build() -> some Component {
        VStack {
            Text(model.title)
            CountedCaption(text: model.caption).perceptionView(width: 100, height: 20).id("caption")
        }
    }
}

/// A caption that shows the accent in effect where its boundary is laid out, and counts how often
/// it is compared (its text only).
private struct AccentedCaption: ComponentBuilder, Equatable {
    @Environment(\.accent) var accent
    let text: String

    func build() -> some Component { Text("\(text) \(accent)") }

    nonisolated static func == (a: AccentedCaption, b: AccentedCaption) -> Bool {
        captionComparisons += 1
        return a.text == b.text
    }
}

/// Makes the boundary, which copies the environment in effect while this builds.
private struct AccentedCaptionHolder: ComponentBuilder {
    let text: String
    func build() -> some Component { AccentedCaption(text: text).perceptionView(width: 100, height: 20).id("caption") }
}

/// A parent that hands its boundary the caption, under its title as the accent.
private struct AccentParent: ComponentBuilder {
    let model: CaptionModel
    func build() -> some Component {
        VStack { AccentedCaptionHolder(text: model.caption).environment(\.accent, model.title) }
    }
}

@MainActor
@Suite("Boundary content handoff")
struct BoundaryHandoffTests {
    private func caption(in host: PlatformView) -> PlatformView? { host.findView(id: "caption") }

    /// A host showing `parent` (by default, `model` through `CaptionParent`), flushed, and its
    /// boundary's view, with the boundary's counts and the comparison count zeroed.
    private func shown(_ model: CaptionModel, in parent: (any Component)? = nil) throws -> (host: ComponentView, boundary: PlatformView) {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.componentEngine.component = parent ?? CaptionParent(model: model)
        host.componentEngine.flush()
        let boundary = try #require(caption(in: host))
        boundary.componentEngine.resetStats()
        captionComparisons = 0
        return (host, boundary)
    }

    /// The parent's render finds the new content different; the boundary's engine takes it without
    /// comparing it again, and reloads once to show it. (The second comparison is the boundary's
    /// root builder asking whether it may keep its previous body: an `Equatable` builder's memo.)
    @Test func changedContentIsComparedByRenderAndRootOnlyAndReloadsTheBoundaryOnce() throws {
        let model = CaptionModel()
        let (host, boundary) = try shown(model)
        model.caption = "second"
        host.componentEngine.flush()
        #expect(captionComparisons == 2)
        #expect(boundary.componentEngine.stats.reloads == 1)
        #expect(boundary.componentEngine.stats.lastReloadCause == .contentChanged)
        #expect((boundary.subviews.first as? LabelView)?.text == "second")
    }

    /// Equal content handed over again (the parent reloaded for its own title) is compared once
    /// and leaves the boundary alone.
    @Test func equalContentIsComparedOnceAndDoesNotReloadTheBoundary() throws {
        let model = CaptionModel()
        let (host, boundary) = try shown(model)
        model.title = "another title"
        host.componentEngine.flush()
        #expect(captionComparisons == 1)
        #expect(boundary.componentEngine.stats.reloads == 0)
        #expect((boundary.subviews.first as? LabelView)?.text == "first")
    }

    /// Equal content in a changed environment: the content is compared once in all (by the parent's
    /// render, which finds the environment changed and hands both over), the root builder —
    /// `Equatable`, but under new values — builds without being asked whether it is equal, and one
    /// reload shows the new accent.
    @Test func equalContentInAChangedEnvironmentIsComparedOnceAndReloadsTheBoundaryOnce() throws {
        let model = CaptionModel()
        let (host, boundary) = try shown(model, in: AccentParent(model: model))
        #expect((boundary.subviews.first as? LabelView)?.text == "first title")
        model.title = "red"
        host.componentEngine.flush()
        #expect(captionComparisons == 1)
        #expect(boundary.componentEngine.stats.reloads == 1)
        #expect(boundary.componentEngine.stats.lastReloadCause == .contentChanged)
        #expect((boundary.subviews.first as? LabelView)?.text == "first red")
        #expect(caption(in: host) === boundary)
    }

    /// A row whose view went to the reuse pool and comes back for another row with equal caption
    /// content: its boundary's view is kept inside the row's, its engine (detached in the pool)
    /// takes the content again and resumes, reloading once as a reused view — the render does not
    /// take an equal content as changed.
    @Test func aBoundaryInARecycledRowResumesWithEqualContent() throws {
        struct Rows: ComponentBuilder {
            let names: [String]
            func build() -> some Component {
                VStack {
                    for name in names {
                        VStack {
                            Text(name)
                            CountedCaption(text: "same").perceptionView(width: 100, height: 20).id("caption")
                        }
                        .tappableView {}
                        .id(name)
                    }
                }
            }
        }
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.componentEngine.component = Rows(names: ["a"])
        host.componentEngine.flush()
        let row = try #require(host.findView(id: "a"))
        let boundary = try #require(caption(in: row))
        boundary.componentEngine.resetStats()
        host.componentEngine.component = Rows(names: ["b"])
        host.componentEngine.flush()
        // The same row view, and inside it the same boundary view, now showing row "b".
        #expect(host.findView(id: "b") === row)
        #expect(caption(in: row) === boundary)
        #expect(boundary.componentEngine.stats.reloads == 1)
        #expect(boundary.componentEngine.stats.lastReloadCause == .reattached)
        #expect((boundary.subviews.first as? LabelView)?.text == "same")
    }

    /// Content changed and changed back before the parent renders again is equal to what the
    /// boundary shows: compared once, not handed over, and the boundary is not reloaded; a real
    /// change after it is shown.
    @Test func contentChangedBackBeforeARenderLeavesTheBoundaryAlone() throws {
        let model = CaptionModel()
        let (host, boundary) = try shown(model)
        model.caption = "second"
        model.caption = "first"
        host.componentEngine.flush()
        #expect(captionComparisons == 1)
        #expect(boundary.componentEngine.stats.reloads == 0)
        #expect((boundary.subviews.first as? LabelView)?.text == "first")
        model.caption = "third"
        host.componentEngine.flush()
        #expect(boundary.componentEngine.stats.reloads == 1)
        #expect((boundary.subviews.first as? LabelView)?.text == "third")
        #expect(caption(in: host) === boundary)
    }
}
