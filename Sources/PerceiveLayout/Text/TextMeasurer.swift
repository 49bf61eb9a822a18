import Foundation

/// Measures and wraps text. Read by `Text` from the environment (`\.textMeasurer`), so tests,
/// benchmarks and apps can install their own.
public protocol TextMeasurer: Sendable {
    /// The lines `text` occupies in `font` within `maxWidth` (at most `maxLines`, 0 = unlimited),
    /// and the size of the block.
    func measure(_ text: String, font: Font, maxWidth: CGFloat, maxLines: Int) -> CGSize
}

/// The default measurer: deterministic, identical on every machine.
///
/// Every character advances `0.5 × pointSize` (bold: `0.55 × pointSize`); a line is
/// `Font.lineHeight` (`⌈1.2 × pointSize⌉`) tall. Text wraps at spaces (greedy, a word longer than a
/// line is broken by character) and at `\n`; with `maxLines` > 0 extra lines are dropped.
public struct MonospacedTextMeasurer: TextMeasurer {
    public init() {}

    /// The advance of one character in `font`.
    public static func advance(_ font: Font) -> CGFloat {
        font.pointSize * (font.weight == .bold ? 0.55 : 0.5)
    }

    public func measure(_ text: String, font: Font, maxWidth: CGFloat, maxLines: Int) -> CGSize {
        let advance = Self.advance(font)
        guard advance > 0 else { return .zero }
        let limit = maxWidth.isNaN || maxWidth < 0 ? 0 : maxWidth
        // A huge width or a tiny advance fits more characters than an `Int` counts: no limit then.
        let fitting = limit.isFinite ? (limit / advance).rounded(.down) : .infinity
        let perLine = fitting >= CGFloat(Int.max / 2) ? Int.max : max(Int(fitting), 1)
        var lines: [Int] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: Self.wrap(paragraph, perLine: perLine))
        }
        if maxLines > 0 && lines.count > maxLines { lines = Array(lines.prefix(maxLines)) }
        let widest = lines.max() ?? 0
        let width = min(CGFloat(widest) * advance, limit.isFinite ? limit : Constraint.maximumLength)
        return CGSize(width: width, height: min(CGFloat(lines.count) * font.lineHeight, Constraint.maximumLength))
    }

    /// The character counts of the lines of one paragraph wrapped to `perLine` characters.
    static func wrap(_ paragraph: Substring, perLine: Int) -> [Int] {
        guard !paragraph.isEmpty else { return [0] }
        var lines: [Int] = []
        var current = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            var length = word.count
            let needed = current == 0 ? length : current + 1 + length
            if needed <= perLine {
                current = needed
                continue
            }
            if current > 0 { lines.append(current); current = 0 }
            while length > perLine {
                lines.append(perLine)
                length -= perLine
            }
            current = length
        }
        lines.append(current)
        return lines
    }
}

struct TextMeasurerKey: EnvironmentKey {
    static let defaultValue: any TextMeasurer = MonospacedTextMeasurer()
}

extension EnvironmentValues {
    /// How `Text` measures (default: ``MonospacedTextMeasurer``).
    public var textMeasurer: any TextMeasurer {
        get { self[TextMeasurerKey.self] }
        set { self[TextMeasurerKey.self] = newValue }
    }
}
