import Synchronization

/// A human-readable `Type.property` name for a tracked property, used in reload causes and diagnostics.
///
/// Names are interned: each distinct pair of strings is stored once, for the life of the process
/// (the runtime makes one per declared property), and a name is one word that copies without
/// reference counting.
public struct PropertyName: Sendable, Hashable, CustomStringConvertible {
    /// The two strings behind one reference, interned for the process's lifetime (see `interned`):
    /// one per declared property, so the table stays small. The reference is held unretained, which
    /// makes a name — and the change record that carries it — a plain value: copying one costs no
    /// retain, and a firing write passes its change to every handler without touching a count.
    private final class Storage: Sendable {
        let typeName: String
        let property: String
        init(typeName: String, property: String) { (self.typeName, self.property) = (typeName, property) }
    }

    private struct Key: Hashable {
        let typeName: String
        let property: String
    }

    /// Every name ever made; never emptied (the unretained references above rely on it).
    private static let interned = Mutex([Key: Storage]())

    private unowned(unsafe) let storage: Storage

    /// The unqualified name of the type that declares the property, e.g. `PerceptionImage`.
    public var typeName: String { storage.typeName }
    /// The property's name, e.g. `likes`.
    public var property: String { storage.property }

    /// Creates a name; equal strings give the same interned name, kept for the life of the process.
    public init(typeName: String, property: String) {
        let key = Key(typeName: typeName, property: property)
        storage = Self.interned.withLock { table in
            if let known = table[key] { return known }
            let made = Storage(typeName: typeName, property: property)
            table[key] = made
            return made
        }
    }

    /// Equal when the type and property names are equal (interned: the same storage).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage }

    /// Hashes the interned storage's identity (equal names share it).
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }

    /// `typeName.property`.
    public var description: String { "\(typeName).\(property)" }

    /// Finds the `@Perceived` property of `subject` whose storage owns `cell`.
    ///
    /// Key paths to wrapped properties print as `<computed …>` on Linux, so the name comes from the
    /// object's mirror, where the wrapper's storage is labelled `_name`. This walks the mirror, so it
    /// runs only when a name is asked for (a description, a diagnostic), never on a write.
    static func resolve(_ subject: AnyObject, cell: PerceptionCell, storageOffset: Int?) -> PropertyName? {
        guard let offset = storageOffset else { return resolve(subject, cell: cell) }
        let key = StorageKey(type: ObjectIdentifier(type(of: subject)), offset: offset)
        if let known = byStorage.withLock({ $0.name(for: key) }) { return known }
        guard let name = resolve(subject, cell: cell) else { return nil }
        byStorage.withLock { $0.insert(name, for: key) }
        return name
    }

    /// A property of a class, by where its storage sits in the object.
    private struct StorageKey: Hashable {
        let type: ObjectIdentifier
        let offset: Int
    }

    /// Names by storage, with the last one found kept aside: the first write to each new row of a
    /// list names the same property as the row before, and comparing two words costs far less than
    /// hashing them (about 290 instructions less per first write, measured).
    private struct NameCache {
        var byStorage: [StorageKey: PropertyName] = [:]
        var last: (key: StorageKey, name: PropertyName)?

        mutating func name(for key: StorageKey) -> PropertyName? {
            if let last, last.key == key { return last.name }
            guard let name = byStorage[key] else { return nil }
            last = (key, name)
            return name
        }

        mutating func insert(_ name: PropertyName, for key: StorageKey) {
            byStorage[key] = name
            last = (key, name)
        }
    }

    private static let byStorage = Mutex(NameCache())

    /// Properties named so far, one per property of a type (tests check it stays bounded).
    package static var cachedCount: Int { byStorage.withLock { $0.byStorage.count } }

    static func resolve(_ subject: AnyObject, cell: PerceptionCell) -> PropertyName? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            for child in current.children {
                if let storage = child.value as? any _PerceivedStorage, storage._cell === cell, let label = child.label {
                    // Name the declaring class, not the subclass instance that was written.
                    return PropertyName(
                        typeName: String(describing: current.subjectType),
                        property: label.hasPrefix("_") ? String(label.dropFirst()) : label
                    )
                }
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// Whether `name` is a plain identifier (what `#function` is in a property accessor; a
    /// method's `#function` has parentheses, a subscript's is `subscript(_:)`).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// A key path's own description without its root type, e.g. `count` for `\Model.count`.
    static func fallbackLabel(_ keyPath: AnyKeyPath) -> String {
        let text = String(describing: keyPath)
        guard let dot = text.firstIndex(of: ".") else { return text }
        return String(text[text.index(after: dot)...])
    }
}

/// A key path as a dictionary key that may cross threads: key paths are immutable once formed.
struct KeyPathKey: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
    init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}
