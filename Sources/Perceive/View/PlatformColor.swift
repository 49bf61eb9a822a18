import Foundation

/// An RGBA color, standing in for the platform color type (`.red`, `.black`, …).
public struct PlatformColor: Hashable, Sendable, CustomStringConvertible {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat
    /// A name for well-known colors, used in dumps.
    public var name: String?

    /// Creates a color from components in 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.init(red: red, green: green, blue: blue, alpha: alpha, name: nil)
    }

    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat, name: String?) {
        (self.red, self.green, self.blue, self.alpha, self.name) = (red, green, blue, alpha, name)
    }

    public static let black = PlatformColor(red: 0, green: 0, blue: 0, alpha: 1, name: "black")
    public static let white = PlatformColor(red: 1, green: 1, blue: 1, alpha: 1, name: "white")
    public static let red = PlatformColor(red: 1, green: 0, blue: 0, alpha: 1, name: "red")
    public static let green = PlatformColor(red: 0, green: 1, blue: 0, alpha: 1, name: "green")
    public static let blue = PlatformColor(red: 0, green: 0, blue: 1, alpha: 1, name: "blue")
    public static let gray = PlatformColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1, name: "gray")
    public static let clear = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0, name: "clear")

    public var description: String {
        name ?? "rgba(\(format(red)), \(format(green)), \(format(blue)), \(format(alpha)))"
    }
}
