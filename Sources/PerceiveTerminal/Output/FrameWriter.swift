/// Byte output for one frame, tracking where the terminal's cursor and pen are to skip redundant sequences.
struct FrameWriter {
    let colors: ColorMode
    private(set) var bytes: [UInt8] = []
    private(set) var cellsWritten = 0
    /// Where the terminal's cursor is, and its pen; `nil` when unknown (first frame, after a
    /// resize). Both carry over from frame to frame: nothing else writes to the terminal.
    private(set) var cursor: (x: Int, y: Int)?
    private(set) var pen: TerminalStyle?

    init(colors: ColorMode, cursor: (x: Int, y: Int)? = nil, pen: TerminalStyle? = nil) {
        self.colors = colors
        self.cursor = cursor
        self.pen = pen
    }

    /// Resets pen and screen; the cursor is then known to be home.
    mutating func clearScreen() {
        bytes.append(contentsOf: "\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
        cursor = (0, 0)
        pen = .plain
    }

    /// Writes a cell covering `span` columns; a grapheme whose width disagrees with its span is replaced so the cursor math holds.
    mutating func write(_ cell: TerminalCell, x: Int, y: Int, span: Int) {
        move(toX: x, y: y)
        var style = cell.style
        if colors == .none {
            style.foreground = nil
            style.background = nil
        }
        if style != pen { setPen(style) }
        let grapheme: Character = cell.isContinuation ? " " : cell.grapheme
        if CharacterWidth.columns(of: grapheme) == span {
            bytes.append(contentsOf: grapheme.utf8)
        } else {
            bytes.append(contentsOf: "\u{FFFD}".utf8)
            if span == 2 { bytes.append(UInt8(ascii: " ")) }
        }
        cursor = (x + span, y)
        cellsWritten += span
    }

    /// The shortest of: nothing (already there), forward on the row (CUF), to a column of the row
    /// (CHA), anywhere (CUP).
    private mutating func move(toX x: Int, y: Int) {
        if let cursor, cursor.x == x, cursor.y == y { return }
        var best = sequence(Array("\u{1B}[".utf8), y + 1, ";", x + 1, "H")
        if let cursor, cursor.y == y {
            let column = sequence(Array("\u{1B}[".utf8), x + 1, nil, nil, "G")
            if column.count < best.count { best = column }
            if x > cursor.x {
                let forward = x - cursor.x == 1 ? Array("\u{1B}[C".utf8) : sequence(Array("\u{1B}[".utf8), x - cursor.x, nil, nil, "C")
                if forward.count < best.count { best = forward }
            }
        }
        bytes.append(contentsOf: best)
    }

    private func sequence(_ prefix: [UInt8], _ first: Int, _ separator: Character?, _ second: Int?, _ final: Character) -> [UInt8] {
        var result = prefix
        result.appendDecimal(first)
        if let separator, let second {
            result.append(contentsOf: String(separator).utf8)
            result.appendDecimal(second)
        }
        result.append(contentsOf: String(final).utf8)
        return result
    }

    /// The shorter of the change from the current pen and a reset followed by the whole style.
    private mutating func setPen(_ style: TerminalStyle) {
        var full: [UInt8] = Array("\u{1B}[0".utf8)
        appendAttributes(of: style, to: &full)
        full.append(UInt8(ascii: "m"))
        guard let pen else {
            bytes.append(contentsOf: full)
            self.pen = style
            return
        }
        var parameters: [UInt8] = []
        func add(_ code: String) { parameters.append(contentsOf: (";" + code).utf8) }
        if pen.bold != style.bold { add(style.bold ? "1" : "22") }
        if pen.underline != style.underline { add(style.underline ? "4" : "24") }
        if pen.inverse != style.inverse { add(style.inverse ? "7" : "27") }
        if pen.foreground != style.foreground {
            if let foreground = style.foreground { appendColor(foreground, selector: 38, to: &parameters) } else { add("39") }
        }
        if pen.background != style.background {
            if let background = style.background { appendColor(background, selector: 48, to: &parameters) } else { add("49") }
        }
        // The parameters start with ";": drop it after the CSI.
        let change = Array("\u{1B}[".utf8) + parameters.dropFirst() + [UInt8(ascii: "m")]
        bytes.append(contentsOf: change.count < full.count ? change : full)
        self.pen = style
    }

    private func appendAttributes(of style: TerminalStyle, to parameters: inout [UInt8]) {
        if style.bold { parameters.append(contentsOf: ";1".utf8) }
        if style.underline { parameters.append(contentsOf: ";4".utf8) }
        if style.inverse { parameters.append(contentsOf: ";7".utf8) }
        if let foreground = style.foreground { appendColor(foreground, selector: 38, to: &parameters) }
        if let background = style.background { appendColor(background, selector: 48, to: &parameters) }
    }

    private func appendColor(_ color: TerminalColor, selector: Int, to parameters: inout [UInt8]) {
        switch colors {
        case .trueColor:
            parameters.append(UInt8(ascii: ";"))
            parameters.appendDecimal(selector)
            parameters.append(contentsOf: ";2".utf8)
            for channel in [color.red, color.green, color.blue] {
                parameters.append(UInt8(ascii: ";"))
                parameters.appendDecimal(Int(channel))
            }
        case .palette256:
            parameters.append(UInt8(ascii: ";"))
            parameters.appendDecimal(selector)
            parameters.append(contentsOf: ";5;".utf8)
            parameters.appendDecimal(Int(ColorMode.paletteIndex(color)))
        case .none:
            break
        }
    }
}
