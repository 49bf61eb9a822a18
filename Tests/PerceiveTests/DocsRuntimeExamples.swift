// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
import Perceive
import PerceiveLayout

// The examples of Docs/Components.md, Docs/PerceptionBoundaries.md and Docs/EnvironmentPropagation.md,
// compiled and checked (see `DocsExamplesTests`).

// MARK: Components.md

final class TodoList: Perceptible {
    @Perceived var title = "Today"
    @Perceived var items: [String] = ["Write docs", "Ship"]
    @Perceived var showsCount = true
}

struct TodoScreen: ComponentBuilder {
    let list: TodoList

    func build() -> some Component {
        VStack(spacing: 8) {
            Text(list.title).font(.boldSystemFont(ofSize: 20))
            for (index, item) in list.items.enumerated() {
                Text(item).id("item-\(index)")
            }
            if list.showsCount {
                Text("\(list.items.count) items")
            }
        }
    }
}

final class BadgeView: PlatformView {
    var count = 0
}

struct InboxRow: ComponentBuilder {
    let unread: Int
    func build() -> some Component {
        HStack(spacing: 4) {
            Text("Inbox").flex()
            ViewComponent<BadgeView>()
                .count(unread)
                .size(width: 24, height: 24)
                .with(\.layer.cornerRadius, 12)
        }
    }
}

struct BadgeText: ViewContent {
    let count: Int
    func configure(_ view: LabelView) { view.text = count > 99 ? "99+" : "\(count)" }
}

struct Badge: Component {
    let count: Int
    func layout(_ constraint: Constraint) -> any RenderNode {
        ViewNode<LabelView>(size: constraint.clamp(CGSize(width: 32, height: 20)), content: BadgeText(count: count))
    }
}

// MARK: PerceptionBoundaries.md

final class Photo: Perceptible {
    let id: Int
    let aspect: CGFloat
    @Perceived var likes = 0
    init(id: Int, aspect: CGFloat) { self.id = id; self.aspect = aspect }
}

struct PhotoCell: ComponentBuilder {
    let photo: Photo
    func build() -> some Component {
        Text("♥ \(photo.likes)")
            .fill()
            .tappableView { [weak photo] in photo?.likes += 1 }
    }
}

struct PhotoGrid: ComponentBuilder {
    let photos: [Photo]
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for photo in photos {
                PhotoCell(photo: photo)
                    .perceptionView(width: .fill, height: .aspectPercentage(photo.aspect))
                    .id(photo.id)
            }
        }
    }
}

struct LeakyPhotoCell: ComponentBuilder {
    let photo: Photo
    func build() -> some Component {
        Text("♥ \(photo.likes)")
            .fill()
            .tappableView { [weak photo] in photo?.likes += 1 }
            .perceptionView(width: .fill, height: .aspectPercentage(photo.aspect))
    }
}

struct LeakyPhotoGrid: ComponentBuilder {
    let photos: [Photo]
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for photo in photos { LeakyPhotoCell(photo: photo).id(photo.id) }
        }
    }
}

// MARK: EnvironmentPropagation.md

struct AccentKey: EnvironmentKey {
    static let defaultValue = "blue"
}

extension EnvironmentValues {
    var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

struct AccentLabel: ComponentBuilder {
    @Environment(\.accent) var accent
    func build() -> some Component { Text("accent: \(accent)") }
}

final class Coordinator {}

struct CoordinatorKey: EnvironmentKey {
    static var defaultValue: WeakReference<Coordinator> { WeakReference(nil) }
}

extension EnvironmentValues {
    var coordinatorReference: WeakReference<Coordinator> {
        get { self[CoordinatorKey.self] }
        set { self[CoordinatorKey.self] = newValue }
    }
    var coordinator: Coordinator? { coordinatorReference.object }
}

extension Component {
    func coordinator(_ coordinator: Coordinator) -> EnvironmentComponent<Self, WeakReference<Coordinator>> {
        environment(\.coordinatorReference, WeakReference(coordinator))
    }
}

@MainActor
@Suite("Docs runtime examples")
struct DocsRuntimeExamples {
    @Test func renderingAndReloading() {
        let list = TodoList()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.componentEngine.component = TodoScreen(list: list)
        view.componentEngine.flush()        // lays out and renders now
        list.items.append("Rest")
        view.componentEngine.flush()        // one reload; one view created, the rest kept
        #expect(view.componentEngine.stats.reloads == 2)
        #expect(view.componentEngine.stats.viewsCreated == 5)
        #expect(view.subviews.compactMap { ($0 as? LabelView)?.text } == ["Today", "Write docs", "Ship", "Rest", "3 items"])
    }

    @Test func viewsOfYourOwn() {
        let host = makeHost(InboxRow(unread: 3))
        let badge = host.findViews(ofType: BadgeView.self).first
        #expect(badge?.count == 3)
        #expect(badge?.frame == CGRect(x: 276, y: 0, width: 24, height: 24))
        #expect(badge?.layer.cornerRadius == 12)
    }

    @Test func leafComponentsOfYourOwn() {
        let host = makeHost(VStack { Badge(count: 120); Badge(count: 7) })
        let labels = host.findViews(ofType: LabelView.self)
        #expect(labels.map(\.text) == ["99+", "7"])
        #expect(labels.map(\.frame) == [CGRect(x: 0, y: 0, width: 32, height: 20), CGRect(x: 0, y: 20, width: 32, height: 20)])
        // Equal content leaves a view alone; changed content configures it again.
        host.componentEngine.component = VStack { Badge(count: 120); Badge(count: 8) }
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.viewsUpdated == 1)
        #expect(labels.map(\.text) == ["99+", "8"])
    }

    @Test func boundaryPlacement() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let photos = (0..<50).map { Photo(id: $0, aspect: 0.75) }
            let grid = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            grid.componentEngine.component = PhotoGrid(photos: photos)
            grid.componentEngine.flush()
            grid.tap(id: "7")
            grid.componentEngine.flush()
            #expect(photos[7].likes == 1)
            // The grid built once (the first render); cell 7 built twice (first render, then the tap).
            #expect(grid.componentEngine.stats.builds == 1)
            #expect(grid.findView(id: "7")?.componentEngine.stats.builds == 2)
            #expect(grid.findView(id: "8")?.componentEngine.stats.builds == 1)

            let leaky = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            leaky.componentEngine.component = LeakyPhotoGrid(photos: photos)
            leaky.componentEngine.flush()
            resetSubtreeStats(leaky)
            leaky.findView(id: "7")?.findViews(ofType: TappableView.self).first?.tap()
            leaky.componentEngine.flush()
            #expect(photos[7].likes == 2)
            #expect(leaky.componentEngine.subtreeStats.builds == 51)
        }
    }

    @Test func environmentValuesAndRestore() {
        let component =
            VStack {
                AccentLabel().environment(\.accent, "red")   // "accent: red"
                AccentLabel()                                // "accent: blue": restored after the subtree
            }
        let host = makeHost(component)
        #expect(host.subviews.compactMap { ($0 as? LabelView)?.text } == ["accent: red", "accent: blue"])
    }

    @Test func weakObjectsInTheEnvironment() {
        struct Probe: ComponentBuilder {
            @Environment(\.coordinator) var coordinator
            func build() -> some Component { Text(coordinator == nil ? "none" : "coordinator") }
        }
        weak var weakCoordinator: Coordinator?
        var host: ComponentView?
        do {
            let coordinator = Coordinator()
            weakCoordinator = coordinator
            host = makeHost(Probe().coordinator(coordinator))
            #expect((host?.subviews.first as? LabelView)?.text == "coordinator")
        }
        #expect(weakCoordinator == nil)
        #expect(host != nil)
    }
}
