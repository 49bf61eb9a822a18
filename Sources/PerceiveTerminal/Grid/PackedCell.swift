/// A cell as ``CellGrid`` stores it: integers only, so that filling, copying and comparing the
/// thousands of cells of a frame never touches a reference count (a `Character` would).
struct PackedCell: Hashable, Sendable {
    /// A Unicode scalar value, or ``clusterFlag`` with an index into the grid's clusters (a
    /// grapheme of several scalars).
    var glyph: UInt32
    /// `0x1RRGGBB` (bit 24 marks a colour), 0 for none.
    var foreground: UInt32
    var background: UInt32
    /// ``bold``, ``underline``, ``inverse``, ``continuation``. Four bytes, so a cell has no
    /// padding and rows of cells compare with `memcmp`.
    var flags: UInt32

    static let clusterFlag: UInt32 = 1 << 31
    static let bold: UInt32 = 1
    static let underline: UInt32 = 2
    static let inverse: UInt32 = 4
    static let continuation: UInt32 = 8

    static let blank = PackedCell(glyph: 0x20, foreground: 0, background: 0, flags: 0)

    static func pack(_ color: TerminalColor?) -> UInt32 {
        guard let color else { return 0 }
        return 1 << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    static func unpack(_ value: UInt32) -> TerminalColor? {
        guard value != 0 else { return nil }
        return TerminalColor(
            red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value))
    }

    init(glyph: UInt32, foreground: UInt32, background: UInt32, flags: UInt32) {
        (self.glyph, self.foreground, self.background, self.flags) = (glyph, foreground, background, flags)
    }

    /// `style` packed, with `glyph`.
    init(glyph: UInt32, style: TerminalStyle, continuation: Bool = false) {
        var flags: UInt32 = 0
        if style.bold { flags |= Self.bold }
        if style.underline { flags |= Self.underline }
        if style.inverse { flags |= Self.inverse }
        if continuation { flags |= Self.continuation }
        self.init(glyph: glyph, foreground: Self.pack(style.foreground), background: Self.pack(style.background), flags: flags)
    }

    var isContinuation: Bool { flags & Self.continuation != 0 }

    var style: TerminalStyle {
        TerminalStyle(
            foreground: Self.unpack(foreground), background: Self.unpack(background), bold: flags & Self.bold != 0,
            underline: flags & Self.underline != 0, inverse: flags & Self.inverse != 0)
    }
}
