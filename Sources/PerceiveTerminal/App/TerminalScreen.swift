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
    public func frame() -> [UInt8] {
        let start = DispatchTime.now().uptimeNanoseconds
        // The flush's reloads, from the app's own reload log if one is recording (never stopped here).
        let recording = ReloadLog.recording
        let log = recording ?? ReloadLog.start()
        let earlier = log.entries.count
        host.componentEngine.flush()
        if recording == nil { ReloadLog.stop() }
        let entries = log.entries.dropFirst(earlier)
        let focused = focus.validate(in: host)
        // Drawn into the buffer of the frame before last: no allocation once the size is stable.
        var next = spare.columns == columns && spare.rows == rows ? spare : CellGrid(columns: columns, rows: rows)
        spare = CellGrid(columns: 0, rows: 0)
        next.clear()
        if columns < minimumSize.columns || rows < minimumSize.rows {
            drawTooSmallNotice(into: &next)
        } else {
            TerminalRenderer.draw(host, into: &next, focused: focused)
        }
        let bytes = encoder.encode(next)
        spare = grid
        grid = next
        var stats = FrameStats()
        for entry in entries {
            for (type, count) in entry.builds { stats.buildsByType[type, default: 0] += count }
        }
        stats.builds = stats.buildsByType.values.reduce(0, +)
        stats.reloads = entries.count
        stats.cellsWritten = encoder.lastCellsWritten
        stats.bytes = bytes.count
        stats.microseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
        lastFrame = stats
        return bytes
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
