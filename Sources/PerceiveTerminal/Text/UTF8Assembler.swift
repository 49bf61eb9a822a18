/// Incremental UTF-8 decoder that survives sequences split across reads.
///
/// Both the input decoder and the virtual terminal receive bytes in arbitrary chunks, so a
/// scalar's bytes may arrive in separate calls; invalid input becomes U+FFFD rather than being lost.
struct UTF8Assembler: Sendable, Equatable {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    private var value: UInt32 = 0
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether a multi-byte sequence has started but not finished.
    var isPending: Bool { remaining > 0 }

    /// Consumes one byte; an interrupted sequence yields U+FFFD and then the interrupting byte's own result.
    mutating func consume(_ byte: UInt8) -> (Unicode.Scalar?, Unicode.Scalar?) {
        guard remaining > 0 else { return (start(byte), nil) }
        guard byte >= lower && byte <= upper else {
            remaining = 0
            return (Self.replacement, start(byte))
        }
        value = value << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        lower = 0x80
        upper = 0xBF
        guard remaining == 0 else { return (nil, nil) }
        return (Unicode.Scalar(value) ?? Self.replacement, nil)
    }

    /// Abandons an unfinished sequence, returning U+FFFD when there was one.
    mutating func flush() -> Unicode.Scalar? {
        guard remaining > 0 else { return nil }
        remaining = 0
        return Self.replacement
    }

    private mutating func start(_ byte: UInt8) -> Unicode.Scalar? {
        switch byte {
        case 0x00...0x7F: return Unicode.Scalar(byte)
        case 0xC2...0xDF: begin(UInt32(byte & 0x1F), count: 1)
        case 0xE0: begin(0, count: 2, lower: 0xA0)
        case 0xED: begin(0x0D, count: 2, upper: 0x9F)
        case 0xE1...0xEF: begin(UInt32(byte & 0x0F), count: 2)
        case 0xF0: begin(0, count: 3, lower: 0x90)
        case 0xF4: begin(4, count: 3, upper: 0x8F)
        case 0xF1...0xF3: begin(UInt32(byte & 0x07), count: 3)
        default: return Self.replacement
        }
        return nil
    }

    private mutating func begin(_ bits: UInt32, count: Int, lower: UInt8 = 0x80, upper: UInt8 = 0xBF) {
        value = bits
        remaining = count
        self.lower = lower
        self.upper = upper
    }
}
