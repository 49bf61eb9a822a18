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
        let (count, widest) = Self.lines(text, perLine: perLine, maxLines: maxLines)
        let width = min(CGFloat(widest) * advance, limit.isFinite ? limit : Constraint.maximumLength)
        return CGSize(width: width, height: min(CGFloat(count) * font.lineHeight, Constraint.maximumLength))
    }

    /// The number of lines `text` wraps to and the character count of the widest, at most
    /// `maxLines` lines (0 = unlimited). ASCII text is counted byte by byte, without splitting.
    static func lines(_ text: String, perLine: Int, maxLines: Int) -> (count: Int, widest: Int) {
        var count = 0
        var widest = 0
        func add(_ line: Int) {
            guard maxLines == 0 || count < maxLines else { return }
            count += 1
            widest = max(widest, line)
        }
        if let length = singleASCIILine(text), length <= perLine { return (1, length) }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var paragraph: [UInt8] = []
            var utf8 = text.utf8.makeIterator()
            while true {
                let byte = utf8.next()
                if byte == nil || byte == UInt8(ascii: "\n") {
                    for line in wrapASCII(paragraph, perLine: perLine) { add(line) }
                    paragraph.removeAll(keepingCapacity: true)
                    if byte == nil { break }
                } else if let byte {
                    paragraph.append(byte)
                }
            }
            return (count, widest)
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for line in wrap(paragraph, perLine: perLine) { add(line) }
        }
        return (count, widest)
    }

    /// The length of `text` when it is ASCII with no line break (a label, a count): one line of that
    /// many characters if it fits, found in one pass over the bytes with nothing allocated.
    @inline(__always)
    static func singleASCIILine(_ text: String) -> Int? {
        var length = 0
        for byte in text.utf8 {
            guard byte < 0x80 && byte != UInt8(ascii: "\n") else { return nil }
            length &+= 1
        }
        return length
    }

    /// `wrap` for an ASCII paragraph: every byte is one character.
    static func wrapASCII(_ paragraph: [UInt8], perLine: Int) -> [Int] {
        guard !paragraph.isEmpty else { return [0] }
        if paragraph.count <= perLine { return [paragraph.count] }
        var lines = LineFiller(perLine: perLine)
        var start = 0
        for end in 0...paragraph.count where end == paragraph.count || paragraph[end] == UInt8(ascii: " ") {
            lines.place(word: end - start)
            start = end + 1
        }
        return lines.finish()
    }

    /// The character counts of the lines of one paragraph wrapped to `perLine` characters.
    static func wrap(_ paragraph: Substring, perLine: Int) -> [Int] {
        guard !paragraph.isEmpty else { return [0] }
        var lines = LineFiller(perLine: perLine)
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) { lines.place(word: word.count) }
        return lines.finish()
    }
}

/// Greedy line filling by word lengths: a word goes on the current line if it fits after a space,
/// otherwise it starts the next one; a word longer than a line is broken into full lines.
struct LineFiller {
    let perLine: Int
    private var lines: [Int] = []
    private var current = 0

    init(perLine: Int) { self.perLine = perLine }

    mutating func place(word length: Int) {
        var length = length
        let needed = current == 0 ? length : current + 1 + length
        if needed <= perLine {
            current = needed
            return
        }
        if current > 0 { lines.append(current); current = 0 }
        while length > perLine {
            lines.append(perLine)
            length -= perLine
        }
        current = length
    }

    /// The line lengths, the last (possibly empty) line included.
    consuming func finish() -> [Int] {
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
