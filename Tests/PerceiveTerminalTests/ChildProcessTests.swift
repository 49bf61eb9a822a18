import Foundation
import Testing

/// The tests' process runner: statuses as a shell reports them, and a deadline that always holds.
@Suite("Running a program with a deadline")
struct ChildProcessTests {
    @Test func exitStatusAndOutputs() async throws {
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", "printf out; printf err >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.output == "out")
        #expect(outcome.errors == "err")
    }

    @Test func aSignalIsReportedAs128PlusItsNumber() async throws {
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(outcome.status == 128 + SIGTERM)
    }

    @Test func aProgramPastItsDeadlineIsKilledAndNamed() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: ChildProcess.Failure.self) {
            try await ChildProcess.run("/bin/sleep", ["30"], timeout: .milliseconds(200))
        }
        #expect(error?.description == "/bin/sleep 30 did not end within 0.2 seconds")
        // Killed, not waited for: sooner than the program's own 30 seconds. (A tighter wall-clock
        // bound is a load test: 12.8 s was seen under the address sanitizer beside a build.)
        #expect(clock.now - start < .seconds(30))
    }

    @Test func aMissingProgramIsAFailureNotAHang() async throws {
        let error = await #expect(throws: ChildProcess.Failure.self) {
            try await ChildProcess.run("/nonexistent/program", [])
        }
        #expect(error?.description == "/nonexistent/program could not start: No such file or directory")
    }
}
