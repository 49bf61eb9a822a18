import Foundation

/// How one axis of a sized component is determined.
public enum SizeStrategy: Equatable, Sendable {
    /// The constraint's maximum on this axis (0, with a diagnostic, when that is unbounded).
    case fill
    /// The content's own size.
    case fit
    /// Exactly this many points (negative, NaN and infinite values become 0, with a diagnostic).
    case absolute(CGFloat)
    /// This fraction of the constraint's maximum (1 = `fill`).
    case percentage(CGFloat)
    /// This fraction of the *other* axis' resolved size, e.g. a height of `.aspectPercentage(0.75)`
    /// is three quarters of the width.
    case aspectPercentage(CGFloat)
}

extension SizeStrategy {
    /// Whether the axis is known without the content's size (not `.fit`, not an aspect ratio).
    var isDirect: Bool {
        switch self {
        case .fill, .absolute, .percentage: return true
        case .fit, .aspectPercentage: return false
        }
    }
}

extension SizeStrategy: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .absolute(CGFloat(value)) }
    public init(integerLiteral value: Int) { self = .absolute(CGFloat(value)) }
}

/// Resolves width and height strategies against a constraint; `fit` asks `content` for its size.
@MainActor
enum SizeResolver {
    static func resolve(
        width: SizeStrategy, height: SizeStrategy, in constraint: Constraint,
        origin: () -> String, fit: () -> CGSize
    ) -> CGSize {
        // Both axes known and valid — a fixed or filling size, or one axis a valid proportion of
        // the other (every layout of a sized label, a boundary, a gallery's picture): nothing to
        // report, no content to ask.
        if let widthValue = valid(width, max: constraint.maxSize.width) {
            if let heightValue = valid(height, max: constraint.maxSize.height) { return CGSize(width: widthValue, height: heightValue) }
            if case .aspectPercentage(let ratio) = height, let heightValue = valid(widthValue, times: ratio) {
                return CGSize(width: widthValue, height: heightValue)
            }
        } else if case .aspectPercentage(let ratio) = width, let heightValue = valid(height, max: constraint.maxSize.height),
            let widthValue = valid(heightValue, times: ratio)
        {
            return CGSize(width: widthValue, height: heightValue)
        }
        return resolveReporting(width: width, height: height, in: constraint, origin: origin, fit: fit)
    }

    /// `length × ratio` when neither needs a report (what `resolveReporting` gives a percentage
    /// of a finite maximum, or an aspect axis, then); `nil` otherwise.
    @inline(__always)
    private static func valid(_ length: CGFloat, times ratio: CGFloat) -> CGFloat? {
        guard ratio.isFinite, ratio >= 0, ratio <= Constraint.maximumLength else { return nil }
        let product = length * ratio
        return product <= Constraint.maximumLength ? product : nil
    }

    /// The length `strategy` gives when it needs neither the content nor a report (what
    /// `resolveReporting` would give then); `nil` otherwise.
    @inline(__always)
    private static func valid(_ strategy: SizeStrategy, max: CGFloat) -> CGFloat? {
        switch strategy {
        case .fill: return max.isFinite ? max : nil
        case .absolute(let value): return value.isFinite && value >= 0 && value <= Constraint.maximumLength ? value : nil
        case .percentage(let fraction): return max.isFinite ? valid(max, times: fraction) : nil
        case .fit, .aspectPercentage: return nil
        }
    }

    /// `resolve` for sizes that need the content (`.fit`) or a report: each axis sanitized, capped
    /// and reported as ``SizeStrategy`` documents.
    private static func resolveReporting(
        width: SizeStrategy, height: SizeStrategy, in constraint: Constraint,
        origin: () -> String, fit: () -> CGSize
    ) -> CGSize {
        var fitted: CGSize?
        func fittedSize() -> CGSize {
            if let fitted { return fitted }
            let size = fit()
            fitted = size
            return size
        }
        func direct(_ strategy: SizeStrategy, max: CGFloat, fit: CGFloat?) -> CGFloat? {
            switch strategy {
            case .fill: return bounded(max, what: "fill", origin)
            case .fit: return fit
            case .absolute(let value): return sanitized(value, what: "absolute size", origin)
            case .percentage(let fraction):
                return capped(
                    bounded(max, what: "percentage", origin) * sanitized(fraction, what: "percentage", origin), what: "percentage size",
                    origin)
            case .aspectPercentage: return nil
            }
        }
        let widthValue = direct(width, max: constraint.maxSize.width, fit: width == .fit ? fittedSize().width : nil)
        let heightValue = direct(height, max: constraint.maxSize.height, fit: height == .fit ? fittedSize().height : nil)
        var resolved = CGSize(width: widthValue ?? 0, height: heightValue ?? 0)
        if case .aspectPercentage(let ratio) = height, let widthValue {
            resolved.height = capped(widthValue * sanitized(ratio, what: "aspect ratio", origin), what: "aspect size", origin)
        }
        if case .aspectPercentage(let ratio) = width, let heightValue {
            resolved.width = capped(heightValue * sanitized(ratio, what: "aspect ratio", origin), what: "aspect size", origin)
        }
        if case .aspectPercentage = width, case .aspectPercentage = height {
            Diagnostics.report(
                .invalidInput, "Perceive: \(origin()): both axes use .aspectPercentage, so neither can be resolved; the size is 0×0.")
        }
        return resolved
    }

    /// `value` if finite and ≥ 0 (at most ``Constraint/maximumLength``); otherwise 0, reported.
    static func sanitized(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        if value.isFinite && value >= 0 { return capped(value, what: what, origin) }
        Diagnostics.report(.invalidInput, "Perceive: \(origin()): invalid \(what) \(value) was replaced by 0.")
        return 0
    }

    /// `value` lowered to ``Constraint/maximumLength`` (reported) where it exceeds it.
    static func capped(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        guard value > Constraint.maximumLength else { return value }
        Diagnostics.report(
            .invalidInput,
            "Perceive: \(origin()): \(what) \(value) exceeds the largest length (\(Int(Constraint.maximumLength))) and was lowered to it."
        )
        return Constraint.maximumLength
    }

    /// A finite maximum, or 0 (reported) when the axis is unbounded.
    static func bounded(_ max: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        if max.isFinite { return max }
        Diagnostics.report(
            .invalidInput, "Perceive: \(origin()): .\(what) on an unbounded axis resolves to 0; give that axis a finite size.")
        return 0
    }
}
