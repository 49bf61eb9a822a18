/// A 24-bit colour; the encoder downgrades it when the terminal cannot show true colour.
public struct TerminalColor: Hashable, Sendable {
    /// Red channel, 0–255.
    public var red: UInt8
    /// Green channel, 0–255.
    public var green: UInt8
    /// Blue channel, 0–255.
    public var blue: UInt8

    /// Creates a colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
