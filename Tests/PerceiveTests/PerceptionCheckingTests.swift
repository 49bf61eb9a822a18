import Testing

@testable import Perceive

/// Tests that change process-wide checking state (perception checking, diagnostics options) run
/// one at a time, inside this suite.
@Suite("Process-wide checking state", .serialized)
enum GlobalCheckingState {}

extension GlobalCheckingState {
    @Suite("Perception checking")
    struct PerceptionCheckingTests {
        @Test func untrackedReadInAnExpectingRegionIsReported() {
            // Only the user's handler: the diagnostics' own channel (on in debug builds) is off.
            withOptions([]) {
                let model = CounterModel()
                let reports = Recorder<String>()
                PerceptionChecking.setHandler { reports.append($0.description) }
                defer { PerceptionChecking.setHandler(nil) }
                PerceptionChecking.expectingTracking("Screen.build()") {
                    // Tracked: no report.
                    _ = withPerceptionTracking {
                        model.count
                    } onChange: {
                    }
                    // Not tracked: reported.
                    _ = model.title
                }
                // Outside any region: ordinary code, no report.
                _ = model.count
                #expect(
                    reports.values == [
                        "CounterModel.title was read in Screen.build() outside any perception scope; "
                            + "the read is not observed and later changes will not reload anything"
                    ])
            }
        }

        @Test func disablingCheckingStopsReports() {
            // Only the user's handler: the diagnostics' own channel (on in debug builds) is off.
            withOptions([]) {
                let model = CounterModel()
                let reports = Recorder<String>()
                PerceptionChecking.setHandler { reports.append($0.description) }
                PerceptionChecking.expectingTracking("first") { _ = model.title }
                PerceptionChecking.setHandler(nil)
                PerceptionChecking.expectingTracking("second") { _ = model.title }
                #expect(reports.count == 1)
                #expect(reports.values.first?.contains("in first outside") == true)
            }
        }

        @Test func turningDiagnosticsOnOrOffKeepsTheUsersHandler() {
            let model = CounterModel()
            let reports = Recorder<String>()
            let saved = Diagnostics.options
            PerceptionChecking.setHandler { reports.append($0.region) }
            defer {
                PerceptionChecking.setHandler(nil)
                Diagnostics.options = saved
            }
            Diagnostics.options = [.wastedRebuilds]
            PerceptionChecking.expectingTracking("after inserting a check") { _ = model.title }
            Diagnostics.options.insert(.untrackedReads)
            let (_, messages) = Diagnostics.capture {
                PerceptionChecking.expectingTracking("with the untracked-read check on too") { _ = model.title }
            }
            Diagnostics.options = []
            PerceptionChecking.expectingTracking("after turning every check off") { _ = model.title }
            #expect(reports.values == ["after inserting a check", "with the untracked-read check on too", "after turning every check off"])
            // The runtime's own check reported through its channel as well.
            #expect(messages.count == 1)
        }
    }
}
