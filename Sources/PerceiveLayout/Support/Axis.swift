import Foundation

/// A layout direction; its accessors let one algorithm serve both axes.
public enum Axis: Sendable {
    case horizontal, vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }

    func main(_ size: CGSize) -> CGFloat { self == .horizontal ? size.width : size.height }
    func cross(_ size: CGSize) -> CGFloat { self == .horizontal ? size.height : size.width }
    func size(main: CGFloat, cross: CGFloat) -> CGSize {
        self == .horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
    }
    func point(main: CGFloat, cross: CGFloat) -> CGPoint {
        self == .horizontal ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
    }
    func main(_ point: CGPoint) -> CGFloat { self == .horizontal ? point.x : point.y }
    func main(_ rect: CGRect) -> (min: CGFloat, max: CGFloat) {
        self == .horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }
}

/// Sanitizes a spacing or inset: finite and ≥ 0, otherwise 0 (reported).
func sanitizedLength(_ value: CGFloat, _ what: String) -> CGFloat {
    if value.isFinite && value >= 0 { return value }
    Diagnostics.report(.invalidInput, "PerceiveLayout: invalid \(what) \(value) was replaced by 0.")
    return 0
}
