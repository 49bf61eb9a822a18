import Foundation

/// A render with nothing to find: the root is a builder's layout of a few views — single views or
/// views hosting their own (a stack of a label and a boundary; a tappable picture under an overlay
/// with its count), perhaps inside plain layouts (a centring stack) — every one visible and shown,
/// in order, by the container's subviews under the key a walk would give it. The items are collected
/// and checked against the views one for one (no work list, no paths kept, no matching), then each
/// view is updated in place and the builder's record written as the walk writes it.
extension Reconciler {
    /// At most this many views, and children in any one layout, are checked before walking: a list
    /// whose keys differ late would otherwise have compared most of them twice.
    static let flatRootLimit = 16

    /// At most this many layouts deep: the pass recurses (the walk keeps a work list instead).
    static let flatRootDepth = 8

    /// Renders that took this path, in the whole process (main-actor state): tests read it to know
    /// the path ran. (Not an engine counter: one more field in every engine's stats made an idle
    /// boundary 16 bytes larger.)
    @exclusivity(unchecked) static var inPlaceRenders = 0

    /// Renders the root slot `slot` as above; false, having changed nothing, when anything differs
    /// from that shape: a root named by an id; a builder's slot among the layouts' children; a
    /// child hidden or without a position; a layout named or under an id; a view named twice,
    /// differently; a view with another key or view type; more than 16 views, 16 children in a
    /// layout or 8 layouts deep; another number of views.
    static func renderFlatRoot(_ slot: LayoutSlot, into container: PlatformView, visible: CGRect, engine: ComponentEngine) -> Bool {
        // The walk's path for such a root: a slot with no id whose plain node is walked at the
        // container's origin, under the empty structural path (see `RenderWalk.drain`).
        guard slot.innerIsPlain, slot.viewType == nil, !slot.isNamed, slot.id == nil else { return false }
        // The slot's node passed in place (read as `slot.inner`, it was copied out first). It
        // changes only when the engine lays out again, which it refuses during its render.
        return slot.withInner { renderInPlace($0, recordedIn: slot, into: container, visible: visible, engine: engine) }
    }

    /// `renderFlatRoot` for a root that is a plain layout itself (a stack set as an engine's
    /// component, or as a boundary's content): the same, with no builder to record.
    static func renderFlatRoot(plain root: any RenderNode, into container: PlatformView, visible: CGRect, engine: ComponentEngine)
        -> Bool
    {
        // The walk's path for it: a node with no id and no view, walked at the container's origin.
        guard root.viewType == nil, root.id == nil else { return false }
        return renderInPlace(root, recordedIn: nil, into: container, visible: visible, engine: engine)
    }

    private static func renderInPlace(
        _ node: any RenderNode, recordedIn slot: LayoutSlot?, into container: PlatformView, visible: CGRect, engine: ComponentEngine
    ) -> Bool {
        let views = container.subviews
        guard !views.isEmpty, views.count <= flatRootLimit else { return false }
        if views.count <= inRoomLimit {
            return renderInRoom(node, views, recordedIn: slot, into: container, visible: visible, engine: engine)
        }
        // Collected and checked in full first, changing nothing (into a render's shared buffer:
        // nothing is allocated once it has grown); then each view is updated.
        let scratch = RenderScratch.acquire()
        defer { RenderScratch.release() }
        var pass = InPlacePass(views: views, visible: visible, found: FoundItems())
        swap(&pass.found.items, &scratch.items)
        defer {
            pass.found.items.clearKeepingStorage()
            swap(&pass.found.items, &scratch.items)
        }
        guard pass.layout(node, origin: .zero, path: "", depth: 0), pass.found.count == views.count else { return false }
        show(&pass.found, in: views, recordedIn: slot, into: container, visible: visible, engine: engine)
        return true
    }

    /// Records the in-place render of `views` and updates each from what the pass found for it.
    static func show<Found: InPlaceFound>(
        _ found: inout Found, in views: [PlatformView], recordedIn slot: LayoutSlot?, into container: PlatformView, visible: CGRect,
        engine: ComponentEngine
    ) {
        inPlaceRenders &+= 1
        // Recorded before the views are updated, as the walk records it before they are.
        if let slot {
            RenderRecord.note(
                slot, in: container, start: 0, count: views.count, origin: .zero, path: RenderPath(""), visible: visible,
                render: engine.renderCount, list: nil)
        }
        // Each found node is swapped into its view (the view's previous node left where it was
        // found, to go with it). (`update` reads no key: each view keeps the one it has, which is
        // the item's.)
        var index = 0
        while index < views.count {
            // Borrowed from the list, which holds the view (read as `views[index]`, it was retained
            // and released).
            Borrowed.withElement(views, index) { found.update(index, $0, visible: visible, engine: engine) }
            index += 1
        }
    }
}

/// One pass over a root's layout in the walk's order (each layout's visible children in order,
/// depth first), keeping the node and frame of each view-backed node once the next view is found
/// to show it (see `Reconciler.renderFlatRoot`): in a list of items, or for a few views in fixed
/// room (see `Reconciler.renderInRoom`).
@MainActor
struct InPlacePass<Found: InPlaceFound> {
    let views: [PlatformView]
    let visible: CGRect
    /// What was found so far, item `i` shown by view `i`.
    var found: Found

    init(views: [PlatformView], visible: CGRect, found: consuming Found) {
        (self.views, self.visible, self.found) = (views, visible, found)
    }

    /// The children of a plain layout node at `origin`, whose structural path is `path`: every one
    /// visible (asked as the walk asks, the region offset by the node's origin), each a view or
    /// another such layout.
    mutating func layout(_ node: any RenderNode, origin: CGPoint, path: String, depth: Int) -> Bool {
        guard depth < Reconciler.flatRootDepth else { return false }
        let inline = node._inlineChildCount
        if inline >= 0 {
            return children(InlineChildren(count: inline), of: node, origin: origin, path: path, depth: depth)
        }
        return children(
            ArrayChildren(children: node.children, positions: node.positions), of: node, origin: origin, path: path, depth: depth)
    }

    private mutating func children<Children: WalkChildren>(
        _ children: Children, of node: any RenderNode, origin: CGPoint, path: String, depth: Int
    ) -> Bool {
        guard children.count <= Reconciler.flatRootLimit, children.isComplete else { return false }
        // Every child visible, asked as the walk asks: in the node's coordinates, against the
        // region offset by its origin. (Children kept in a runtime node's own fields are asked one
        // by one, by the rule its `visibleIndexes` applies: no list of indexes made.)
        let local = visible.offsetBy(dx: -origin.x, dy: -origin.y)
        if !Children.areInline {
            let indexes = node.visibleIndexes(in: local)
            guard indexes.count == children.count else { return false }
            var index = 0
            while index < indexes.count {
                guard indexes[index] == index else { return false }
                index += 1
            }
        }
        var index = 0
        while index < children.count {
            // Declared apart, so that a view's node can be moved on (this toolchain's `consume`
            // refuses, as "not supported", a binding of a tuple pattern).
            let child: any RenderNode
            let position: CGPoint
            (child, position) = children.child(index, of: node)
            // An inline child's size, read once: it decides the child's visibility, then its frame.
            let size: CGSize? = Children.areInline ? child.size : nil
            if let size {
                guard CGRect(origin: position, size: size).isVisible(in: local) else { return false }
            }
            // (The origin added as the walk adds it: a position of -0 becomes 0.)
            let childOrigin = CGPoint(x: origin.x + position.x, y: origin.y + position.y)
            switch child._wrapping.kind {
            case .slot:
                return false
            case .identified(let identified):
                // An id around a view: the item takes the id. Named twice, differently (an id around
                // a view with its own), or any wrapper around a layout: the walk's.
                let base = identified.base
                guard case .none = base._wrapping.kind, let type = base.viewType else { return false }
                let own = base.id
                if let id = identified.id, let own, own != id { return false }
                guard view(base, type, index, of: path, identifiedBy: identified.id ?? own, at: childOrigin, size: size) else {
                    return false
                }
            case .none:
                if let type = child.viewType {
                    let id = child.id
                    guard view(consume child, type, index, of: path, identifiedBy: id, at: childOrigin, size: size) else { return false }
                } else {
                    // A layout: its views take its place. (Named, it would scope their keys.)
                    guard child.id == nil,
                        layout(child, origin: childOrigin, path: RenderPath(path, index, scope: "").string, depth: depth + 1)
                    else { return false }
                }
            }
            index += 1
        }
        return true
    }

    /// The item of view-backed `node` (of view type `type`), child `index` of the layout at
    /// `path`, named `id`, when the next view shows it (its key and view type); `size` is the
    /// node's, when already read. (`node` is taken
    /// and moved into what was found: borrowed, it was copied there, a retain and a release per
    /// view.)
    private mutating func view(
        _ node: consuming any RenderNode, _ type: ObjectIdentifier, _ index: Int, of path: String, identifiedBy id: String?,
        at origin: CGPoint, size: CGSize?
    ) -> Bool {
        let next = found.count
        guard next < views.count, type == views[next].renderViewType, let key = views[next].renderKey,
            RenderPath.isKey(key, ofChild: index, of: path, identifiedBy: id)
        else { return false }
        let frame = CGRect(origin: origin, size: size ?? node.size)
        found.append(node, frame: frame, source: next)
        return true
    }
}
