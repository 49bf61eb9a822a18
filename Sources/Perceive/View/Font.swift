import Foundation

/// A font description: a point size and a weight, standing in for the platform font type.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// Stroke weights.
    public enum Weight: String, Hashable, Sendable {
        case regular, bold
    }

    /// The point size (sanitized to be finite and ≥ 0).
    public var pointSize: CGFloat
    public var weight: Weight

    /// A font of `pointSize` and `weight`.
    public init(pointSize: CGFloat, weight: Weight = .regular) {
        self.pointSize = pointSize.isFinite ? max(pointSize, 0) : 0
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
