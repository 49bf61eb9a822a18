#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal in raw mode (no echo, no line buffering, no signal keys: Ctrl-C arrives as a
/// byte) on the alternate screen with mouse reporting, and restores it — on a normal exit, on
/// SIGTERM, SIGINT, SIGHUP and SIGQUIT, and on a crash signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGABRT, SIGTRAP). A signal's handler restores the terminal with async-signal-safe calls only,
/// then lets the signal take its default course.
enum RawMode {
    /// The settings to restore and the bytes that undo the screen modes, kept where a signal
    /// handler can reach them without allocating.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static var isActive = false
    private static let leaveSequence: [UInt8] = Array(
        (TerminalSequences.disableMouse + TerminalSequences.showCursor + "\u{1B}[0m" + TerminalSequences.leaveAlternateScreen).utf8)
    nonisolated(unsafe) private static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: leaveSequence.count)
        _ = buffer.initialize(from: leaveSequence)
        return buffer
    }()

    static let handledSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Enters raw mode; `false` when standard input is not a terminal.
    static func enter() -> Bool {
        guard tcgetattr(STDIN_FILENO, saved) == 0 else { return false }
        _ = leaveBytes // initialized now, never inside a handler
        var raw = saved.pointee
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        isActive = true
        for signal in handledSignals { installRestoringHandler(signal) }
        TerminalDevice.write(
            Array((TerminalSequences.enterAlternateScreen + TerminalSequences.hideCursor + TerminalSequences.enableMouse).utf8))
        return true
    }

    /// Leaves raw mode and the alternate screen (idempotent). Async-signal-safe — `write` and
    /// `tcsetattr` only — so the signal handlers call it too.
    static func leave() {
        guard isActive else { return }
        isActive = false
        _ = systemWrite(STDOUT_FILENO, leaveBytes.baseAddress!, leaveBytes.count)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
    }

    private static func installRestoringHandler(_ number: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in
                RawMode.leave()
                // The default action now: terminate (and dump core for crash signals).
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
        #else
            action.__sigaction_u.__sa_handler = { signal in
                RawMode.leave()
                Darwin.signal(signal, SIG_DFL)
                raise(signal)
            }
        #endif
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }
}
