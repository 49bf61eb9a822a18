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
    /// One algorithm for every size: each step keeps a valid length inline and calls out only to
    /// report (a fixed or filling size, a sized label, a boundary's box, a gallery's picture, at
    /// every layout, report nothing and ask no content).
    @inline(__always)
    static func resolve(
        width: SizeStrategy, height: SizeStrategy, in constraint: Constraint,
        origin: () -> String, fit: () -> CGSize
    ) -> CGSize {
        // The content is asked at most once, and only for a `.fit` axis, when that axis resolves.
        var fitted: CGSize?
        if case .fit = width { fitted = fit() }
        let widthValue = direct(width, max: constraint.maxSize.width, fit: fitted?.width, origin)
        if case .fit = height, fitted == nil { fitted = fit() }
        let heightValue = direct(height, max: constraint.maxSize.height, fit: fitted?.height, origin)
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

    /// The length an axis gives by itself (`fit`: the content's, when the axis is `.fit`); `nil`
    /// for an aspect ratio, which needs the other axis.
    @inline(__always)
    private static func direct(_ strategy: SizeStrategy, max: CGFloat, fit: CGFloat?, _ origin: () -> String) -> CGFloat? {
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

    /// `value` if finite and ≥ 0 (at most ``Constraint/maximumLength``); otherwise 0, reported.
    @inline(__always)
    static func sanitized(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        if Constraint.isValidLength(value) { return value }
        return reportedSanitized(value, what: what, origin)
    }

    @inline(never)
    private static func reportedSanitized(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        if value.isFinite && value >= 0 { return reportedCapped(value, what: what, origin) }
        Diagnostics.report(.invalidInput, "Perceive: \(origin()): invalid \(what) \(value) was replaced by 0.")
        return 0
    }

    /// `value` lowered to ``Constraint/maximumLength`` (reported) where it exceeds it.
    @inline(__always)
    static func capped(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        guard value > Constraint.maximumLength else { return value }
        return reportedCapped(value, what: what, origin)
    }

    /// ``Constraint/maximumLength``, for `value` above it, reported.
    @inline(never)
    private static func reportedCapped(_ value: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        Diagnostics.report(
            .invalidInput,
            "Perceive: \(origin()): \(what) \(value) exceeds the largest length (\(Int(Constraint.maximumLength))) and was lowered to it."
        )
        return Constraint.maximumLength
    }

    /// A finite maximum, or 0 (reported) when the axis is unbounded.
    @inline(__always)
    static func bounded(_ max: CGFloat, what: String, _ origin: () -> String) -> CGFloat {
        if max.isFinite { return max }
        return reportedUnbounded(what: what, origin)
    }

    @inline(never)
    private static func reportedUnbounded(what: String, _ origin: () -> String) -> CGFloat {
        Diagnostics.report(
            .invalidInput, "Perceive: \(origin()): .\(what) on an unbounded axis resolves to 0; give that axis a finite size.")
        return 0
    }
}
