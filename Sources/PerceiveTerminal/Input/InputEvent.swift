/// One decoded unit of terminal input.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse report.
    case mouse(MouseEvent)
}
