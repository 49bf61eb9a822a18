import Synchronization

/// Tracking for hand-written accessors: computed properties, custom storage, lock-protected values.
///
/// Own one per model and call it from the accessors, as with the toolchain's `ObservationRegistrar`:
///
/// ```swift
/// final class Account: Perceptible {
///     private let registrar = PerceptionRegistrar()
///     private let storage = Mutex(0)
///     var balance: Int {
///         get { registrar.access(self, keyPath: \.balance); return storage.withLock { $0 } }
///         set { registrar.withMutation(of: self, keyPath: \.balance) { storage.withLock { $0 = newValue } } }
///     }
/// }
/// ```
///
/// Each key path gets its own ``PerceptionCell``. Reads cost nothing extra outside tracking; inside
/// tracking, and on writes, the key path is looked up in a dictionary, so `@Perceived` stays the
/// faster choice for plain stored properties.
public final class PerceptionRegistrar: Sendable {
    private let cells = Mutex<[KeyPathKey: PerceptionCell]>([:])
    private let cellCount = Atomic<Int>(0)

    /// Creates a registrar with no tracked properties yet.
    public init() {}

    /// The cell tracking `keyPath`, created on first use. `name` is the property's name in change
    /// records and diagnostics: by default the calling accessor's (`#function` in a property's
    /// getter or setter is the property's name), since a key path to a computed property has no
    /// readable description on every platform.
    public func cell<Subject: AnyObject, Member>(for keyPath: KeyPath<Subject, Member>, name: String = #function) -> PerceptionCell {
        cells.withLock { cells in
            if let cell = cells[KeyPathKey(keyPath)] { return cell }
            let cell = PerceptionCell()
            let property = PropertyName.isPlainName(name) ? name : PropertyName.fallbackLabel(keyPath)
            cell.setName(PropertyName(typeName: String(describing: Subject.self), property: property))
            cells[KeyPathKey(keyPath)] = cell
            cellCount.add(1, ordering: .releasing)
            return cell
        }
    }

    /// Records a read of `keyPath` on `subject` in the current tracking session, if any. `name`
    /// names the property (see ``cell(for:name:)``); leave it to its default in an accessor.
    @inlinable
    public func access<Subject: AnyObject, Member>(
        _ subject: Subject, keyPath: KeyPath<Subject, Member>,
        name: String = #function
    ) {
        if _PerceptionRuntime.readsNeedRecording { _recordAccess(cell(for: keyPath, name: name), subject) }
    }

    /// Performs `mutation`, then notifies scopes that read `keyPath` on `subject`.
    ///
    /// Unlike `@Perceived`, the registrar cannot see the old and new values, so every call notifies.
    @inlinable
    public func withMutation<Subject: AnyObject, Member, T, E: Error>(
        of subject: Subject,
        keyPath: KeyPath<Subject, Member>,
        _ mutation: () throws(E) -> T
    ) throws(E) -> T {
        let result = try mutation()
        _didMutate(subject, keyPath)
        return result
    }

    @usableFromInline
    func _didMutate(_ subject: AnyObject, _ keyPath: AnyKeyPath) {
        // No cell yet means no session ever recorded this key path, so only running sessions
        // (a write racing with a build) could care.
        guard cellCount.load(ordering: .acquiring) != 0 || _PerceptionRuntime.readsNeedRecording else { return }
        let cell: PerceptionCell? = cells.withLock { $0[KeyPathKey(keyPath)] }
        cell?._didMutate(subject)
    }
}
