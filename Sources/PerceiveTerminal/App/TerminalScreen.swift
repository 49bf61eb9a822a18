import Foundation
import Perceive
import PerceiveLayout

/// A component tree on a terminal-sized canvas: input in, frames out, no device involved.
///
/// ``TerminalApp`` drives one with a real terminal; tests drive one with a ``VirtualTerminal``.
/// The tree is laid out at `columns` × `rows` points — one point per cell — with a
/// ``TerminalTextMeasurer`` in its environment, so text is measured as it is drawn.
@MainActor
public final class TerminalScreen {
    /// The view hosting the tree (its engine is the root scope).
    public let host: ComponentView
    /// The canvas size in cells.
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// Below this size the screen shows a notice instead of the tree.
    public var minimumSize: (columns: Int, rows: Int) = (20, 5)
    /// Keyboard focus among the tappable views.
    public var focus = FocusRing()
    /// What the last frame cost.
    public private(set) var lastFrame = FrameStats()
    /// The last frame drawn.
    public private(set) var grid: CellGrid
    /// Keys the app handles itself (return `true`); `q` and Ctrl-C quit unless handled here.
    public var onKey: (@MainActor (Key) -> Bool)?
    private var encoder: FrameEncoder
    /// The frame before last's grid, drawn over for the next frame.
    private var spare = CellGrid(columns: 0, rows: 0)
    /// The steps that drew the last frame (empty when it was the too-small notice), and the
    /// buffer for the next frame's.
    private var drawn: [DrawnView] = []
    private var spareSteps: [DrawnView] = []
    /// Rows the next frame may change, one flag per row (reused).
    private var changedRows: [Bool] = []
    /// The rows where `grid` differs from `spare` (the frame before it), when the last frame was
    /// drawn over the one before; `nil` when anything may differ.
    private var rowsSinceSpare: [Bool]?

    /// A screen showing the component `content` makes. `content` runs once, inside the terminal's
    /// environment, so a boundary it makes sees the terminal's text measurer too.
    public init<Content: Component>(columns: Int, rows: Int, colors: ColorMode, content: @MainActor () -> Content) {
        (self.columns, self.rows) = (max(columns, 0), max(rows, 0))
        host = ComponentView(frame: CGRect(x: 0, y: 0, width: self.columns, height: self.rows))
        grid = CellGrid(columns: self.columns, rows: self.rows)
        encoder = FrameEncoder(colors: colors)
        // Made inside the terminal's environment, so that a boundary made right here captures it.
        let root = EnvironmentValues.withValues(TerminalRoot<Content>.environment(EnvironmentValues.current), content)
        host.component = TerminalRoot(content: root)
    }

    /// Lays the tree out again at a new size; the next frame redraws everything.
    public func resize(columns: Int, rows: Int) {
        (self.columns, self.rows) = (max(columns, 0), max(rows, 0))
        host.frame = CGRect(x: 0, y: 0, width: self.columns, height: self.rows)
        encoder.invalidate()
    }

    /// Forgets what the terminal shows: the next frame redraws everything (after a resume).
    public func invalidate() { encoder.invalidate() }

    /// Flushes pending changes, draws, and returns the bytes that bring the terminal from the
    /// previous frame to this one (nothing when nothing changed on screen).
    ///
    /// A frame is drawn over the previous one: its drawing steps (each view's, back to front) are
    /// compared with the previous frame's, and only the rows where a step changed are cleared,
    /// drawn again and compared cell by cell — a like redraws one label's row. A frame whose steps
    /// do not line up with the previous ones (views came or went), or that changes more than half
    /// the rows, is drawn whole.
    public func frame() -> [UInt8] {
        let start = DispatchTime.now().uptimeNanoseconds
        let counter = BuildCounter()
        let outer = BuildCounter.active
        BuildCounter.active = counter
        host.componentEngine.flush()
        BuildCounter.active = outer
        let focused = focus.validate(in: host)
        let tooSmall = columns < minimumSize.columns || rows < minimumSize.rows
        var steps: [DrawnView] = []
        swap(&steps, &spareSteps)
        steps.removeAll(keepingCapacity: true)
        if !tooSmall { TerminalRenderer.steps(of: host, columns: columns, rows: rows, focused: focused, into: &steps) }
        let bytes = draw(steps, tooSmall: tooSmall)
        spareSteps = drawn
        drawn = steps
        var stats = FrameStats()
        stats.buildsByType = counter.buildsByType
        stats.builds = counter.builds
        stats.reloads = counter.reloads
        stats.cellsWritten = bytes.isEmpty ? 0 : encoder.lastCellsWritten
        stats.bytes = bytes.count
        stats.microseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
        lastFrame = stats
        return bytes
    }

    /// Draws the frame `steps` make (or the too-small notice) and encodes it.
    ///
    /// Drawn into the buffer of the frame before last (no allocation once the size is stable),
    /// which is first brought up to date with the last frame: only the rows the last frame changed
    /// are copied, so a like copies, draws and compares a row or two whatever the screen's size.
    private func draw(_ steps: [DrawnView], tooSmall: Bool) -> [UInt8] {
        let bands = tooSmall ? nil : changedBands(steps)
        if let bands, bands.isEmpty { return [] }
        let reusable = spare.columns == columns && spare.rows == rows
        var next = reusable ? spare : CellGrid(columns: columns, rows: rows)
        spare = CellGrid(columns: 0, rows: 0)
        let bytes: [UInt8]
        if let bands {
            next.copy(grid, rows: reusable ? rowsSinceSpare : nil)
            for band in bands {
                next.clearRows(band.y..<band.maxY)
                for step in steps where !step.visible.intersection(band).isEmpty { step.draw(into: &next, within: band) }
            }
            bytes = encoder.encode(next, changedRows: changedRows)
            rowsSinceSpare = changedRows
        } else {
            next.clear()
            if tooSmall {
                drawTooSmallNotice(into: &next)
            } else {
                let all = CellRect(x: 0, y: 0, width: columns, height: rows)
                for step in steps { step.draw(into: &next, within: all) }
            }
            bytes = encoder.encode(next)
            rowsSinceSpare = nil
        }
        spare = grid
        grid = next
        return bytes
    }

    /// The full-width bands of rows this frame's steps can change, when the frame can be drawn over
    /// the last one; `nil` when it must be drawn whole.
    private func changedBands(_ steps: [DrawnView]) -> [CellRect]? {
        guard !drawn.isEmpty, grid.columns == columns, grid.rows == rows, let shown = encoder.previous,
            shown.columns == columns, shown.rows == rows,
            // Graphemes of several scalars pile up in a grid drawn over; a whole frame starts afresh.
            grid.clusterCount < 256
        else { return nil }
        changedRows.removeAll(keepingCapacity: true)
        changedRows.append(contentsOf: repeatElement(false, count: rows))
        guard TerminalRenderer.changedRows(steps, since: drawn, into: &changedRows) else { return nil }
        var bands: [CellRect] = []
        var count = 0
        var y = 0
        while y < rows {
            guard changedRows[y] else {
                y += 1
                continue
            }
            var end = y
            while end < rows && changedRows[end] { end += 1 }
            bands.append(CellRect(x: 0, y: y, width: columns, height: end - y))
            count += end - y
            y = end
        }
        return count * 2 > rows ? nil : bands
    }

    private func drawTooSmallNotice(into grid: inout CellGrid) {
        let text = "Too small: needs \(minimumSize.columns)×\(minimumSize.rows) cells, has \(columns)×\(rows)."
        let lines = TerminalTextLayout.lines(text, columns: columns, maxLines: rows)
        let top = max((rows - lines.count) / 2, 0)
        for (index, line) in lines.enumerated() {
            let x = max((columns - line.columns) / 2, 0)
            grid.put(
                line.text, x: x, y: top + index, style: TerminalStyle(bold: true), clip: CellRect(x: 0, y: 0, width: columns, height: rows))
        }
    }
}

/// The screen's root: lays its content out with the terminal's text measurer in the environment.
/// A plain component, not a builder: it adds no build and no view of its own.
private struct TerminalRoot<Content: Component>: Component {
    let content: Content

    static func environment(_ values: EnvironmentValues) -> EnvironmentValues {
        var values = values
        values.textMeasurer = TerminalTextMeasurer()
        return values
    }

    func layout(_ constraint: Constraint) -> any RenderNode {
        EnvironmentValues.withValues(Self.environment(EnvironmentValues.current)) { content.layout(constraint) }
    }
}
