// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
import Perceive

// The examples of Docs/Observation.md's section on other threads, compiled and checked (see
// `DocsExamplesTests`).

final class Download: Perceptible {
    @Perceived var progress = 0.0
}

@MainActor
func refresh(_ download: Download) async {
    let value = await Task.detached { 0.5 }.value   // the work, off the main actor
    download.progress = value                       // the write, on the main actor
}

final class Sensor: Perceptible, @unchecked Sendable {
    private let lock = NSLock()
    @Perceived private var storedReading = 0

    var reading: Int {
        get { lock.withLock { storedReading } }
        set { lock.withLock { storedReading = newValue } }
    }
}

@Suite("Docs: writing from other threads")
struct DocsConcurrencyExamples {
    @MainActor @Test func computeElsewhereWriteOnTheMainActor() async {
        let download = Download()
        let fired = Recorder<Int>()
        let scope = TrackingScope { _ in fired.append(1) }
        scope.track { _ = download.progress }
        await refresh(download)
        #expect(download.progress == 0.5)
        #expect(fired.values == [1])
    }

    @Test func aLockedModelIsWrittenFromAnotherThread() {
        let sensor = Sensor()
        let fired = Recorder<Int>()
        let scope = TrackingScope { _ in fired.append(1) }
        scope.track { _ = sensor.reading }
        let done = DispatchSemaphore(value: 0)
        Thread { sensor.reading = 7; done.signal() }.start()
        done.wait()
        #expect(sensor.reading == 7)
        #expect(fired.values == [1])
    }
}
