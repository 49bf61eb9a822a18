import Foundation
import Perceive
import PerceiveLayout

/// Measures text in terminal cells: one row per line, each grapheme as many columns as the
/// terminal draws it (see ``TerminalTextLayout``). The font's size plays no part; a terminal has
/// one. ``TerminalScreen`` installs it for the tree it hosts. (Equatable, so an environment
/// holding it compares equal and a boundary handed equal content does not reload.)
public struct TerminalTextMeasurer: TextMeasurer, Equatable {
    public init() {}

    public func measure(_ text: String, font: Font, maxWidth: CGFloat, maxLines: Int) -> CGSize {
        let columns = maxWidth.isFinite ? Int(max(maxWidth, 0).rounded(.down).clamped(to: 0...1_000_000)) : 1_000_000
        let lines = TerminalTextLayout.lines(text, columns: columns, maxLines: maxLines)
        let widest = lines.reduce(0) { max($0, $1.columns) }
        return CGSize(width: CGFloat(min(widest, max(columns, 1))), height: CGFloat(lines.count))
    }
}

extension CGFloat {
    func clamped(to range: ClosedRange<CGFloat>) -> CGFloat { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
