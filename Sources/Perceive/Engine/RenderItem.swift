import Foundation

/// A visible, view-backed node with its identity and frame, as the reconciler consumes it.
@MainActor
struct RenderItem {
    /// Explicit id, or the structural path of child indexes from the nearest explicit id.
    let id: String
    /// The frame in the container view's coordinates.
    let frame: CGRect
    let node: any RenderNode
    /// Items rendered inside this item's view (for nodes that render their children).
    let children: [RenderItem]

    /// The view-backed nodes of `root` that intersect `visible`, in back-to-front order.
    ///
    /// Pure layout nodes are flattened into their container; a node that renders its children
    /// gets its own list. Only visible children are visited (`visibleIndexes(in:)`), so the cost is
    /// proportional to what is on screen.
    static func collect(_ root: any RenderNode, visible: CGRect) -> [RenderItem] {
        var items: [RenderItem] = []
        collect(root, origin: .zero, path: "", visible: visible, into: &items)
        return items
    }

    private static func collect(_ node: any RenderNode, origin: CGPoint, path: String, visible: CGRect,
                                into items: inout [RenderItem]) {
        let path = node.id ?? path
        let frame = CGRect(origin: origin, size: node.size)
        if node.viewType != nil {
            var children: [RenderItem] = []
            if node.rendersChildren {
                // Children are placed in the item's own view: their coordinates start at its origin.
                let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
                collectChildren(of: node, origin: .zero, path: "", visible: local, into: &children)
            }
            items.append(RenderItem(id: path.isEmpty ? "root" : path, frame: frame, node: node, children: children))
        } else {
            collectChildren(of: node, origin: origin, path: path, visible: visible, into: &items)
        }
    }

    private static func collectChildren(of node: any RenderNode, origin: CGPoint, path: String, visible: CGRect,
                                        into items: inout [RenderItem]) {
        let children = node.children
        let positions = node.positions
        let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
        for index in node.visibleIndexes(in: local) where index < children.count && index < positions.count {
            let position = positions[index]
            let childPath = path.isEmpty ? String(index) : path + "." + String(index)
            collect(children[index], origin: CGPoint(x: origin.x + position.x, y: origin.y + position.y),
                    path: childPath, visible: visible, into: &items)
        }
    }
}
