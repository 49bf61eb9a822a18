import Foundation
import Perceive

/// One step of drawing a frame: a view's own drawing (its background, text, image block and
/// border) in its cells, or the focus highlight inverting a view's cells after its subviews.
///
/// A frame is its list of steps, back to front: equal steps draw equal cells. Comparing a frame's
/// steps with the previous frame's finds the rows that can differ (see ``TerminalScreen``), so a
/// like redraws the row of one label, not the screen.
@MainActor
struct DrawnView: Equatable {
    enum Kind: Equatable {
        case view
        case invert
    }
    let kind: Kind
    /// The view's cells.
    let rect: CellRect
    /// The cells its ancestors let it show.
    let clip: CellRect
    /// The view, drawn from during the frame that made the step (the view tree holds it then);
    /// a later frame only compares the step's other fields.
    unowned(unsafe) let view: PlatformView
    let id: ObjectIdentifier
    /// The view's ``PlatformView/displayState`` when the step was made: equal states, equal looks.
    let state: UInt64

    /// The cells the step can change.
    var visible: CellRect { rect.intersection(clip) }

    init(_ kind: Kind, _ view: PlatformView, rect: CellRect, clip: CellRect) {
        (self.kind, self.view, self.rect, self.clip) = (kind, view, rect, clip)
        id = ObjectIdentifier(view)
        state = view.displayState
    }

    nonisolated static func == (lhs: DrawnView, rhs: DrawnView) -> Bool {
        lhs.id == rhs.id && lhs.state == rhs.state && lhs.kind == rhs.kind && lhs.rect == rhs.rect && lhs.clip == rhs.clip
    }

    /// Draws the step, changing only the cells inside `band` as well as its own clip.
    func draw(into grid: inout CellGrid, within band: CellRect) {
        let clip = clip.intersection(band)
        let visible = rect.intersection(clip)
        switch kind {
        case .invert:
            grid.invert(visible)
        case .view:
            if let background = view.backgroundColor.flatMap(TerminalColor.init), !visible.isEmpty {
                grid.fill(visible, background: background)
            }
            if let label = view as? LabelView {
                drawText(label, clip: visible, into: &grid)
            } else if view is ImageView, !visible.isEmpty {
                let shade = TerminalStyle(foreground: TerminalColor(red: 128, green: 128, blue: 128))
                for y in visible.y..<visible.maxY {
                    grid.put(String(repeating: "░", count: visible.width), x: visible.x, y: y, style: shade, clip: visible)
                }
            }
            if let layer = view.layerIfCreated, layer.borderWidth > 0 {
                TerminalBorder.draw(rect, color: layer.borderColor.flatMap(TerminalColor.init), clip: clip, into: &grid)
            }
        }
    }

    private func drawText(_ label: LabelView, clip: CellRect, into grid: inout CellGrid) {
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
}

extension TerminalRenderer {
    /// The steps that draw `root` on a grid of `columns` × `rows` cells.
    static func steps(of root: PlatformView, columns: Int, rows: Int, focused: PlatformView?, into steps: inout [DrawnView]) {
        let screen = CGRect(x: 0, y: 0, width: columns, height: rows)
        ScreenWalk.walk(root, clip: screen) { view, frame, clip in
            steps.append(DrawnView(.view, view, rect: cells(frame), clip: cells(clip)))
        } leave: { view, frame, clip in
            if view === focused { steps.append(DrawnView(.invert, view, rect: cells(frame), clip: cells(clip))) }
        }
    }

    /// Marks in `rows` every row where `steps` and `previous` can draw differently: the rows of
    /// each step that differs from the previous frame's step at its place, old and new. False when
    /// the two frames do not line up step for step (the view tree changed): draw everything.
    static func changedRows(_ steps: [DrawnView], since previous: [DrawnView], into rows: inout [Bool]) -> Bool {
        guard steps.count == previous.count else { return false }
        func mark(_ rect: CellRect) {
            guard !rect.isEmpty else { return }
            for y in max(rect.y, 0)..<min(rect.maxY, rows.count) { rows[y] = true }
        }
        for index in steps.indices where steps[index] != previous[index] {
            guard steps[index].kind == previous[index].kind else { return false }
            mark(steps[index].visible)
            mark(previous[index].visible)
        }
        return true
    }
}
