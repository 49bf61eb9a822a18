import Foundation
import Testing

/// The gallery binary itself: as a script sees it, and in a real terminal (tmux).
// One at a time: each real-terminal test runs the gallery, a tmux server and a shell on 2 cores.
@Suite("The gallery program", .serialized)
struct GalleryProcessTests {
    /// The built `perceive-gallery`, next to the test bundle.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("perceive-gallery").path

    static let pgrep = ["/usr/bin/pgrep", "/bin/pgrep"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "pgrep"

    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `arguments` and returns status, standard output and standard error.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> (Int32, String, String) {
        let outcome = try await ChildProcess.run(executable, arguments, environment: environment)
        return (outcome.status, outcome.output, outcome.errors)
    }

    @Test func withoutATerminalItExitsWithOneLine() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "perceive-gallery was not built at \(Self.binary)")
        let (status, output, errors) = try await Self.run(Self.binary, [])
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(
            errors == "perceive-gallery: standard input and output must be a terminal (or pass --print-frame to print one frame as text)\n")
    }

    @Test func printFramePrintsOneFrameAsText() async throws {
        let (status, output, errors) = try await Self.run(Self.binary, ["--print-frame"], environment: ["COLUMNS": "40", "LINES": "12"])
        #expect(status == 0)
        #expect(errors.isEmpty)
        #expect(
            output.split(separator: "\n", omittingEmptySubsequences: false) == [
                "♥ 0 likes · 10000 pictures · placement:", " ♥ 0                  ♥ 0", "", "", "", " ♥ 0",
                "                      ♥ 0", "", "", "", "", "Tab: focus · Enter or click: like ·", ""
            ])
        // Smaller than the gallery's minimum (40×10): the notice, never a garbled frame.
        let (_, small, _) = try await Self.run(Self.binary, ["--print-frame"], environment: ["COLUMNS": "40", "LINES": "8"])
        #expect(small.contains("Too small: needs 40×10 cells, has 40×8."))
    }

    // MARK: In a real terminal

    /// Runs `arguments` through tmux.
    @discardableResult static func tmux(_ arguments: [String]) async throws -> String {
        try await run(tmux!, arguments).1
    }

    /// The pane's text once `condition` holds for it (or after 15 s, whatever it is then).
    static func pane(_ session: String, until condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(15)
        var text = ""
        while clock.now < deadline {
            text = try await tmux(["capture-pane", "-p", "-t", session])
            if condition(text) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        return text
    }

    /// Ends a session whatever the test did (a `defer` cannot await).
    static func withSession(_ session: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            _ = try? await tmux(["kill-session", "-t", session])
            throw error
        }
        _ = try? await tmux(["kill-session", "-t", session])
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed: the real-terminal test of the gallery is skipped"))
    func aPersonTapsScrollsAndQuitsInARealTerminal() async throws {
        let session = "perceive-gallery-test-\(ProcessInfo.processInfo.processIdentifier)"
        // After the app exits, the shell reports its status and the terminal's modes.
        let script =
            "'\(Self.binary)'; echo \"exit=$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 30"
        try await Self.tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "40", "sh", "-c", script])
        try await Self.withSession(session) {
            let first = try await Self.pane(session) { $0.contains("Tab: focus") }
            #expect(first.hasPrefix("♥ 0 likes · 10000 pictures · placement: correct"))

            try await Self.tmux(["send-keys", "-t", session, "Tab"])
            try await Self.tmux(["send-keys", "-t", session, "Enter"])
            let tapped = try await Self.pane(session) { $0.contains("last input:") }
            #expect(tapped.hasPrefix("♥ 1 likes"))
            #expect(tapped.line(1).hasPrefix(" ♥ 1 "))
            #expect(tapped.contains("last input: 1 build in the gallery, header 1 · 2 reloads"))

            try await Self.tmux(["send-keys", "-t", session, "PageDown"])
            let scrolled = try await Self.pane(session) { !$0.line(1).hasPrefix(" ♥ 1 ") }
            // The first picture (with its like) scrolled out of view; others took its place.
            #expect(!scrolled.line(1).hasPrefix(" ♥ 1 "))
            #expect(scrolled.hasPrefix("♥ 1 likes"))

            try await Self.tmux(["send-keys", "-t", session, "q"])
            let after = try await Self.pane(session) { $0.contains("exit=") && $0.contains("echo") }
            #expect(after.contains("exit=0"))
            // Restored: canonical mode and echo are back, and the gallery's screen is gone.
            #expect(after.contains("icanon echo"))
            #expect(!after.contains("likes · 10000 pictures"))
        }
    }

    @Test(
        .enabled(if: tmux != nil, "tmux is not installed: the real-terminal test of the gallery is skipped"),
        arguments: [(SIGTERM, 143), (SIGSEGV, 139)])
    func aSignalStillRestoresTheTerminal(signal: Int32, status: Int) async throws {
        let session = "perceive-gallery-signal-\(signal)-\(ProcessInfo.processInfo.processIdentifier)"
        // No core file from the crash signal.
        let script =
            "ulimit -c 0; '\(Self.binary)'; echo \"exit=$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 30"
        try await Self.tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "40", "sh", "-c", script])
        try await Self.withSession(session) {
            _ = try await Self.pane(session) { $0.contains("Tab: focus") }
            let shell = try await Self.tmux(["display-message", "-p", "-t", session, "#{pane_pid}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (_, children, _) = try await Self.run(Self.pgrep, ["-P", shell])
            let gallery = try #require(Int32(children.split(separator: "\n").first ?? ""))
            // Waiting for input costs nothing: no CPU time over a quiet second (Linux's /proc).
            if let before = Self.cpuTicks(gallery) {
                try await Task.sleep(for: .seconds(1))
                #expect(Self.cpuTicks(gallery).map { $0 - before } == 0)
            }
            kill(gallery, signal)
            let after = try await Self.pane(session) { $0.contains("exit=") && $0.contains("echo") }
            #expect(after.contains("exit=\(status)"))
            #expect(after.contains("icanon echo"))
            #expect(!after.contains("likes · 10000 pictures"))
        }
    }

    /// User plus system CPU time of `pid` in clock ticks, where `/proc` has it.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = ChildProcess.contents(of: "/proc/\(pid)/stat"),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After the command: state is field 3 of the file; utime and stime are 14 and 15.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}

extension String {
    /// Line `index` of a captured pane, or "" when it has fewer lines.
    fileprivate func line(_ index: Int) -> Substring {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        return index < lines.count ? lines[index] : ""
    }
}
