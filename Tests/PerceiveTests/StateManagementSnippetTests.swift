import Foundation
import Perceive
import PerceiveLayout
import Testing

// The state-management guide's snippets with only platform types swapped (`UIImage` → `PlatformImage`).

struct MyViewModel {
    var count: Int = 0
}

final class MyHostingView: PlatformView {
    var viewModel = MyViewModel() {
        didSet {
            reloadComponent()
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        reloadComponent()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        reloadComponent()
    }

    private func reloadComponent() {
        componentEngine.component = VStack {
            Text("Count: \(viewModel.count)")
            Text("Increase").tappableView { [weak self] in
                self?.viewModel.count += 1
            }
        }
    }
}

struct Profile: Equatable {
    let name: String
    let imageURL: URL
}

enum ImageLoader {
    static func loadImage(_ url: URL) async throws -> PlatformImage {
        PlatformImage(name: url.lastPathComponent, size: CGSize(width: 50, height: 50))
    }
}

class ProfileCell: PlatformView {
    // external state
    var profile: Profile? {
        didSet {
            guard profile != oldValue else { return }
            loadImage()
            reloadComponent()
        }
    }
    // internal state
    private var profileImage: PlatformImage? {
        didSet {
            guard profileImage != oldValue else { return }
            reloadComponent()
        }
    }

    func reloadComponent() {
        componentEngine.component = VStack {
            HStack {
                Image(profileImage ?? PlatformImage(named: "placeholder")!)
                    .size(width: 50, height: 50)
                    .with(\.layer.cornerRadius, 25)
                    .clipsToBounds(true)
                Text(profile?.name ?? "").flex()
            }
        }
    }

    func loadImage() {
        guard let profile else { return }
        Task {
            profileImage = try? await ImageLoader.loadImage(profile.imageURL)
        }
    }
}

@MainActor
@Suite("State management: the familiar snippets with platform types swapped")
struct StateManagementSnippetTests {
    @Test func hostingViewReloadsOnEveryStateChange() {
        let host = MyHostingView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        host.componentEngine.flush()
        #expect(
            host.dump() == """
                MyHostingView (0, 0, 200, 100)
                  LabelView #0 (0, 0, 68, 21) text="Count: 0"
                  TappableView #1 (0, 21, 68, 21) tappable
                    LabelView #0 (0, 0, 68, 21) text="Increase"
                """)
        (host.findView(id: "1") as? TappableView)?.tap()
        (host.findView(id: "1") as? TappableView)?.tap()
        host.componentEngine.flush()
        #expect(host.viewModel.count == 2)
        #expect((host.findView(id: "0") as? LabelView)?.text == "Count: 2")
        // The two taps set the component twice; one flush reloads once.
        #expect(host.componentEngine.stats.reloads == 2)
        #expect(host.componentEngine.stats.lastReloadCause == .componentChanged)
    }

    @Test func hostingViewDecodedFromAnArchiveRendersToo() {
        let host = MyHostingView(coder: NSCoder())!
        host.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        host.componentEngine.flush()
        #expect((host.findView(id: "0") as? LabelView)?.text == "Count: 0")
    }

    @Test func profileCellsInAList() async {
        let profiles = (1...3).map { Profile(name: "User \($0)", imageURL: URL(string: "https://example.com/u\($0).png")!) }
        let list = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        list.componentEngine.component = VStack {
            for profile in profiles {
                ViewComponent<ProfileCell>()
                    .profile(profile)
                    .size(width: .fill, height: 100)
            }
        }
        list.componentEngine.flush()
        let cells = list.findViews(ofType: ProfileCell.self)
        #expect(cells.map(\.frame) == [0, 100, 200].map { CGRect(x: 0, y: $0, width: 320, height: 100) })
        #expect(cells.map { $0.profile?.name } == ["User 1", "User 2", "User 3"])
        #expect(
            cells.first?.dump() == """
                ProfileCell #0 (0, 0, 320, 100)
                  ImageView #0.0 (0, 0, 50, 50) cornerRadius=25 clips image=placeholder
                  LabelView #0.1 (50, 0, 270, 21) text="User 1"
                """)
        // The image "loads" asynchronously; the cell's own engine then shows it.
        for _ in 0..<100 where (cells.first?.findViews(ofType: ImageView.self).first?.image?.name ?? "placeholder") == "placeholder" {
            await Task.yield()
            list.componentEngine.flush()
        }
        #expect(cells.first?.findViews(ofType: ImageView.self).first?.image?.name == "u1.png")
        // Re-rendering the list with equal profiles does not reconfigure the cells' content.
        list.componentEngine.resetStats()
        list.componentEngine.component = VStack {
            for profile in profiles {
                ViewComponent<ProfileCell>().profile(profile).size(width: .fill, height: 100)
            }
        }
        list.componentEngine.flush()
        #expect(list.componentEngine.stats.viewsCreated == 0)
    }
}
