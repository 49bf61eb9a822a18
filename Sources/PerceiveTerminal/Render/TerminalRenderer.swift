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
        var steps: [DrawnView] = []
        self.steps(of: root, columns: grid.columns, rows: grid.rows, focused: focused, into: &steps)
        let all = CellRect(x: 0, y: 0, width: grid.columns, height: grid.rows)
        for step in steps { step.draw(into: &grid, within: all) }
    }

    /// The cells `rect` (in root coordinates) covers: edges rounded to the nearest cell. (Rounding
    /// commutes with intersection, so clipping before or after it gives the same cells.)
    public static func cells(_ rect: CGRect) -> CellRect {
        guard !rect.isNull else { return CellRect(x: 0, y: 0, width: 0, height: 0) }
        func cell(_ value: CGFloat) -> Int {
            // Layout in cells gives whole numbers: those need no rounding (a library call).
            if value > -1_000_000 && value < 1_000_000 {
                let whole = Int(value)
                if CGFloat(whole) == value { return whole }
            }
            return Int(value.isFinite ? value.rounded().clamped(to: -1_000_000...1_000_000) : 0)
        }
        let (minX, minY) = (cell(rect.minX), cell(rect.minY))
        return CellRect(x: minX, y: minY, width: cell(rect.maxX) - minX, height: cell(rect.maxY) - minY)
    }
}
