/// One untouched instance per view class: what "the class's default" means when a property that
/// a node set must be restored (the node stopped setting it, or the view goes to the reuse pool).
///
/// Prototypes are made the way the engine makes that class's views (the node's factory, else
/// `init?(coder:)`), once per class, and never shown.
@MainActor
package enum ViewDefaults {
    private static var prototypes: [ObjectIdentifier: PlatformView] = [:]

    /// Prototypes made: one per view class.
    package static var count: Int { prototypes.count }

    /// The prototype of `View`, made with `make` the first time it is needed.
    static func prototype<View: PlatformView>(_ type: View.Type, make: () -> PlatformView?) -> View? {
        if let known = prototypes[ObjectIdentifier(type)] { return known as? View }
        guard let made = make() as? View else { return nil }
        prototypes[ObjectIdentifier(type)] = made
        return made
    }

    /// The prototype of `view`'s class, made with `make` (the factory of the node that showed
    /// it) if there is none yet.
    static func prototype(of view: PlatformView, make: (() -> PlatformView?)?) -> PlatformView? {
        let key = ObjectIdentifier(type(of: view))
        if let last, last.type == key { return last.prototype }
        if let known = prototypes[key] {
            last = (key, known)
            return known
        }
        guard let made = make?(), type(of: made) == type(of: view) else { return nil }
        prototypes[key] = made
        last = (key, made)
        return made
    }

    /// The prototype found last: the views of a list pooled one after another are of one class,
    /// and hashing its identifier for each cost about 300 instructions.
    @exclusivity(unchecked) private static var last: (type: ObjectIdentifier, prototype: PlatformView)?
}

/// A property a node's update set on a view, and how to put the class default back.
@MainActor
struct AppliedUpdate {
    let keyPath: AnyKeyPath
    let restore: @MainActor (PlatformView) -> Void
}

extension PlatformView {
    /// Puts back the class's default for every property a node or modifier set, and for the
    /// display properties of the framework's views; then lets the subclass drop what it holds
    /// (``prepareForReuse()``). A pooled view starts its next use as a new one would. `make` is
    /// the factory of the node that showed the view, used if the class has no prototype yet.
    func restoreDefaults(make: (() -> PlatformView?)?) {
        for applied in appliedUpdates { applied.restore(self) }
        appliedUpdates = []
        if let prototype = ViewDefaults.prototype(of: self, make: make) { restoreDisplayProperties(from: prototype) }
        prepareForReuse()
    }
}
