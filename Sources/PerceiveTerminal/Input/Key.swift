/// A key press, already separated from the escape sequences terminals encode it with.
public enum Key: Hashable, Sendable {
    /// Tab (0x09).
    case tab
    /// Shift-Tab (`ESC[Z`).
    case backTab
    /// Return or line feed.
    case enter
    /// The space bar, kept apart from text so it can activate controls.
    case space
    /// A lone Escape, only known once no sequence followed it.
    case escape
    /// Backspace (0x7F or 0x08).
    case backspace
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Ctrl-C, delivered as a key because raw mode disables the signal.
    case controlC
    /// Ctrl-D.
    case controlD
    /// A printable grapheme.
    case character(Character)
}
