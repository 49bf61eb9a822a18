import Foundation
import Perceive

/// Draws a view tree into a ``CellGrid``: one point of layout is one cell.
///
/// What is drawn, back to front in subview order: a view's background colour; its layer's border
/// (box-drawing lines in the border colour); a `LabelView`'s text, wrapped as
/// ``TerminalTextLayout`` wraps it, in the text colour (bold for a bold font; black, the default,
/// is the terminal's own text colour), at most
/// `numberOfLines` lines and never outside the label's frame; an `ImageView` as a shaded block
/// filling its frame (its layout keeps the image's aspect ratio). Hidden views and views with
/// `alpha` 0 are skipped with everything below them. A scroll view shows only its visible
/// region, as does any view that `clipsToBounds`. The focused view is drawn inverted.
@MainActor
public enum TerminalRenderer {
    /// Draws `root` (at the grid's origin) over what `grid` holds (pass a blank grid for a frame).
    public static func draw(_ root: PlatformView, into grid: inout CellGrid, focused: PlatformView? = nil) {
        let screen = CGRect(x: 0, y: 0, width: grid.columns, height: grid.rows)
        ScreenWalk.walk(root, clip: screen) { view, frame, clip in
            draw(view, in: cells(frame), clip: cells(clip), into: &grid)
        } leave: { view, frame, clip in
            if view === focused { grid.invert(cells(frame).intersection(cells(clip))) }
        }
    }

    /// The cells `rect` (in root coordinates) covers: edges rounded to the nearest cell. (Rounding
    /// commutes with intersection, so clipping before or after it gives the same cells.)
    public static func cells(_ rect: CGRect) -> CellRect {
        guard !rect.isNull else { return CellRect(x: 0, y: 0, width: 0, height: 0) }
        func cell(_ value: CGFloat) -> Int { Int(value.isFinite ? value.rounded().clamped(to: -1_000_000...1_000_000) : 0) }
        let (minX, minY) = (cell(rect.minX), cell(rect.minY))
        return CellRect(x: minX, y: minY, width: cell(rect.maxX) - minX, height: cell(rect.maxY) - minY)
    }

    /// One view's own drawing, `rect` being its cells and `clip` what its ancestors let it show.
    private static func draw(_ view: PlatformView, in rect: CellRect, clip: CellRect, into grid: inout CellGrid) {
        let visible = rect.intersection(clip)
        if let background = view.backgroundColor.flatMap(TerminalColor.init), !visible.isEmpty {
            grid.fill(visible, background: background)
        }
        if let label = view as? LabelView {
            drawText(label, in: rect, clip: visible, into: &grid)
        } else if view is ImageView {
            drawPlaceholder(in: visible, into: &grid)
        }
        if let layer = view.layerIfCreated, layer.borderWidth > 0 {
            TerminalBorder.draw(rect, color: layer.borderColor.flatMap(TerminalColor.init), clip: clip, into: &grid)
        }
    }

    private static func drawText(_ label: LabelView, in rect: CellRect, clip: CellRect, into grid: inout CellGrid) {
        guard !clip.isEmpty else { return }
        // Black, a label's default colour, is the terminal's own text colour: readable on dark
        // and light themes alike.
        let foreground = label.textColor == .black ? nil : TerminalColor(label.textColor)
        let style = TerminalStyle(foreground: foreground, bold: label.font.weight == .bold)
        let lines = TerminalTextLayout.lines(label.text, columns: rect.width, maxLines: label.numberOfLines)
        for (index, line) in lines.enumerated() where index < rect.height {
            grid.put(line.text, x: rect.x, y: rect.y + index, style: style, clip: clip)
        }
    }

    private static func drawPlaceholder(in rect: CellRect, into grid: inout CellGrid) {
        let shade = TerminalStyle(foreground: TerminalColor(red: 128, green: 128, blue: 128))
        for y in rect.y..<(rect.y + max(rect.height, 0)) {
            grid.put(String(repeating: "░", count: max(rect.width, 0)), x: rect.x, y: y, style: shade, clip: rect)
        }
    }
}
