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

    struct Stop: Error, Equatable { let after: String }

    /// A bridged body that throws: the error reaches the caller as thrown, and what the body read
    /// before throwing is subscribed (both kinds of model).
    @Test func aThrowingBridgedBodyRethrowsAndKeepsItsReads() {
        let toolchain = ToolchainModel()
        let perceptible = CounterModel()
        let causes = Recorder<String>()
        let scope = TrackingScope { causes.append($0.description) }
        #expect(throws: Stop(after: "a")) {
            try scope.track { () throws(Stop) -> Int in
                _ = perceptible.count
                throw Stop(after: toolchain.name)
            }
        }
        toolchain.name = "b"
        #expect(causes.values == ["@Observable model"])
        scope.track { _ = perceptible.count }
        perceptible.count = 5
        #expect(causes.values == ["@Observable model", "CounterModel.count"])
    }

    /// A non-trivial result comes back through the bridge intact (a class, a string, an array).
    @Test func aBridgedBodyReturnsItsValue() {
        let model = ToolchainModel()
        let perceptible = CounterModel()
        perceptible.count = 3
        let scope = TrackingScope { _ in }
        let value = scope.track { (model.name + "!", [perceptible.count, 4], perceptible) }
        #expect(value.0 == "a!")
        #expect(value.1 == [3, 4])
        #expect(value.2 === perceptible)
        let once = withPerceptionTracking {
            [model.name, "x"]
        } onChange: {
        }
        #expect(once == ["a", "x"])
    }
}
