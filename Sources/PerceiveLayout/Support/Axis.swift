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

/// Sanitizes a length (spacing, inset, size, factor): NaN, infinite or negative becomes 0; above
/// ``Constraint/maximumLength`` becomes that. Both are reported.
/// `origin` names the component and, where known, the call that made it ("VStack at App/Feed.swift:12").
@inline(__always)
func sanitizedLength(_ value: CGFloat, _ what: String, _ origin: @autoclosure () -> String) -> CGFloat {
    // A valid length (nearly every one, made at every build of a stack) is kept inline.
    if Constraint.isValidLength(value) { return value }
    return reportedLength(value, what, origin)
}

/// `sanitizedLength` for a length that needs a report: above the largest length, or invalid.
@inline(never)
private func reportedLength(_ value: CGFloat, _ what: String, _ origin: () -> String) -> CGFloat {
    if value.isFinite && value >= 0 {
        Diagnostics.report(
            .invalidInput,
            "PerceiveLayout: \(origin()): \(what) \(value) exceeds the largest length (\(Int(Constraint.maximumLength))) and was lowered to it."
        )
        return Constraint.maximumLength
    }
    Diagnostics.report(.invalidInput, "PerceiveLayout: \(origin()): invalid \(what) \(value) was replaced by 0.")
    return 0
}

/// Sanitizes a count: below `range` becomes its lower bound, above becomes its upper bound; both
/// are reported.
func sanitizedCount(_ value: Int, in range: ClosedRange<Int>, _ what: String, _ origin: @autoclosure () -> String) -> Int {
    if range.contains(value) { return value }
    let replacement = value < range.lowerBound ? range.lowerBound : range.upperBound
    Diagnostics.report(
        .invalidInput,
        "PerceiveLayout: \(origin()): \(what) \(value) is outside \(range.lowerBound)…\(range.upperBound); \(replacement) is used.")
    return replacement
}

/// How a message names a component made at `fileID`:`line`.
func origin(_ name: String, _ fileID: StaticString, _ line: UInt) -> String { "\(name) at \(CallSite(fileID: fileID, line: line))" }
