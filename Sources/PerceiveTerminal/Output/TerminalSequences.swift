/// Fixed control sequences the run loop sends around a session.
public enum TerminalSequences {
    /// Hides the text cursor so it does not flicker across the screen while a frame is drawn.
    public static let hideCursor = "\u{1B}[?25l"
    /// Shows the text cursor again.
    public static let showCursor = "\u{1B}[?25h"
    /// Switches to the alternate screen, preserving the user's scrollback.
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns to the main screen and its saved contents.
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Turns on click reporting with SGR coordinates, which have no 223-column limit.
    public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Turns mouse reporting off, in reverse order of `enableMouse`.
    public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
}
