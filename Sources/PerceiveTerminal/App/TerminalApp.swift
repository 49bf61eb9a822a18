import Foundation
import Perceive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``TerminalScreen`` in the process's terminal until `q` or Ctrl-C.
///
/// The loop blocks in `poll` on standard input and on a pipe the SIGWINCH handler writes to:
/// nothing runs while nobody types (idle CPU 0). After each batch of input it flushes the engines
/// on the main actor, draws, and writes the changed cells in one `write`. The terminal is
/// restored on exit and on termination and crash signals. Changes made by other threads between
/// inputs show with the next input (or resize).
@MainActor
public final class TerminalApp {
    /// The screen being shown.
    public let screen: TerminalScreen
    /// Called after each frame drawn for input, with what it cost; a change made here (a status
    /// line) is drawn at once, in a frame of its own.
    public var onFrame: (@MainActor (FrameStats) -> Void)?

    public init(screen: TerminalScreen) { self.screen = screen }

    /// Runs the app; returns the process exit status. With `--print-frame` among `arguments` it
    /// prints one frame as plain text (at `COLUMNS`×`LINES`, else 100×40) and returns 0 — for
    /// scripts; without it, standard input and output must be a terminal, else it prints a
    /// one-line error and returns 1.
    public static func main(
        name: String, arguments: [String] = CommandLine.arguments, minimumSize: (columns: Int, rows: Int) = (20, 5),
        configure: (TerminalApp) -> Void = { _ in }, content: @MainActor () -> some Component
    ) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let printsFrame = arguments.dropFirst().contains("--print-frame")
        guard printsFrame || TerminalDevice.isInteractive else {
            FileHandle.standardError.write(
                Data("\(name): standard input and output must be a terminal (or pass --print-frame to print one frame as text)\n".utf8))
            return 1
        }
        let size =
            printsFrame
            ? (Int(environment["COLUMNS"] ?? "") ?? 100, Int(environment["LINES"] ?? "") ?? 40)
            : TerminalDevice.size() ?? (80, 24)
        let screen = TerminalScreen(
            columns: size.0, rows: size.1, colors: printsFrame ? .none : ColorMode.detect(environment: environment), content: content)
        screen.minimumSize = minimumSize
        let app = TerminalApp(screen: screen)
        configure(app)
        if printsFrame {
            _ = screen.frame()
            print(screen.grid.lines.joined(separator: "\n"))
            return 0
        }
        return app.run()
    }

    /// Runs the loop in the process's terminal; returns the exit status.
    public func run() -> Int32 {
        guard let wake = ResizeSignal.install() else { return 1 }
        guard RawMode.enter() else { return 1 }
        defer { RawMode.leave() }
        TerminalDevice.write(screen.frame())
        var decoder = InputDecoder()
        while true {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            ]
            // A lone ESC waits 30 ms for the rest of a sequence; otherwise wait for input forever.
            let ready = poll(&descriptors, 2, decoder.hasPending ? 30 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return 1
            }
            var events = ready == 0 ? decoder.flushPending() : []
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                ResizeSignal.drain()
                if let size = TerminalDevice.size() { screen.resize(columns: size.columns, rows: size.rows) }
            }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                guard let bytes = TerminalDevice.read() else { return 0 }
                events += decoder.feed(bytes)
            }
            for event in events where screen.handle(event) == .quit { return 0 }
            TerminalDevice.write(screen.frame())
            if let onFrame {
                onFrame(screen.lastFrame)
                TerminalDevice.write(screen.frame())
            }
        }
    }
}
