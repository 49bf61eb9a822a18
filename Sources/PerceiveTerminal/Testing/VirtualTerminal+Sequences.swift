extension VirtualTerminal {
    /// Renders raw bytes readably for `unsupported`, with ESC spelled out.
    static func describe(_ bytes: [UInt8]) -> String {
        bytes.reduce(into: "") { text, byte in
            switch byte {
            case 0x1B: text += "ESC"
            case 0x20...0x7E: text.append(Character(Unicode.Scalar(byte)))
            default: text += "<\(byte)>"
            }
        }
    }

    /// Runs one CSI sequence; `body` is everything after `ESC[` including the final byte.
    mutating func execute(_ body: [UInt8]) {
        guard let final = body.last else { return }
        let isPrivate = body.first == UInt8(ascii: "?")
        let text = String(decoding: body.dropFirst(isPrivate ? 1 : 0).dropLast(), as: UTF8.self)
        let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let recognised: Bool
        switch (isPrivate, Character(Unicode.Scalar(final))) {
        case (true, "h"): recognised = setModes(parameters, on: true)
        case (true, "l"): recognised = setModes(parameters, on: false)
        case (false, "H"), (false, "f"): recognised = moveCursor(row: parameters.first ?? nil, column: parameters.dropFirst().first ?? nil)
        case (false, "G"): recognised = moveCursor(row: cursor.y + 1, column: parameters.first ?? nil)
        case (false, "A"): recognised = moveCursor(by: (0, -count(parameters)))
        case (false, "B"): recognised = moveCursor(by: (0, count(parameters)))
        case (false, "C"): recognised = moveCursor(by: (count(parameters), 0))
        case (false, "D"): recognised = moveCursor(by: (-count(parameters), 0))
        case (false, "J"): recognised = erase(screen.bounds, only: 2, parameters)
        case (false, "K"):
            let rest = CellRect(x: cursor.x, y: cursor.y, width: screen.columns - cursor.x, height: 1)
            recognised = erase(rest, only: 0, parameters)
        case (false, "m"): recognised = applyGraphicRendition(parameters)
        default: recognised = false
        }
        if !recognised { unsupported.append(Self.describe([0x1B, UInt8(ascii: "[")] + body)) }
    }

    private func count(_ parameters: [Int?]) -> Int {
        max(1, (parameters.first ?? nil) ?? 1)
    }

    private mutating func moveCursor(row: Int?, column: Int?) -> Bool {
        cursor = (min(max(1, column ?? 1), screen.columns) - 1, min(max(1, row ?? 1), screen.rows) - 1)
        pendingWrap = false
        return true
    }

    private mutating func moveCursor(by delta: (x: Int, y: Int)) -> Bool {
        cursor = (min(max(0, cursor.x + delta.x), screen.columns - 1), min(max(0, cursor.y + delta.y), screen.rows - 1))
        pendingWrap = false
        return true
    }

    private mutating func erase(_ rect: CellRect, only mode: Int, _ parameters: [Int?]) -> Bool {
        guard parameters.count == 1, (parameters[0] ?? 0) == mode else { return false }
        // Like xterm, erased cells take the pen's background colour.
        screen.fill(rect, background: pen.background)
        return true
    }

    private mutating func setModes(_ parameters: [Int?], on: Bool) -> Bool {
        var recognised = true
        for parameter in parameters {
            switch parameter {
            case 25: cursorVisible = on
            case 1000: mouseReporting = on
            case 1006: sgrMouse = on
            case 1049: switchScreen(toAlternate: on)
            default: recognised = false
            }
        }
        return recognised
    }

    private mutating func switchScreen(toAlternate: Bool) {
        guard toAlternate != alternateScreen else { return }
        alternateScreen = toAlternate
        if toAlternate {
            savedMain = (screen, cursor)
            screen = CellGrid(columns: screen.columns, rows: screen.rows)
        } else if let saved = savedMain {
            screen = saved.screen
            cursor = saved.cursor
            savedMain = nil
        }
        pendingWrap = false
    }
}
