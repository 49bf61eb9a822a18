import Foundation

/// A font description: a point size and a weight, standing in for the platform font type.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// Stroke weights.
    public enum Weight: String, Hashable, Sendable {
        case regular, bold
    }

    /// The point size: finite, ≥ 0 and at most ``Constraint/maximumLength``.
    public var pointSize: CGFloat
    public var weight: Weight

    /// A font of `pointSize` and `weight`. A NaN, infinite or negative size becomes 0, one above
    /// ``Constraint/maximumLength`` becomes that; both are reported.
    public init(pointSize: CGFloat, weight: Weight = .regular) {
        if Constraint.isValidLength(pointSize) {
            self.pointSize = pointSize
        } else {
            self.pointSize = pointSize > Constraint.maximumLength ? Constraint.maximumLength : 0
            Diagnostics.report(.invalidInput, "Perceive: invalid font size \(pointSize) was replaced by \(format(self.pointSize)).")
        }
        self.weight = weight
    }

    /// The regular system font of `size`.
    public static func systemFont(ofSize size: CGFloat) -> Font { Font(pointSize: size) }
    /// The bold system font of `size`.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { Font(pointSize: size, weight: .bold) }

    /// The distance between baselines: 1.2 × the point size.
    public var lineHeight: CGFloat { (pointSize * 1.2).rounded(.up) }

    public var description: String { "\(weight == .bold ? "bold " : "")\(format(pointSize))" }
}
