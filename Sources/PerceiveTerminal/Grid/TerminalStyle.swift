/// The pen a cell is drawn with; `nil` colours mean the terminal's own default colours.
public struct TerminalStyle: Hashable, Sendable {
    /// Text colour, or `nil` for the terminal default.
    public var foreground: TerminalColor?
    /// Cell colour, or `nil` for the terminal default.
    public var background: TerminalColor?
    /// Bold (SGR 1).
    public var bold: Bool
    /// Underline (SGR 4).
    public var underline: Bool
    /// Swapped foreground and background (SGR 7).
    public var inverse: Bool

    /// Default colours and no attributes: what `ESC[0m` leaves the terminal in.
    public static let plain = TerminalStyle()

    /// Creates a style; every attribute defaults to off.
    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, underline: Bool = false,
        inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.inverse = inverse
    }
}
