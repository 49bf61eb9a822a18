/// Turns raw terminal input bytes into events, holding back bytes that may start a longer sequence.
public struct InputDecoder: Sendable {
    /// Longest unfinished sequence kept; anything longer is garbage, not a key.
    static let pendingLimit = 64

    private var pending: [UInt8] = []
    private var utf8 = UTF8Assembler()

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes wait for more input (the run loop then waits only briefly before
    /// ``flushPending()``, so a lone Escape is not held back).
    public var hasPending: Bool { !pending.isEmpty || utf8.isPending }

    /// Decodes as much as possible; an unfinished sequence waits for the next `feed` or `flushPending`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        scan: while index < pending.count {
            let byte = pending[index]
            guard byte == 0x1B else {
                let (first, second) = utf8.consume(byte)
                if let first { append(first, to: &events) }
                if let second { append(second, to: &events) }
                index += 1
                continue
            }
            if let broken = utf8.flush() { append(broken, to: &events) }
            switch EscapeSequence.parse(pending, from: index) {
            case .incomplete:
                break scan
            case .complete(let event, let length):
                if let event { events.append(event) }
                index += length
            }
        }
        pending.removeFirst(index)
        if pending.count > Self.pendingLimit { pending.removeAll() }
        return events
    }

    /// Resolves what is still pending once input has paused: a lone ESC is the Escape key,
    /// a partial sequence is dropped and a partial UTF-8 character becomes U+FFFD.
    public mutating func flushPending() -> [InputEvent] {
        var events: [InputEvent] = []
        if let broken = utf8.flush() { append(broken, to: &events) }
        if pending == [0x1B] { events.append(.key(.escape)) }
        pending.removeAll()
        return events
    }

    private func append(_ scalar: Unicode.Scalar, to events: inout [InputEvent]) {
        switch scalar.value {
        case 0x09: events.append(.key(.tab))
        case 0x0A, 0x0D: events.append(.key(.enter))
        case 0x20: events.append(.key(.space))
        case 0x08, 0x7F: events.append(.key(.backspace))
        case 0x03: events.append(.key(.controlC))
        case 0x04: events.append(.key(.controlD))
        case 0x00..<0x20, 0x80..<0xA0: break
        default:
            // Combining marks typed or pasted together with their base join it, as in a String.
            if case .key(.character(let previous)) = events.last {
                var joined = String(previous)
                joined.unicodeScalars.append(scalar)
                if joined.count == 1 {
                    events[events.count - 1] = .key(.character(Character(joined)))
                    return
                }
            }
            events.append(.key(.character(Character(scalar))))
        }
    }
}
