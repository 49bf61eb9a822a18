import Foundation

/// The reconciler's keys: an explicit id (scoped by the explicit ids above it), or — marked with
/// ``RenderKey/automaticMark`` so that it never equals an explicit one — the structural path of
/// child indexes from the nearest explicit id.
enum RenderKey {
    /// Starts every automatic key: explicit and automatic ids live in separate namespaces.
    static let automaticMark: Character = "\u{1}"

    /// `key` as views show it (`componentID`), and whether it is an explicit id.
    static func display(_ key: String) -> (id: String, isExplicit: Bool) {
        key.first == automaticMark ? (String(key.dropFirst()), false) : (key, true)
    }
}

/// A structural path (`"0.3.1"`), spelled out only when used: most items in long lists carry an
/// explicit id instead, and building the string for each would cost more than the rest of render.
///
/// An explicit id met below another explicit id is scoped by it (`row-3/toggle`): stacks make no
/// views, so without the scope the rows of a list would all put their `toggle` in one container.
struct RenderPath: Equatable {
    let parent: String
    /// The child index appended to `parent`, or -1 when `parent` is the whole path.
    let index: Int
    /// The scoped key of the nearest explicit id at or above this path ("" when there is none).
    let scope: String
    /// The id itself when this path is an explicit id (not a child index below one).
    let explicitID: String?

    /// A structural path with no explicit id above it.
    init(_ path: String) { (parent, index, scope, explicitID) = (path, -1, "", nil) }
    init(_ parent: String, _ index: Int, scope: String) {
        (self.parent, self.index, self.scope, self.explicitID) = (parent, index, scope, nil)
    }
    private init(explicit id: String, key: String) {
        (parent, index, scope, explicitID) = (key, -1, key, id)
    }

    /// The path of an explicit `id` met here: scoped by the nearest explicit id above. (The same
    /// id met again — a slot collected again at its recorded path — is this path.)
    func identified(_ id: String) -> RenderPath {
        if explicitID == id { return self }
        return RenderPath(explicit: id, key: scope.isEmpty ? id : scope + "/" + id)
    }

    /// Whether this is the path of child `index` of `parent` under `scope`, identified by `id` if
    /// it has one — what `RenderPath(parent, index, scope:)` then `identified(_:)` would make —
    /// decided without making it (a scoped explicit id is left to the caller to spell out).
    func isPath(parent: String, index: Int, scope: String, identifiedBy id: String?) -> Bool {
        guard let id else {
            return explicitID == nil && self.index == index && self.parent == parent && self.scope == scope
        }
        return scope.isEmpty && explicitID == id && self.index == -1 && self.parent == id && self.scope == id
    }

    /// Whether this is the path of an engine's root, identified by `id` if it has one — what
    /// `RenderPath("")` then `identified(_:)` would make — decided without making it (a path holds
    /// three strings: making and comparing one cost about 250 instructions per boundary render).
    func isRoot(identifiedBy id: String?) -> Bool {
        guard let id else { return explicitID == nil && index == -1 && parent.isEmpty && scope.isEmpty }
        return explicitID == id && index == -1 && parent == id && scope == id
    }

    var string: String {
        guard index >= 0 else { return parent }
        return parent.isEmpty ? _decimalSpelling(index) : parent + "." + _decimalSpelling(index)
    }

    /// Whether `key` is the key of the item at this path, named by `id` when the item names itself
    /// — what `identified(id).key` (or `key`) would spell, compared without spelling an explicit
    /// path's key.
    func isKey(_ key: String, identifiedBy id: String?) -> Bool {
        if let id { return key == identified(id).key }
        if explicitID != nil { return key == parent }
        return key == self.key
    }

    /// Whether `key` is the key of child `index` of the layout at structural path `parent` (`""`: a
    /// container's root), with no explicit id above it — what `RenderPath(parent, index, scope: "")`,
    /// then `identified(id)` when `id` is given, would spell — decided without making the path (its
    /// three strings) and, for the first children of a root, without spelling the key.
    static func isKey(_ key: String, ofChild index: Int, of parent: String, identifiedBy id: String?) -> Bool {
        if let id { return key == id }
        if parent.isEmpty && index < RenderKey.firstChildren.count { return key == RenderKey.firstChildren[index] }
        return RenderKey.isAutomatic(key, parent: parent, index: index)
    }

    /// The reconciler's key for an item at this path (see ``RenderKey``).
    var key: String {
        if explicitID != nil { return parent }
        // The keys of a container's first children (and of a lone root view) are spelled once.
        if parent.isEmpty {
            if index < 0 { return RenderKey.root }
            if index < RenderKey.firstChildren.count { return RenderKey.firstChildren[index] }
        }
        if index < 0 { return parent.isEmpty ? RenderKey.root : RenderKey.automatic(parent, nil) }
        return RenderKey.automatic(parent, index)
    }
}

extension RenderKey {
    /// `automaticMark + parent + "." + index` (or without the parent and the dot when the parent is
    /// empty; without the index when it is `nil`), written in one pass into the string's own
    /// storage: a key made by concatenation cost about 400 instructions, and render makes one for
    /// every view it lays out without an id. (Keys up to 15 bytes, most, are small strings: no
    /// allocation.)
    static func automatic(_ parent: String, _ index: Int?) -> String {
        var parent = parent
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var digitCount = 0
        if var rest = index {
            // At most 19 digits, collected last first.
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[digitCount] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
                    rest /= 10
                    digitCount &+= 1
                } while rest > 0 && digitCount < 24
            }
        }
        return parent.withUTF8 { parentBytes in
            let separator = parentBytes.isEmpty || index == nil ? 0 : 1
            let length = 1 &+ parentBytes.count &+ separator &+ digitCount
            return String(unsafeUninitializedCapacity: length) { buffer in
                buffer[0] = UInt8(ascii: "\u{1}")
                var at = 1
                for byte in parentBytes {
                    buffer[at] = byte
                    at &+= 1
                }
                if separator == 1 {
                    buffer[at] = UInt8(ascii: ".")
                    at &+= 1
                }
                withUnsafeBytes(of: digits) { stored in
                    var digit = digitCount
                    while digit > 0 {
                        digit &-= 1
                        buffer[at] = stored[digit]
                        at &+= 1
                    }
                }
                return at
            }
        }
    }
}

extension RenderKey {
    /// The automatic key of a view at the root of its container's tree.
    static let root = String(automaticMark) + "root"
    /// The automatic keys of child 0, 1, … of a container's root (a tappable view's label).
    static let firstChildren: [String] = (0..<32).map { String(automaticMark) + String($0) }
}
