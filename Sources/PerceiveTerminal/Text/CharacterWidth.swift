/// How many terminal columns a grapheme occupies, matching what common terminal emulators draw.
///
/// The tables are fixed rather than derived from the standard library's Unicode data so the
/// result does not drift when the toolchain's Unicode version differs from the terminal's.
public enum CharacterWidth {
    /// Columns for one grapheme cluster: 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        guard let second = scalars.next() else { return width(ofLone: first) }
        if isControl(first) || isZeroWidth(first) { return 0 }
        if isRegionalIndicator(first) && isRegionalIndicator(second) { return 2 }
        var hasJoiner = second.value == 0x200D
        var hasEmojiSelector = second.value == 0xFE0F
        while let scalar = scalars.next(), !hasEmojiSelector {
            hasJoiner = hasJoiner || scalar.value == 0x200D
            hasEmojiSelector = scalar.value == 0xFE0F
        }
        if hasEmojiSelector { return 2 }
        if hasJoiner && first.value > 0x7F && first.properties.isEmoji { return 2 }
        return width(ofLone: first)
    }

    /// Total columns of a string; pure ASCII never leaves the byte loop.
    public static func columns(of text: some StringProtocol) -> Int {
        var total = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return text.reduce(0) { $0 + columns(of: $1) } }
            if byte >= 0x20 && byte != 0x7F { total += 1 }
        }
        return total
    }

    /// Whether a grapheme starts with a C0/C1 control or DEL, which a grid draws as U+FFFD.
    /// The cells `character` takes when drawn: a control character is drawn as U+FFFD (one
    /// cell), everything else as wide as ``columns(of:)-(Character)`` says.
    public static func drawnColumns(of character: Character) -> Int {
        let width = columns(of: character)
        return width == 0 && isControl(character) ? 1 : width
    }

    static func isControl(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return isControl(first)
    }

    private static func width(ofLone scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 { return value >= 0x20 && value != 0x7F ? 1 : 0 }
        if isControl(scalar) || isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD:
            // Soft hyphen is a format character, yet terminals give it a visible column.
            return false
        case 0x1160...0x11FF, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return false
            }
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        case 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F265, 0x1F7E0...0x1F7EB, 0x1F7F0:
            return true
        case 0x231A, 0x231B, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615,
            0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5,
            0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B,
            0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
            0x2B1B, 0x2B1C, 0x2B50, 0x2B55:
            // The Emoji_Presentation subset: drawn as emoji, and so wide, even without U+FE0F.
            return true
        default:
            return false
        }
    }
}
