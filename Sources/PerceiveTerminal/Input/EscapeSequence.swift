/// Parser for the escape sequences terminals send for keys and mouse reports.
enum EscapeSequence {
    /// The outcome of parsing at an ESC byte.
    enum Parse: Equatable {
        /// More bytes are needed to decide.
        case incomplete
        /// `length` bytes were consumed; `nil` means a sequence that is recognised as such but ignored.
        case complete(InputEvent?, length: Int)
    }

    /// Parses the sequence starting with the ESC at `start`.
    static func parse(_ bytes: [UInt8], from start: Int) -> Parse {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return parseCSI(bytes, from: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            return .complete(finalKey(bytes[start + 2]).map { .key($0) }, length: 3)
        case 0x20...0x7E:
            // Alt+key: not a key this runtime knows, but never text either.
            return .complete(nil, length: 2)
        default:
            return .complete(.key(.escape), length: 1)
        }
    }

    private static func parseCSI(_ bytes: [UInt8], from start: Int) -> Parse {
        var index = start + 2
        var prefix: UInt8?
        if index < bytes.count, (0x3C...0x3F).contains(bytes[index]) {
            prefix = bytes[index]
            index += 1
        }
        var parameters: [Int?] = []
        var current: Int?
        var hasIntermediate = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x39:
                current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000)
            case 0x3B:
                parameters.append(current)
                current = nil
            case 0x3A, 0x3C...0x3F:
                break
            case 0x20...0x2F:
                hasIntermediate = true
            case 0x40...0x7E:
                parameters.append(current)
                let length = index - start + 1
                if prefix == nil && !hasIntermediate && byte == UInt8(ascii: "M") && parameters == [nil] {
                    // Legacy X10 mouse report: three raw bytes follow that must not become text.
                    return bytes.count >= start + length + 3 ? .complete(nil, length: length + 3) : .incomplete
                }
                guard !hasIntermediate else { return .complete(nil, length: length) }
                return .complete(event(prefix: prefix, parameters: parameters, final: byte), length: length)
            default:
                // A byte that cannot occur inside a CSI: drop what came before it and resume there.
                return .complete(nil, length: index - start)
            }
            index += 1
        }
        return .incomplete
    }

    private static func event(prefix: UInt8?, parameters: [Int?], final: UInt8) -> InputEvent? {
        switch prefix {
        case UInt8(ascii: "<"):
            return mouse(parameters: parameters, final: final).map { .mouse($0) }
        case nil:
            if final == UInt8(ascii: "~") { return tildeKey(parameters.first ?? nil).map { .key($0) } }
            if final == UInt8(ascii: "Z") { return .key(.backTab) }
            return finalKey(final).map { .key($0) }
        default:
            return nil
        }
    }

    private static func finalKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    private static func tildeKey(_ code: Int?) -> Key? {
        switch code {
        case 1, 7: .home
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        default: nil
        }
    }

    private static func mouse(parameters: [Int?], final: UInt8) -> MouseEvent? {
        guard parameters.count == 3, let code = parameters[0], let column = parameters[1], let row = parameters[2],
            final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
        else { return nil }
        let button = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard button < 2 else { return nil }
            kind = button == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            kind = .drag(button: button)
        } else {
            kind = final == UInt8(ascii: "M") ? .press(button: button) : .release(button: button)
        }
        return MouseEvent(kind: kind, x: max(0, column - 1), y: max(0, row - 1))
    }
}
