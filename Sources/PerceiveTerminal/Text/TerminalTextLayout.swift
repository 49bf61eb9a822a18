/// Wraps text into lines of terminal cells — the one rule both measuring (``TerminalTextMeasurer``)
/// and drawing (``TerminalRenderer``) use, so a label is drawn exactly as it was measured.
///
/// Lines break at `\n` and, greedily, at spaces; a word wider than a line is broken between
/// graphemes. Each grapheme is as wide as ``CharacterWidth`` says (CJK and most emoji take two
/// cells, a control character one: it is drawn as U+FFFD); a two-cell grapheme never straddles
/// a line end.
public enum TerminalTextLayout {
    /// One wrapped line and its width in cells.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var columns: Int
    }

    /// `text` wrapped to `columns` cells (at least 1), at most `maxLines` lines (0 = unlimited).
    public static func lines(_ text: String, columns: Int, maxLines: Int) -> [Line] {
        let width = max(columns, 1)
        // The common label: one line that fits.
        if !text.utf8.contains(UInt8(ascii: "\n")) {
            let total = text.reduce(0) { $0 + CharacterWidth.drawnColumns(of: $1) }
            if total <= width { return [Line(text: text, columns: total)] }
        }
        var lines: [Line] = []
        let limit = maxLines > 0 ? maxLines : Int.max
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard lines.count < limit else { break }
            wrap(paragraph, width: width, limit: limit, into: &lines)
        }
        return lines
    }

    private static func wrap(_ paragraph: Substring, width: Int, limit: Int, into lines: inout [Line]) {
        var line = Line(text: "", columns: 0)
        var started = false
        func finish() {
            if lines.count < limit { lines.append(line) }
            line = Line(text: "", columns: 0)
            started = false
        }
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            let wordColumns = word.reduce(0) { $0 + CharacterWidth.drawnColumns(of: $1) }
            if started && line.columns + 1 + wordColumns <= width {
                line.text += " "
                line.text += word
                line.columns += 1 + wordColumns
                continue
            }
            if started { finish() }
            if wordColumns <= width {
                line = Line(text: String(word), columns: wordColumns)
                started = true
                continue
            }
            // A word wider than a line: as many graphemes per line as fit.
            for character in word {
                let characterColumns = CharacterWidth.drawnColumns(of: character)
                if line.columns + characterColumns > width && line.columns > 0 { finish() }
                line.text.append(character)
                line.columns += characterColumns
                started = true
            }
        }
        // An empty paragraph is one empty line.
        finish()
    }
}
