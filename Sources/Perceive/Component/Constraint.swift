import Foundation

/// The sizes a component may take: at least `minSize`, at most `maxSize` on each axis.
///
/// `maxSize` may be `.infinity` on an axis (unbounded, e.g. a scroll view's height). Invalid
/// input is sanitized when a constraint is made: NaN becomes 0 for `minSize` and `.infinity` for
/// `maxSize`, negative values become 0, finite values above ``maximumLength`` become
/// `maximumLength` (each reported), and `minSize` is lowered to `maxSize` where it exceeds it.
public struct Constraint: Equatable, Sendable, CustomStringConvertible {
    /// The largest finite length layout works with: 1,000,000,000 points. Every size, spacing,
    /// inset and font size above it is lowered to it (and reported), so sums of many of them stay
    /// finite: finite input always gives finite frames.
    /// (A constant that inlines: the inline validity test of `init` reads it without a call.)
    @inlinable public static var maximumLength: CGFloat { 1_000_000_000 }

    /// Whether layout keeps `length` as it is: at least 0 and at most ``maximumLength`` (NaN and
    /// infinities fail both comparisons). Every sanitized size, spacing, inset and font size asks
    /// it first, inline; anything else takes its sanitizer's reporting path.
    @inlinable
    package static func isValidLength(_ length: CGFloat) -> Bool { length >= 0 && length <= maximumLength }

    /// The smallest allowed size (finite, non-negative).
    public var minSize: CGSize
    /// The largest allowed size (non-negative, possibly infinite).
    public var maxSize: CGSize

    /// Creates a constraint, sanitizing NaN, negative and inverted bounds.
    @inlinable
    public init(minSize: CGSize = .zero, maxSize: CGSize = CGSize(width: CGFloat.infinity, height: .infinity)) {
        // Valid bounds (nearly every constraint a layout makes) are stored as they are, inline in
        // the caller; NaN fails every comparison and takes the sanitizing path.
        if Self._isValid(minSize.width, maxSize.width) && Self._isValid(minSize.height, maxSize.height) {
            self.minSize = minSize
            self.maxSize = maxSize
        } else {
            self = Constraint(sanitizing: minSize, maxSize)
        }
    }

    /// Whether `0 ≤ min ≤ max`, `min` within ``maximumLength`` and `max` within it or infinite.
    @inlinable
    static func _isValid(_ min: CGFloat, _ max: CGFloat) -> Bool {
        min >= 0 && min <= max && min <= maximumLength && (max <= maximumLength || max == .infinity)
    }

    @usableFromInline
    init(sanitizing minSize: CGSize, _ maxSize: CGSize) {
        let maxWidth = Self.sanitizedMax(maxSize.width)
        let maxHeight = Self.sanitizedMax(maxSize.height)
        self.maxSize = CGSize(width: maxWidth, height: maxHeight)
        self.minSize = CGSize(
            width: min(Self.sanitizedMin(minSize.width), maxWidth.isFinite ? maxWidth : .greatestFiniteMagnitude),
            height: min(Self.sanitizedMin(minSize.height), maxHeight.isFinite ? maxHeight : .greatestFiniteMagnitude)
        )
    }

    /// A constraint that allows exactly `size`.
    public init(tightSize size: CGSize) {
        self.init(minSize: size, maxSize: size)
    }

    /// True when min and max are equal on both axes.
    public var isTight: Bool { minSize == maxSize }

    /// `size` clamped into `minSize…maxSize` (and to ``maximumLength`` on an unbounded axis); NaN
    /// becomes the minimum.
    public func clamp(_ size: CGSize) -> CGSize {
        CGSize(
            width: Self.clamp(size.width, minSize.width, Swift.min(maxSize.width, Self.maximumLength)),
            height: Self.clamp(size.height, minSize.height, Swift.min(maxSize.height, Self.maximumLength)))
    }

    /// The smallest size holding every node's size (layers: a group, a `ZStack`), clamped into
    /// the constraint. (A loop, not `reduce`: a main-actor closure given to it checks the executor
    /// on every call.)
    @MainActor
    package func fitting(_ nodes: [any RenderNode]) -> CGSize {
        var size = minSize
        for node in nodes {
            let own = node.size
            size = CGSize(width: Swift.max(size.width, own.width), height: Swift.max(size.height, own.height))
        }
        return fitting(size)
    }

    /// The size of `size`, at least the minimum, within the constraint (`fitting` for one node).
    package func fitting(_ size: CGSize) -> CGSize {
        clamp(CGSize(width: Swift.max(minSize.width, size.width), height: Swift.max(minSize.height, size.height)))
    }

    public var description: String {
        "Constraint(min: \(format(minSize)), max: \(format(maxSize)))"
    }

    static func clamp(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> CGFloat {
        guard !value.isNaN else { return lower }
        return Swift.min(Swift.max(value, lower), upper)
    }

    static func sanitizedMin(_ value: CGFloat) -> CGFloat {
        if value >= 0 && value <= maximumLength { return value }
        return replaced(value, by: value > maximumLength && value.isFinite ? maximumLength : 0, "minimum")
    }

    static func sanitizedMax(_ value: CGFloat) -> CGFloat {
        // Infinity is an unbounded axis, not an error.
        if (value >= 0 && value <= maximumLength) || value == .infinity { return value }
        return replaced(value, by: value.isNaN ? .infinity : (value > maximumLength ? maximumLength : 0), "maximum")
    }

    private static func replaced(_ value: CGFloat, by replacement: CGFloat, _ bound: String) -> CGFloat {
        Diagnostics.report(.invalidInput, "Perceive: a constraint \(bound) of \(value) was replaced by \(format(replacement)).")
        return replacement
    }
}

/// Formats a size as `W×H` with at most 4 decimals (used by descriptions and view dumps).
func format(_ size: CGSize) -> String { "\(format(size.width))×\(format(size.height))" }

/// Formats a number compactly and deterministically: `12`, `12.5`, `0.3333`, `inf`, and very large
/// magnitudes in scientific notation (`1e+20`).
func format(_ value: CGFloat) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    // Beyond 1e15 neither the 4-decimal rounding nor an `Int` can hold the value.
    if abs(value) >= 1e15 { return String(format: "%g", Double(value)) }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(format: "%.4f", Double(rounded))
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

extension Constraint {
    /// `==` field by field: Foundation's `CGSize` equality is an opaque call on Linux, made for
    /// every child a container takes.
    @inline(__always)
    func isIdentical(to other: Constraint) -> Bool {
        minSize.width == other.minSize.width && minSize.height == other.minSize.height && maxSize.width == other.maxSize.width
            && maxSize.height == other.maxSize.height
    }
}
