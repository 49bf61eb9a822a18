import Foundation

extension PlatformView {
    /// A deterministic text rendering of this view and everything below it (across nested engines):
    /// one line per view with its type, id, frame and display properties, indented by depth.
    public func dump() -> String {
        var lines: [String] = []
        appendDump(to: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func appendDump(to lines: inout [String], depth: Int) {
        var line = String(repeating: "  ", count: depth) + String(describing: type(of: self))
        if let componentID { line += " #\(componentID)" }
        line += " (\(format(frame.minX)), \(format(frame.minY)), \(format(frame.width)), \(format(frame.height)))"
        let attributes = dumpAttributes
        if !attributes.isEmpty { line += " " + attributes.joined(separator: " ") }
        lines.append(line)
        for subview in subviews { subview.appendDump(to: &lines, depth: depth + 1) }
    }

    /// The nearest view below this one (across nested engines) with `componentID == id`: views
    /// are searched level by level, so a match among this view's children wins over one deeper
    /// down (a grid tile's id over the id of a child inside another tile).
    public func findView(id: String) -> PlatformView? {
        var level = subviews
        while !level.isEmpty {
            // An explicit id wins over a position that happens to be spelled the same.
            if let match = level.first(where: { $0.componentID == id && $0.componentIDIsExplicit })
                ?? level.first(where: { $0.componentID == id })
            {
                return match
            }
            level = level.flatMap(\.subviews)
        }
        return nil
    }

    /// This view and every view below it of type `type`, nearest first (level by level).
    public func findViews<View: PlatformView>(ofType type: View.Type) -> [View] {
        var found: [View] = []
        var level = [self]
        while !level.isEmpty {
            for view in level { if let match = view as? View { found.append(match) } }
            level = level.flatMap(\.subviews)
        }
        return found
    }

    /// Taps the nearest tappable view at or below the view with `id` (see ``findView(id:)``).
    /// Returns `false`, tapping nothing, when there is no such view or nothing tappable in it.
    @discardableResult
    public func tap(id: String) -> Bool {
        guard let tappable = findView(id: id)?.findViews(ofType: TappableView.self).first else { return false }
        tappable.tap()
        return true
    }

    /// This view's frame in the coordinates of `ancestor` (or of the root when `nil`).
    public func frame(in ancestor: PlatformView?) -> CGRect {
        var origin = frame.origin
        var current = superview
        while let view = current, view !== ancestor {
            origin.x += view.frame.minX - view.boundsOrigin.x
            origin.y += view.frame.minY - view.boundsOrigin.y
            current = view.superview
        }
        if let ancestor { origin.x -= ancestor.boundsOrigin.x; origin.y -= ancestor.boundsOrigin.y }
        return CGRect(origin: origin, size: frame.size)
    }
}
