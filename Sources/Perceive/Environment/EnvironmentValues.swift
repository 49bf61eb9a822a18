/// The values components see through ``Environment``, keyed by ``EnvironmentKey`` types.
///
/// During a layout, ``EnvironmentValues/current`` holds the values set by the enclosing
/// `.environment(_:_:)` modifiers. A perception boundary copies it when its modifier is called and
/// lays out its content inside that copy (see Docs/EnvironmentPropagation.md).
@MainActor
public struct EnvironmentValues {
    @usableFromInline var storage: [ObjectIdentifier: Entry] = [:]
    /// Changes with every assignment, and is shared by copies: equal stamps mean equal values, so
    /// the common comparison (the same environment handed down again) costs nothing.
    private var stamp = 0

    @usableFromInline struct Entry {
        let value: Any
    }

    /// Empty values: every key reads its default.
    public nonisolated init() {}

    /// The value for `key`, or its default. `property` names the property this is called from
    /// (leave the default: it is the accessor's name, `viewController` in its getter), so that
    /// diagnostics can say `\.viewController`.
    public subscript<Key: EnvironmentKey>(key: Key.Type, property: String = #function) -> Key.Value {
        // Nothing set (the common case, a text measuring itself): the default, without hashing the
        // key or casting — inlined, so that the caller's specialization knows `Key.Value`: called
        // unspecialized from another module, the getter looked up `Optional<Key.Value>`'s metadata
        // at run time, about 320 instructions a read.
        @inlinable get {
            guard !storage.isEmpty else { return Key.defaultValue }
            return _storedValue(key)
        }
        set {
            storage[ObjectIdentifier(key)] = Entry(value: newValue)
            stamp = EnvironmentStack.nextStamp()
            EnvironmentStack.lastKeySet = key
            EnvironmentStack.lastPropertySet = property
        }
    }

    /// The value set for `key`, or its default. (`if let`, not `flatMap`: a closure formed here is
    /// main-actor isolated and checks the executor when called.)
    @usableFromInline
    func _storedValue<Key: EnvironmentKey>(_ key: Key.Type) -> Key.Value {
        guard let entry = storage[ObjectIdentifier(key)], let value = entry.value as? Key.Value else { return Key.defaultValue }
        return value
    }

    /// Equal stamps mean equal values (see `stamp`): comparable without copying the values.
    var identity: Int { stamp }

    /// Whether the two sets of values are indistinguishable: the same keys, with values equal
    /// (`Equatable`), identical (objects) or both weak references to the same object.
    public func isEqual(to other: EnvironmentValues) -> Bool {
        if stamp == other.stamp { return true }
        guard storage.count == other.storage.count else { return false }
        for (key, entry) in storage {
            guard let theirs = other.storage[key], valuesEqual(entry.value, theirs.value) else { return false }
        }
        return true
    }

    /// The values in effect for the layout in progress.
    public static var current: EnvironmentValues {
        EnvironmentStack.current
    }

    /// Runs `body` with `values` as ``current``, restoring the previous values afterwards (also
    /// when `body` throws).
    public static func withValues<T, E: Error>(_ values: EnvironmentValues, _ body: () throws(E) -> T) throws(E) -> T {
        // Values with the current identity are the current values: nothing to swap, save or restore
        // (a boundary laid out where nobody set a value, every reload).
        guard values.identity != EnvironmentStack.currentIdentity else { return try body() }
        let saved = EnvironmentStack.current
        EnvironmentStack.current = values
        defer { EnvironmentStack.current = saved }
        return try body()
    }
}

@MainActor
enum EnvironmentStack {
    // Read by every builder and boundary: no dynamic exclusivity check (main-actor state).
    @exclusivity(unchecked) static var current = EnvironmentValues() {
        didSet { currentIdentity = current.identity }
    }
    /// `current.identity`, kept beside it: a builder compares it with its slot's without copying
    /// either set of values.
    @exclusivity(unchecked) private(set) static var currentIdentity = 0
    private static var lastStamp = 0
    /// The key the last assignment went through: a key path to a computed property has no
    /// readable name on every platform, but the key type it stores under does (diagnostics).
    static var lastKeySet: Any.Type?
    /// The name of the property that assignment went through (its accessor's `#function`).
    static var lastPropertySet: String?

    static func nextStamp() -> Int {
        lastStamp &+= 1
        return lastStamp
    }
}
