/// A mouse report from SGR (1006) mouse mode.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down; 0 left, 1 middle, 2 right.
        case press(button: Int)
        /// A button went up.
        case release(button: Int)
        /// One wheel notch away from the user.
        case wheelUp
        /// One wheel notch towards the user.
        case wheelDown
        /// Motion with a button held.
        case drag(button: Int)
    }

    /// What happened.
    public var kind: Kind
    /// Column, 0-based.
    public var x: Int
    /// Row, 0-based.
    public var y: Int

    /// Creates a mouse event at a 0-based cell.
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
