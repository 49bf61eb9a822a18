import Testing
import Perceive

// The README's example, compiled and checked (see `DocsExamplesTests`).

private let printed = Recorder<String>()
private func print(_ item: Any) { printed.append("\(item)") }

final class PerceptionImage: Perceptible {
    @Perceived var likes = 0
    @Perceived var caption = ""
}

extension PerceptionImage: @unchecked Sendable {}

@Suite("README example")
struct DocsReadmeExamples {
    @Test func readmeExample() {
        let image = PerceptionImage()
        let scope = TrackingScope { change in
            print("reload: \(change) changed")   // runs once per armed set, outside every lock
        }

        scope.track {
            // Whatever this closure reads becomes the scope's subscription.
            _ = "\(image.likes) likes"
        }
        image.caption = "Sunset"   // not read by the scope: nothing happens
        image.likes += 1           // prints "reload: PerceptionImage.likes changed"
        image.likes += 1           // already invalidated: a scope hears once until it tracks again
        #expect(printed.values == ["reload: PerceptionImage.likes changed"])
        #expect(image.likes == 2)
    }
}
