/// One screen cell: a grapheme and its style.
public struct TerminalCell: Hashable, Sendable {
    /// The grapheme drawn here; `" "` for an empty cell.
    public var grapheme: Character
    /// The style the grapheme is drawn with.
    public var style: TerminalStyle
    /// True for the right half of a wide grapheme, whose lead cell sits one column to the left.
    public var isContinuation: Bool

    /// An empty cell in the terminal's default colours, as left by a screen clear.
    public static let blank = TerminalCell()

    /// Creates a cell; the defaults describe a blank one.
    public init(grapheme: Character = " ", style: TerminalStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = isContinuation
    }
}
