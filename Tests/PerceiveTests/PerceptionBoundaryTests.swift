import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

@MainActor
@Suite("Perception boundaries")
struct PerceptionBoundaryTests {
    static let imageCount = 50

    /// The host is tall enough that all 50 images are visible, so every container is built.
    func host(_ component: any Component) -> ComponentScrollView {
        makeHost(component, width: 390, height: 10_000, scrolls: true) as! ComponentScrollView
    }

    func tapImage(_ index: Int, in host: PlatformView, model: GalleryModel) {
        let id = model.images[index].url.absoluteString
        let cell = host.findView(id: id)
        let button = cell?.findViews(ofType: TappableView.self).first ?? (cell as? TappableView)
        button?.tap()
    }

    @Test func workingPlacementRebuildsExactlyOneContainer() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = GalleryModel(count: Self.imageCount)
            let host = host(WorkingGallery(model: model))
            #expect(subtreeBuilds(host) == ["WorkingGallery": 1, "WorkingImageContainer": 50])
            resetSubtreeStats(host)
            tapImage(7, in: host, model: model)
            host.componentEngine.flush()
            #expect(model.images[7].likes == 1)
            #expect(subtreeBuilds(host) == ["WorkingImageContainer": 1])
            #expect(host.componentEngine.stats.reloads == 0)
            let stats = host.componentEngine.subtreeStats
            #expect(stats.reloads == 1)
            #expect(stats.viewsUpdated == 1)
            #expect(stats.viewsCreated == 0)
            let cell = host.findView(id: model.images[7].url.absoluteString)
            #expect(cell?.componentEngine.stats.lastReloadCause?.description == "GalleryImage.likes")
            #expect((cell?.findViews(ofType: LabelView.self).first)?.text == "1")
        }
    }

    @Test func brokenPlacementRebuildsEveryContainerInTheParent() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = GalleryModel(count: Self.imageCount)
            let host = host(BrokenGallery(model: model))
            #expect(subtreeBuilds(host) == ["BrokenGallery": 1, "BrokenImageContainer": 50])
            resetSubtreeStats(host)
            tapImage(7, in: host, model: model)
            host.componentEngine.flush()
            #expect(subtreeBuilds(host) == ["BrokenGallery": 1, "BrokenImageContainer": 50])
            #expect(host.componentEngine.stats.reloads == 1)
            #expect(host.componentEngine.stats.lastReloadCause?.description == "GalleryImage.likes")
            let cell = host.findView(id: model.images[7].url.absoluteString)
            #expect((cell?.findViews(ofType: LabelView.self).first)?.text == "1")
        }
    }

    @Test func equatableEqualContentDoesNotReloadTheChild() {
        struct Label: ComponentBuilder, Equatable {
            let text: String
            func build() -> some Component { Text(text) }
        }
        final class Model: Perceptible { @Perceived var title = "a" }
        struct Screen: ComponentBuilder {
            let model: Model
            func build() -> some Component {
                VStack {
                    Text(model.title)
                    Label(text: "fixed").perceptionView(width: 100, height: 30).id("child")
                }
            }
        }
        let model = Model()
        let host = makeHost(Screen(model: model))
        let child = host.findView(id: "child")!
        #expect(child.componentEngine.stats.reloads == 1)
        model.title = "b"
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.reloads == 2)
        #expect(child.componentEngine.stats.reloads == 1)
    }

    @Test func removedBoundaryStopsObservingAtOnce() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = GalleryModel(count: 4)
            let host = host(WorkingGallery(model: model))
            let removed = model.images[2]
            let cell = host.findView(id: removed.url.absoluteString)!
            model.images.remove(at: 2)
            host.componentEngine.flush()
            #expect(cell.superview == nil)
            resetSubtreeStats(host)
            cell.componentEngine.resetStats()
            removed.likes += 1
            host.componentEngine.flush()
            ReloadScheduler.shared.flush()
            #expect(host.componentEngine.subtreeStats.reloads == 0)
            #expect(cell.componentEngine.stats.reloads == 0)
            #expect(cell.componentEngine.isDirty == false)
        }
    }

    @Test func reusedBoundaryViewStopsObservingItsOldModel() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let model = GalleryModel(count: 3)
            let host = host(WorkingGallery(model: model))
            let old = model.images[0]
            let oldView = host.findView(id: old.url.absoluteString)!
            // Replace the first image: its view is pooled, then reused for the new image.
            let replacement = GalleryImage(url: URL(string: "https://example.com/new.jpg")!, size: old.size)
            model.images[0] = replacement
            host.componentEngine.flush()
            #expect(host.findView(id: replacement.url.absoluteString) === oldView)
            resetSubtreeStats(host)
            old.likes += 1
            host.componentEngine.flush()
            #expect(host.componentEngine.subtreeStats.reloads == 0)
            replacement.likes += 1
            host.componentEngine.flush()
            #expect(host.componentEngine.subtreeStats.reloads == 1)
            #expect((oldView.findViews(ofType: LabelView.self).first)?.text == "1")
        }
    }
}
