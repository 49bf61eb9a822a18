import Foundation

/// A retained, headless view: a frame, an ordered list of subviews and a few display properties.
///
/// Subclass it as you would a platform view (`override init(frame:)`, properties with `didSet`
/// calling a reload). Every view owns a lazily created ``componentEngine`` that renders a component
/// tree into its subviews.
@MainActor
open class PlatformView {
    /// The view's frame in its superview's coordinates. Changing its size re-lays out its engine.
    // Compared on every render of every view: no dynamic exclusivity check (main-actor state).
    @exclusivity(unchecked) open var frame: CGRect {
        didSet {
            guard frame.size != oldValue.size else { return }
            setNeedsLayout()
            engineIfCreated?.boundsSizeDidChange()
        }
    }
    // What a render asks of every view of a list, beside its frame (stored properties are laid out
    // in declaration order; a list's render visits a thousand views).
    /// `renderNode` when it is a view-leaf slot, compared by identity when the slot renders again
    /// (see `isLeaf`; unretained: `renderNode` keeps it alive).
    @exclusivity(unchecked) var leafSlotReference: Unmanaged<LayoutSlot>?
    /// The engine of this view, if one was made (a boundary's, or a host's).
    var engineIfCreated: ComponentEngine? {
        didSet { ViewHierarchy.revision &+= 1 }
    }
    /// The origin of the visible region in the view's own coordinates: the content offset of a
    /// scroll view, zero for any other view (which stores nothing for it: 16 bytes per view).
    public var boundsOrigin: CGPoint { .zero }
    /// The visible region in the view's own coordinates.
    public var bounds: CGRect { CGRect(origin: boundsOrigin, size: frame.size) }
    /// Subviews, back to front.
    @exclusivity(unchecked) public internal(set) var subviews: [PlatformView] = []
    /// The view this one is a subview of (`nil` once it leaves, or once that view is gone).
    public var superview: PlatformView? { superviewStorage }
    // Unowned, not weak: a weak reference gives the view a side table — an allocation per view,
    // and every retain and release of the view then takes the runtime's slow path (about 40
    // instructions each, dozens per reload). It never dangles: the superview owns this view
    // through `subviews`, every path that takes a view out of `subviews` clears it, and a
    // superview that goes away clears it in its deinitializer. Main-actor state assigned per view
    // joining a list: no dynamic exclusivity check.
    @exclusivity(unchecked) unowned(unsafe) var superviewStorage: PlatformView? {
        didSet { ViewHierarchy.revision &+= 1 }
    }
    // Display properties, read for every view of every frame a display draws: main-actor state
    // whose accesses never overlap, so they skip dynamic exclusivity checks.
    /// Opacity, 0…1.
    @exclusivity(unchecked) open var alpha: CGFloat = 1 {
        didSet { displayChanged() }
    }
    /// The background fill.
    open var backgroundColor: PlatformColor? {
        get { decoration?.background?.color }
        set {
            if let newValue {
                // Setting the color a view has (a render configuring a view again) keeps its box.
                if decoration?.background?.holds(newValue) != true { decorated.background = ColorBox.holding(newValue) }
            } else if let decoration, decoration.background != nil {
                decoration.background = nil
            }
            displayChanged()
        }
    }
    /// Its background and its layer, once either is set (see `ViewDecoration`).
    @exclusivity(unchecked) private var decoration: ViewDecoration?
    /// `decoration`, made now if it was not.
    private var decorated: ViewDecoration {
        if let decoration { return decoration }
        let made = ViewDecoration()
        decoration = made
        return made
    }
    /// See ``displayState``.
    @exclusivity(unchecked) package private(set) var displayRevision = DisplayRevision.next()

    /// Notes that something a display draws changed (see ``displayState``); subclasses call it
    /// from their own display properties.
    package func displayChanged() { displayRevision = DisplayRevision.next() }
    /// Layer-level display properties (corner radius, border).
    public var layer: PlatformLayer {
        if let layer = decoration?.layer { return layer }
        let layer = PlatformLayer(view: self)
        decorated.layer = layer
        return layer
    }
    /// The layer, if anything asked for it: most views never set a layer property, and an idle
    /// view then carries no layer object.
    package var layerIfCreated: PlatformLayer? { decoration?.layer }
    /// The identity the engine that placed this view gave it (explicit `.id` or structural path).
    public var componentID: String? {
        // (No closure here: see `LayoutPass.beginAgain()`.)
        guard let renderKey else { return nil }
        return RenderKey.display(renderKey).id
    }
    /// `componentID` is an explicit `.id` (not a position): `findView(id:)` prefers it.
    var componentIDIsExplicit: Bool {
        guard let renderKey else { return false }
        return RenderKey.display(renderKey).isExplicit
    }

    /// A view's part in one `setSubviews` call.
    enum Listing {
        case none
        /// In the new list.
        case listed
        /// In the new list and already a subview (its superview is this view: no weak load).
        case kept
    }
    // What the engine that placed this view knows of it: the container's subviews are its list of
    // rendered items (see `Reconciler`). Main-actor state read per item on every render.
    /// The reconciler's key of the item this view shows (`nil`: not placed by an engine).
    @exclusivity(unchecked) var renderKey: String?
    /// The node the view was last configured from (a retained slot, for a builder's output).
    @exclusivity(unchecked) var renderNode: any RenderNode = EmptyLayoutNode(size: .zero)
    /// Forgets the node the view was configured from (and the leaf slot it names), so that the
    /// next update configures it in full and nothing it no longer shows is kept alive.
    func forgetRenderedNode() {
        renderNode = EmptyLayoutNode(size: .zero)
        leafSlotReference = nil
    }
    /// `leafSlotReference`, set and read as a slot.
    var leafSlot: LayoutSlot? {
        get { leafSlotReference?.takeUnretainedValue() }
        // (No closure: see `LayoutPass.beginAgain()`; this runs once per view a render makes.)
        set {
            if let slot = newValue { leafSlotReference = Unmanaged.passUnretained(slot) } else { leafSlotReference = nil }
        }
    }

    /// Whether `slot` is the view's leaf slot, compared without making a reference to it (an
    /// unowned one is retained and released to be compared).
    @inline(__always)
    func isLeaf(_ slot: LayoutSlot) -> Bool { leafSlotReference?.toOpaque() == Unmanaged.passUnretained(slot).toOpaque() }

    /// `body` given `renderNode` in place (read as `view.renderNode`, it is copied out first: a
    /// retain and a release). `body` only reads it.
    @inline(__always)
    func withRenderNode<R>(_ body: (inout any RenderNode) -> R) -> R { body(&renderNode) }
    /// The view type that node asked for when the view was made or last kept.
    @exclusivity(unchecked) var renderViewType: ObjectIdentifier?
    /// Where the view stands during `setSubviews` (`.none` outside it).
    @exclusivity(unchecked) var listing = Listing.none
    // The view's other flags, beside `listing` and after `renderViewType`, in the room its last
    // word leaves: stored properties are laid out in declaration order, and a flag after a wider
    // field takes a word of its own (24 bytes per view, scattered).
    /// Hidden views are kept but not shown.
    @exclusivity(unchecked) open var isHidden = false {
        didSet { displayChanged() }
    }
    /// Whether content outside the bounds is clipped.
    @exclusivity(unchecked) open var clipsToBounds = false {
        didSet { displayChanged() }
    }
    private(set) var needsLayout = false
    /// `renderKey` is a repeated id its engine renamed (`id#2`): which repeat it names depends on
    /// the siblings before it. (Set where a view takes a key; a view kept afterwards under an id of
    /// the user's that spells the same keeps it, and only loses render's keep shortcut.)
    @exclusivity(unchecked) var hasRenamedKey = false
    /// Some subview's `renderKey` is a renamed repeat (see `hasRenamedKey`).
    @exclusivity(unchecked) var hasRenamedSubviews = false
    /// Properties the current node's updates set (restored when a later node stops setting them).
    // (Final: asked of every label a render updates, through the view's generic type, it was read
    // through its getter, the list retained and released.)
    @exclusivity(unchecked) final var appliedUpdates: [AppliedUpdate] = []

    /// Creates a view with `frame`.
    public init(frame: CGRect) {
        self.frame = frame
    }

    // Subviews that outlive this view (someone else holds them) forget it (see `superviewStorage`).
    isolated deinit {
        for view in subviews where view.superviewStorage === self { view.superviewStorage = nil }
        // Someone else may hold the engine (a flush in progress): it must not reach this view.
        engineIfCreated?.view = nil
    }

    /// Creates a view from an archive; headless views have nothing to decode, so this makes an empty view.
    public required init?(coder: NSCoder) {
        self.frame = .zero
    }

    /// Creates a view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// The engine rendering a component tree into this view, created on first use.
    public var componentEngine: ComponentEngine {
        if let engine = engineIfCreated { return engine }
        let engine = ComponentEngine(view: self)
        engineIfCreated = engine
        return engine
    }

    /// Called when the engine removes the view and keeps it for reuse: drop what refers to old
    /// content (handlers, for instance). The default does nothing.
    open func prepareForReuse() {}

    /// Called after the view joined or left a superview.
    open func didMoveToSuperview() {}

    /// Marks the view as needing `layoutSubviews`.
    public func setNeedsLayout() { needsLayout = true }

    /// Runs `layoutSubviews` now if the view was marked.
    public func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// Lays out subviews; the default brings the view's engine up to date.
    open func layoutSubviews() {
        engineIfCreated?.reloadIfNeeded()
    }

    /// Copies the display properties this class defines from `prototype` (a pooled view returning
    /// to its class's defaults); framework subclasses add their own.
    /// (Each property is set only when it differs: a setter is a dynamic call that marks the view
    /// changed, and most pooled views differ from the defaults in one or two properties.)
    func restoreDisplayProperties(from prototype: PlatformView) {
        if isHidden != prototype.isHidden { isHidden = prototype.isHidden }
        if alpha != prototype.alpha { alpha = prototype.alpha }
        if backgroundColor != prototype.backgroundColor { backgroundColor = prototype.backgroundColor }
        if clipsToBounds != prototype.clipsToBounds { clipsToBounds = prototype.clipsToBounds }
        // Only a layer that exists can differ from the defaults.
        guard layerIfCreated != nil || prototype.layerIfCreated != nil else { return }
        layer.cornerRadius = prototype.layer.cornerRadius
        layer.borderWidth = prototype.layer.borderWidth
        layer.borderColor = prototype.layer.borderColor
    }

    /// Properties shown by ``PlatformView/dump()`` after the frame, e.g. `text="Hi"`; subclasses append theirs.
    open var dumpAttributes: [String] {
        var attributes: [String] = []
        if isHidden { attributes.append("hidden") }
        if alpha != 1 { attributes.append("alpha=\(format(alpha))") }
        if let backgroundColor { attributes.append("background=\(backgroundColor)") }
        if let layer = layerIfCreated {
            if layer.cornerRadius != 0 { attributes.append("cornerRadius=\(format(layer.cornerRadius))") }
            if layer.borderWidth != 0 { attributes.append("borderWidth=\(format(layer.borderWidth))") }
            if let borderColor = layer.borderColor { attributes.append("borderColor=\(borderColor)") }
        }
        if clipsToBounds { attributes.append("clips") }
        return attributes
    }
}
