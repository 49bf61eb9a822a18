import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to its end, with a deadline.
///
/// Not Foundation's `Process`: on Linux its exit monitor can miss a child that exits while other
/// tests start processes (seen with tmux's client, which forks the tmux server before it exits),
/// and `waitUntilExit()` then never returns — the whole test run hung on it. This spawns with
/// `posix_spawn`, waits with `waitpid` on its own child only, and kills the child at the deadline.
/// Outputs go to temporary files, never pipes: a daemon the child starts cannot hold a pipe open.
enum ChildProcess {
    /// How a run ended.
    struct Outcome {
        /// The exit status, or 128 + the signal that ended the program (as a shell reports it).
        var status: Int32
        var output: String
        var errors: String
    }

    /// A program that could not start or did not end before its deadline.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.path
        let token = UUID().uuidString
        let (outputPath, errorsPath) = ("\(directory)/perceive-child-\(token).out", "\(directory)/perceive-child-\(token).err")
        defer { _ = unlink(outputPath); _ = unlink(errorsPath) }

        let pid = try spawn(executable, arguments, environment: environment, output: outputPath, errors: errorsPath)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard clock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) did not end within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        // The low seven bits are the terminating signal, or 0 for a normal exit with the status above them.
        let signal = status & 0x7f
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            output: contents(of: outputPath) ?? "",
            errors: contents(of: errorsPath) ?? "")
    }

    /// A file's text, read with `open` and `read`: `String(contentsOfFile:)` leaks its read
    /// buffer on this toolchain (LeakSanitizer reports 4 KiB per call).
    static func contents(of path: String) -> String? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk[0..<count]
        }
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], output: String, errors: String
    ) throws -> pid_t {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else of the test process (its own output among it) reaches a daemon the child starts.
        // glibc has had this since 2.34; Swift's Glibc module does not import it, so it is looked up.
        #if canImport(Glibc)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
                _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
        #endif

        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for string in argv + envp { free(string) } }

        // A child starts with no signal blocked and default handlers: the calling thread is one of
        // libdispatch's workers, which block signals, and a child would inherit that mask.
        #if canImport(Glibc)
            var attributes = posix_spawnattr_t()
        #else
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure(description: "\(executable) could not start: \(String(cString: strerror(result)))")
        }
        return pid
    }
}
