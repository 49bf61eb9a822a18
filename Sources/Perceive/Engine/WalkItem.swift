import Foundation

/// One visible, view-backed node found by a render walk: its key, its frame in the container
/// view's coordinates, and — once matched — the rendered entry that shows it.
@MainActor
struct WalkItem {
    /// The reconciler's key (see ``RenderPath/key``).
    var key: String
    var frame: CGRect
    var node: any RenderNode
    /// The index of the rendered entry with the same key (its view is kept), or -1.
    var source: Int
    /// The view at `source` shows exactly this item already (a view-leaf slot unchanged since it
    /// configured the view, at the same path): only its frame may change. Its `key` and `node`
    /// are then placeholders (an empty key and an empty node, see `RenderWalk.keep`).
    var reused = false
    /// `key` is a repeated id renamed (`id#2`, see `Reconciler.uniquingIDs`): it depends on the
    /// siblings before the item, not on the item alone.
    var renamed = false
}
