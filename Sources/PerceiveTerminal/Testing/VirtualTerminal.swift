/// A small terminal emulator for tests: it executes the sequences the encoder emits and records the rest.
///
/// It models xterm's deferred wrap (the cursor parks on the last column until the next grapheme),
/// so filling the bottom-right cell does not scroll.
public struct VirtualTerminal: Sendable {
    /// What the terminal shows.
    public internal(set) var screen: CellGrid
    /// Cursor position, 0-based.
    public internal(set) var cursor: (x: Int, y: Int) = (0, 0)
    /// Toggled by `ESC[?25l` / `ESC[?25h`.
    public internal(set) var cursorVisible = true
    /// Whether the alternate screen (`ESC[?1049h`) is active.
    public internal(set) var alternateScreen = false
    /// Whether click reporting (`ESC[?1000h`) is on.
    public internal(set) var mouseReporting = false
    /// Whether SGR mouse coordinates (`ESC[?1006h`) are on.
    public internal(set) var sgrMouse = false
    /// Sequences and controls it did not understand, rendered readably; tests assert this stays empty.
    public internal(set) var unsupported: [String] = []

    var pen = TerminalStyle.plain
    var pendingWrap = false
    var savedMain: (screen: CellGrid, cursor: (x: Int, y: Int))?
    private var lastPrinted: (x: Int, y: Int, grapheme: Character)?
    private var utf8 = UTF8Assembler()
    private var sequence: [UInt8] = []

    /// Creates a blank terminal of the given size.
    public init(columns: Int, rows: Int) {
        screen = CellGrid(columns: columns, rows: rows)
    }

    /// The screen's rows with trailing spaces trimmed.
    public var lines: [String] { screen.lines }

    /// Executes terminal output; sequences may be split across calls.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if !sequence.isEmpty {
                continueSequence(byte)
            } else if byte == 0x1B {
                if let broken = utf8.flush() { handle(broken) }
                sequence = [byte]
            } else {
                let (first, second) = utf8.consume(byte)
                if let first { handle(first) }
                if let second { handle(second) }
            }
        }
    }

    private mutating func continueSequence(_ byte: UInt8) {
        sequence.append(byte)
        if sequence.count == 2 {
            if byte != UInt8(ascii: "[") { reject() }
            return
        }
        switch byte {
        case 0x40...0x7E:
            lastPrinted = nil
            execute(Array(sequence.dropFirst(2)))
            sequence.removeAll()
        case 0x20...0x3F where sequence.count < 64:
            break
        default:
            reject()
        }
    }

    private mutating func reject() {
        unsupported.append(Self.describe(sequence))
        sequence.removeAll()
    }

    private mutating func handle(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0D:
            cursor.x = 0
            pendingWrap = false
        case 0x0A:
            lineFeed()
        case 0x08:
            cursor.x = max(0, cursor.x - 1)
            pendingWrap = false
        case 0x00..<0x20, 0x7F..<0xA0:
            unsupported.append("<\(scalar.value)>")
        default:
            printScalar(scalar)
            return
        }
        lastPrinted = nil
    }

    private mutating func printScalar(_ scalar: Unicode.Scalar) {
        if let last = lastPrinted {
            // The scalar may extend the previous grapheme (combining mark, VS16, ZWJ, flag half).
            var joined = String(last.grapheme)
            joined.unicodeScalars.append(scalar)
            if joined.count == 1 {
                cursor = (last.x, last.y)
                pendingWrap = false
                printGrapheme(Character(joined))
                return
            }
        }
        printGrapheme(Character(scalar))
    }

    private mutating func printGrapheme(_ grapheme: Character) {
        let width = CharacterWidth.columns(of: grapheme)
        guard width > 0, width <= screen.columns else { return }
        if pendingWrap || (width == 2 && cursor.x == screen.columns - 1) {
            cursor.x = 0
            lineFeed()
        }
        screen.place(TerminalCell(grapheme: grapheme, style: pen), x: cursor.x, y: cursor.y)
        if width == 2 { screen.place(TerminalCell(style: pen, isContinuation: true), x: cursor.x + 1, y: cursor.y) }
        lastPrinted = (cursor.x, cursor.y, grapheme)
        cursor.x += width
        if cursor.x >= screen.columns {
            cursor.x = screen.columns - 1
            pendingWrap = true
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        guard cursor.y + 1 >= screen.rows else {
            cursor.y += 1
            return
        }
        var scrolled = CellGrid(columns: screen.columns, rows: screen.rows)
        for y in 1..<max(1, screen.rows) {
            for x in 0..<screen.columns { scrolled[x, y - 1] = screen[x, y] }
        }
        screen = scrolled
    }
}
