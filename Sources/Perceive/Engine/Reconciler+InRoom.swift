import Foundation

/// The in-place render of a root shown by at most four views (a stack of a label and a boundary,
/// a title over two boundaries, a picture under an overlay with its count): the same pass, the
/// same checks, outcome, counts and record (see `renderFlatRoot`), with what it finds kept in
/// fixed room instead of the render's shared list — no scratch buffer taken, no items made and
/// destroyed.
extension Reconciler {
    /// At most this many views: what the pass finds waits in fixed room, not in a list.
    static let inRoomLimit = 4

    /// Renders that took this path (also counted in `inPlaceRenders`), in the whole process
    /// (main-actor state): tests read it to know the path ran.
    @exclusivity(unchecked) static var inRoomRenders = 0

    /// `renderInPlace` for `views`, the container's subviews, at most four.
    static func renderInRoom(
        _ node: any RenderNode, _ views: [PlatformView], recordedIn slot: LayoutSlot?, into container: PlatformView, visible: CGRect,
        engine: ComponentEngine
    ) -> Bool {
        var pass = InPlacePass(views: views, visible: visible, found: FoundInRoom())
        guard pass.layout(node, origin: .zero, path: "", depth: 0), pass.found.count == views.count else { return false }
        inRoomRenders &+= 1
        show(&pass.found, in: views, recordedIn: slot, into: container, visible: visible, engine: engine)
        return true
    }
}

/// Where an in-place pass keeps what it found: each view-backed node, the frame it shows at, and
/// the index of the view showing it (the next one).
@MainActor
protocol InPlaceFound {
    var count: Int { get }
    mutating func append(_ node: consuming any RenderNode, frame: CGRect, source: Int)
    /// Updates `view` from what was found at `index`, swapping its node into the view (see
    /// `Reconciler.update(_:swapping:…)`).
    mutating func update(_ index: Int, _ view: PlatformView, visible: CGRect, engine: ComponentEngine)
}

/// Found items in a list (the render's shared buffer, swapped in).
struct FoundItems: InPlaceFound {
    var items: [WalkItem] = []
    var count: Int { items.count }
    mutating func append(_ node: consuming any RenderNode, frame: CGRect, source: Int) {
        items.append(WalkItem(key: "", frame: frame, node: node, source: source))
    }
    mutating func update(_ index: Int, _ view: PlatformView, visible: CGRect, engine: ComponentEngine) {
        Reconciler.update(view, swapping: &items[index], visible: visible, engine: engine)
    }
}

/// Up to four found nodes and their frames, in fixed room.
struct FoundInRoom: InPlaceFound {
    // (Not optionals: an optional existential is assigned and taken through the runtime's generic
    // enum witnesses, where a placeholder is one word stored.)
    private var nodes: (any RenderNode, any RenderNode, any RenderNode, any RenderNode) = (
        EmptyLayoutNode(size: .zero), EmptyLayoutNode(size: .zero), EmptyLayoutNode(size: .zero), EmptyLayoutNode(size: .zero)
    )
    private var frames = (CGRect.zero, CGRect.zero, CGRect.zero, CGRect.zero)
    private(set) var count = 0

    /// (The pass never finds more than the views, at most `Reconciler.inRoomLimit`.)
    mutating func append(_ node: consuming any RenderNode, frame: CGRect, source: Int) {
        assert(count < Reconciler.inRoomLimit, "more found than the room holds")
        switch count {
        case 0: (nodes.0, frames.0) = (node, frame)
        case 1: (nodes.1, frames.1) = (node, frame)
        case 2: (nodes.2, frames.2) = (node, frame)
        default: (nodes.3, frames.3) = (node, frame)
        }
        count += 1
    }

    /// Updates `view` from node `index`, which is swapped into it (the view's previous node stays
    /// here, to go with this value).
    mutating func update(_ index: Int, _ view: PlatformView, visible: CGRect, engine: ComponentEngine) {
        switch index {
        case 0: Reconciler.update(view, swapping: &nodes.0, frame: frames.0, visible: visible, engine: engine)
        case 1: Reconciler.update(view, swapping: &nodes.1, frame: frames.1, visible: visible, engine: engine)
        case 2: Reconciler.update(view, swapping: &nodes.2, frame: frames.2, visible: visible, engine: engine)
        default: Reconciler.update(view, swapping: &nodes.3, frame: frames.3, visible: visible, engine: engine)
        }
    }
}
