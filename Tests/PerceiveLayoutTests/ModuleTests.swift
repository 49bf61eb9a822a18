import PerceiveLayout
import Testing

/// `import PerceiveLayout` alone must give users the runtime's types too.
final class LayoutModuleModel: Perceptible, @unchecked Sendable {
    @Perceived var width = 10.0
}

@Suite("PerceiveLayout module")
struct ModuleTests {
    @Test func reExportsPerceive() {
        let model = LayoutModuleModel()
        let fired = ScopeLog()
        let scope = TrackingScope { fired.record($0.description) }
        scope.track { _ = model.width }
        model.width = 20
        #expect(fired.entries == ["LayoutModuleModel.width"])
    }
}

final class ScopeLog: @unchecked Sendable {
    // Written from the test's own thread only (handlers run on the writing thread).
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
}
