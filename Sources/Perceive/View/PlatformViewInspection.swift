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

    /// The first view below this one (depth first, across nested engines) with `componentID == id`.
    public func findView(id: String) -> PlatformView? {
        for subview in subviews {
            if subview.componentID == id { return subview }
            if let found = subview.findView(id: id) { return found }
        }
        return nil
    }

    /// Every view below this one (depth first) of type `type`.
    public func findViews<View: PlatformView>(ofType type: View.Type) -> [View] {
        var found: [View] = []
        for subview in subviews {
            if let match = subview as? View { found.append(match) }
            found.append(contentsOf: subview.findViews(ofType: type))
        }
        return found
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
