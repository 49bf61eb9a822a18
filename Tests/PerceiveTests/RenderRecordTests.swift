import Foundation
import Testing

@testable import Perceive

/// A render record reaches its container for a patch: the patching engine's own view through the
/// engine, a container with no engine through a weak reference, and nothing (so the engine renders
/// in full) for a container gone or driven by an engine of its own.
@MainActor
@Suite("Render records")
struct RenderRecordTests {
    private func record(in container: PlatformView) -> RenderRecord {
        RenderRecord(container: container, start: 0, count: 1, origin: .zero, path: RenderPath(""), visible: .zero, render: 0)
    }

    @Test func theEnginesOwnViewIsReachedThroughTheEngine() {
        let host = PlatformView(frame: .zero)
        let engine = host.componentEngine
        #expect(record(in: host).container(in: engine) === host)
        // Another engine does not reach it: its view is another one, and none is named weakly.
        let other = PlatformView(frame: .zero)
        #expect(record(in: host).container(in: other.componentEngine) == nil)
    }

    @Test func aContainerWithNoEngineIsReachedWhileItLives() {
        let host = PlatformView(frame: .zero)
        let engine = host.componentEngine
        var container: PlatformView? = PlatformView(frame: .zero)
        let made = record(in: container!)
        #expect(made.container(in: engine) === container)
        container = nil
        #expect(made.container(in: engine) == nil)
    }

    @Test func aRecordMovedToTheEnginesViewReachesIt() {
        let host = PlatformView(frame: .zero)
        let engine = host.componentEngine
        let hosting = PlatformView(frame: .zero)
        let made = record(in: hosting)
        made.move(to: host)
        #expect(made.isIn(host))
        #expect(made.container(in: engine) === host)
        made.move(to: hosting)
        #expect(made.container(in: engine) === hosting)
    }
}
