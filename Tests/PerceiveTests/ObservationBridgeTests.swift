import Observation
import Perceive
import Testing

@Observable
final class ToolchainModel {
    var name = "a"
    var other = 0
}

@Suite("Observation bridge")
struct ObservationBridgeTests {
    @Test func observableModelsInvalidateScopes() {
        let model = ToolchainModel()
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        scope.track { _ = model.name }
        model.other = 1
        #expect(causes.count == 0)
        model.name = "b"
        #expect(causes.values == ["@Observable model"])
    }

    @Test func bothKindsOfModelInOneScope() {
        let toolchain = ToolchainModel()
        let perceptible = CounterModel()
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        scope.track { _ = (toolchain.name, perceptible.count) }
        perceptible.count = 1
        #expect(causes.values == ["CounterModel.count"])
        scope.track { _ = (toolchain.name, perceptible.count) }
        toolchain.name = "z"
        #expect(causes.values == ["CounterModel.count", "@Observable model"])
        // Fired once per armed set: the second kind of write after the first is ignored.
        perceptible.count = 2
        #expect(causes.count == 2)
    }

    @Test func withPerceptionTrackingBridgesToo() {
        let model = ToolchainModel()
        let fired = Recorder<Int>()
        _ = withPerceptionTracking {
            model.name
        } onChange: {
            fired.append(1)
        }
        model.name = "c"
        #expect(fired.count == 1)
    }
}
