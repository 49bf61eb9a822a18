import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

extension GlobalCheckingState {
    @MainActor
    @Suite("Diagnostics")
    struct DiagnosticsTests {
        func tap(_ index: Int, _ model: GalleryModel, in host: PlatformView) {
            host.findView(id: model.images[index].url.absoluteString)?.findViews(ofType: TappableView.self).first?.tap()
        }

        @Test func reloadLogSaysWhichScopeReloadedWhyAndAtWhatCost() {
            let model = GalleryModel(count: 3)
            let host = makeHost(WorkingGallery(model: model), width: 390, height: 2_000, scrolls: true)
            let log = ReloadLog.start()
            defer { ReloadLog.stop() }
            tap(1, model, in: host)
            host.componentEngine.flush()
            #expect(
                log.entries == [
                    ReloadLog.Entry(
                        scope: "WorkingImageContainer", cause: "GalleryImage.likes", builds: ["WorkingImageContainer": 1], buildsSkipped: 0,
                        layouts: 1, viewsCreated: 0, viewsUpdated: 1, viewsRemoved: 0, viewsMoved: 0)
                ])
            #expect(
                log.dump() == """
                    flush 1: 1 reload
                      WorkingImageContainer ← GalleryImage.likes: builds [WorkingImageContainer ×1], 1 layout, views +0 ~1 -0 ↕0
                    """)
        }

        @Test func aDebugBuildsFirstRunOfTheBrokenGalleryPrintsTheFix() {
            // Nothing set: the options a build starts with.
            #if DEBUG
                #expect(Diagnostics.options == Diagnostics.Options.debugDefault)
                #expect(Diagnostics.Options.debugDefault == [.wastedRebuilds, .environmentOrdering, .untrackedReads])
            #else
                #expect(Diagnostics.options == [])
            #endif
            let model = GalleryModel(count: 51)
            let host = makeHost(BrokenGallery(model: model), width: 390, height: 20_000, scrolls: true)
            let (_, messages) = Diagnostics.capture {
                tap(7, model, in: host)
                host.componentEngine.flush()
            }
            let fix =
                "Perceive: BrokenImageContainer was built 51× when BrokenGallery reloaded for GalleryImage.likes, and 50 of those builds read nothing that changed. BrokenImageContainer reads GalleryImage.likes in build(): apply .perceptionView to BrokenImageContainer where it is used, so that each one reloads on its own."
            #if DEBUG
                #expect(messages.first?.text == fix)
            #else
                #expect(messages.isEmpty)
            #endif
        }

        @Test func wastedBuildsInTheParentScopeAreReportedWithTheFix() {
            let model = GalleryModel(count: 5)
            let host = makeHost(BrokenGallery(model: model), width: 390, height: 2_000, scrolls: true)
            let (_, messages) = Diagnostics.capture {
                withOptions(.wastedRebuilds) {
                    tap(2, model, in: host)
                    host.componentEngine.flush()
                }
            }
            #expect(
                messages.filter { $0.category == .wastedRebuild }.map(\.text).first
                    == "Perceive: BrokenImageContainer was built 5× when BrokenGallery reloaded for GalleryImage.likes, and 4 of those builds read nothing that changed. BrokenImageContainer reads GalleryImage.likes in build(): apply .perceptionView to BrokenImageContainer where it is used, so that each one reloads on its own."
            )
            // The boundaries whose equal-looking content was pushed again changed nothing either.
            #expect(messages.filter { $0.text.hasPrefix("Perceive: the scope of tappable AsyncImage") }.count == 4)
            #expect(
                messages.contains {
                    $0.text
                        == "Perceive: the scope of tappable AsyncImage (the boundary at PerceiveTests/GallerySupport.swift:92) reloaded because its parent handed it new content, and nothing on screen changed. Give the boundary Equatable content (an Equatable builder) so that equal content does not reload it, or apply .perceptionView where the builder that creates it is used."
                })
        }

        @Test func theWorkingPlacementReportsNothing() {
            let model = GalleryModel(count: 5)
            let host = makeHost(WorkingGallery(model: model), width: 390, height: 2_000, scrolls: true)
            let (_, messages) = Diagnostics.capture {
                withOptions(.all) {
                    tap(2, model, in: host)
                    host.componentEngine.flush()
                }
            }
            #expect(messages.isEmpty)
        }

        @Test func environmentValueSetOutsideABoundaryIsReportedOncePerCallSite() {
            EnvironmentOrdering.reset()
            let controller = ScreenController(name: "Home")
            let line = #line + 4
            let (_, messages) = Diagnostics.capture {
                withOptions(.environmentOrdering) {
                    for _ in 0..<2 {
                        _ = makeHost(Screen().perceptionScrollViewFill().environment(\.viewControllerReference, WeakReference(controller)))
                    }
                }
            }
            let site = "PerceiveTests/DiagnosticsTests.swift:\(line)"
            #expect(
                messages.map(\.text) == [
                    "Perceive: the environment value \\.viewControllerReference (stored under ViewControllerKey, a WeakReference<ScreenController>) is set at \(site) around a perception boundary, so Screen never sees it: the boundary captured the environment when its modifier was called. Set the value before the boundary modifier, e.g. Screen().environment(…).perceptionView(…), or create the boundary inside a ComponentBuilder that is itself inside the value."
                ])
        }

        @Test func componentBuiltFromUntrackedReadsIsReported() {
            final class Count: Perceptible { @Perceived var value = 3 }
            let count = Count()
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let (_, messages) = Diagnostics.capture {
                withOptions(.untrackedReads) {
                    // The state-management guide's pattern with an observed model: the read happens here, outside any scope.
                    view.componentEngine.component = Text("Count: \(count.value)")
                    view.componentEngine.flush()
                }
            }
            #expect(
                messages.map(\.text) == [
                    "Perceive: the component set on ComponentView's engine was built from tracked state read outside any perception scope (Count.value); those reads are not observed, so later changes will not reload it. Read the state in a ComponentBuilder's build() instead."
                ])
        }

        @Test func trackedReadWhileConfiguringViewsIsReported() {
            final class Count: Perceptible { @Perceived var value = 3 }
            struct LazyLabel: Component {
                let count: Count
                func layout(_ constraint: Constraint) -> any RenderNode {
                    // The read happens when the view is configured, after the scope stopped recording.
                    ViewNode<LabelView>(size: CGSize(width: 50, height: 20)) { [count] view in view.text = "\(count.value)" }
                }
            }
            let count = Count()
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.componentEngine.component = LazyLabel(count: count)
            let (_, messages) = Diagnostics.capture {
                withOptions(.untrackedReads) { view.componentEngine.flush() }
            }
            #expect(
                messages.map(\.text) == [
                    "Perceive: Count.value was read in rendering ComponentView outside any perception scope; the read is not observed and later changes will not reload anything."
                ])
        }

        @Test func excessiveReloadsAreReportedWithTheirTopCauses() {
            let saved = Diagnostics.excessiveReloadLimit
            Diagnostics.excessiveReloadLimit = (3, 60)
            defer { Diagnostics.excessiveReloadLimit = saved }
            let model = SharedModel()
            let host = makeHost(ValueLabel(model: model))
            let (_, messages) = Diagnostics.capture {
                withOptions(.excessiveReloads) {
                    for value in 1...4 {
                        model.value = value
                        host.componentEngine.flush()
                    }
                }
            }
            #expect(
                messages.map(\.text) == [
                    "Perceive: the scope of ValueLabel reloaded 4 times within 60 s; top causes: SharedModel.value ×4."
                ])
        }

        @Test func aSinkReceivesEveryMessage() {
            let received = Recorder<String>()
            Diagnostics.setSink { received.append($0.text) }
            defer { Diagnostics.setSink(nil) }
            Diagnostics.report(.general, "one")
            Diagnostics.report(.general, "one")
            #expect(received.values == ["one", "one"])
        }
    }
}

@MainActor
@Suite("Names in messages")
struct MessageNameTests {
    @Test func messagesNameTheUsersTypeNotTheRuntimesWrappers() {
        let tappable = Text("x").tappableView {}.overlay { Text("y") }
        #expect(WastedRebuildDetector.shortName(type(of: tappable)) == "tappable Text")
        let identified = Text("x").id("a").size(width: .fill, height: 10)
        #expect(WastedRebuildDetector.shortName(type(of: identified)) == "Text")
        #expect(WastedRebuildDetector.shortName([Int].self) == "Array")
        #expect(WastedRebuildDetector.name(of: AnyComponent(Text("x").tappableView {})) == "tappable Text")
    }
}
