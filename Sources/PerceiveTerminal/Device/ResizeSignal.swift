#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGWINCH, turned into a readable byte on a pipe, so the run loop's `poll` wakes on a resize.
enum ResizeSignal {
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handler (once); returns the descriptor to poll.
    static func install() -> Int32? {
        if pipeEnds.read >= 0 { return pipeEnds.read }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        pipeEnds = (ends[0], ends[1])
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in ResizeSignal.notify() }
        #else
            action.__sigaction_u.__sa_handler = { _ in ResizeSignal.notify() }
        #endif
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESTART)
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, nil)
        return pipeEnds.read
    }

    /// In the handler: one byte, async-signal-safe (a full pipe already holds the news).
    private static func notify() {
        var byte: UInt8 = 1
        _ = systemWrite(pipeEnds.write, &byte, 1)
    }

    /// Empties the pipe after the run loop woke for it.
    static func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ systemRead(pipeEnds.read, $0.baseAddress!, 64) }) > 0 {}
    }
}
