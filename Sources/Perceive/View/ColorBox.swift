import Foundation

/// A color as a view keeps it: behind one reference.
///
/// A ``PlatformColor`` is 48 bytes (four components and a name); a view stores its background, a
/// label its text color, on every view whether set or not. Boxed, a view keeps a word: `nil` for
/// no color, a shared box for the named colors (every label's default black), a box of its own
/// only for another color. Values in and out are exact.
final class ColorBox: Sendable {
    let color: PlatformColor

    private init(_ color: PlatformColor) { self.color = color }

    /// The named colors' boxes, shared by every view showing one of them.
    static let black = ColorBox(.black)
    private static let named: [ColorBox] = [
        black, ColorBox(.white), ColorBox(.red), ColorBox(.green), ColorBox(.blue), ColorBox(.gray), ColorBox(.clear)
    ]

    /// Whether the box holds `color`.
    @inline(__always)
    func holds(_ color: PlatformColor) -> Bool { self.color == color }

    /// A box holding `color`: a shared box for a named color, else a new one.
    static func holding(_ color: PlatformColor) -> ColorBox {
        if color.name != nil {
            for shared in named where shared.holds(color) { return shared }
        }
        return ColorBox(color)
    }
}
