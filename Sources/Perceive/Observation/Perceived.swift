import Synchronization

/// Makes a stored property of a class tracked.
///
/// Reads inside a tracking scope subscribe that scope; writes invalidate subscribed scopes.
/// Assigning a value equal to the current one (for `Equatable` values) notifies nobody; in-place
/// mutation (`items.append(x)`, `count += 1`) always notifies, also when it throws.
///
/// Accesses follow Swift's rule of exclusive access: reading or writing a property while it is
/// mutated in place — from a closure passed to a mutating method of its own value, say
/// (`model.items.removeAll { model.items.count > $0 }`) — traps with a message naming the rule.
/// The property checks this itself, so the module that declares it checks none of its accesses at
/// run time; the check also sees an access from another thread during the mutation (a data race:
/// synchronize the value, as for any shared state) and traps the same way.
///
/// ```swift
/// final class PerceptionImage: Perceptible {
///     @Perceived var likes = 0
/// }
/// ```
///
/// Any class's stored property can be `@Perceived` (each property carries its own observation
/// point); conform models to ``Perceptible`` to say what they are and to use them where the API
/// asks for one (a store's state). A struct or an enum has no identity to observe: there,
/// `@Perceived` does not compile.
///
/// The accessors are `@inlinable`: an untracked read is a load plus one atomic check, and a write
/// to a property nobody observes is a store plus two atomic checks.
///
/// An unobserved property costs three words beside its value: its ``PerceptionCell`` is created by the
/// first read a tracking session records (or by `$property`), inside the property's accessor. Like
/// the value itself, that first read must not race with another thread's access to the property.
@propertyWrapper
public struct Perceived<Value>: _PerceivedStorage {
    @usableFromInline var value: Value
    /// The cell's link counter, copied so that the write path tests it with plain loads and never
    /// retains the cell; nil while there is no cell. Set before `cell`, under `_PerceptionRuntime.cellCreation`.
    @usableFromInline var links: UnsafeMutablePointer<Atomic<Int>>?
    @usableFromInline var cell: PerceptionCell?
    /// The process-wide hook counter's address, copied for the same reason; marked while the value
    /// is mutated in place (see the `_modify` accessor), through the storage's address only
    /// (`_setHooks`). Declared `let`: as a `var`, the optimizer retained the cell ahead of every
    /// write in some callers (an unobserved write 19 → 73 instructions).
    @usableFromInline let hooks: _AtomicAddress

    /// Creates the storage with an initial value.
    // Inlinable: a model's initializer runs it per property; unspecialized, it would look up
    // `Perceived<Value>`'s metadata every time.
    @inlinable
    public init(wrappedValue: Value) {
        self.value = wrappedValue
        self.hooks = _PerceptionRuntime.hooks
    }

    /// The value without tracking; `@Perceived` is only usable inside a class.
    @available(*, unavailable, message: "@Perceived is only available on properties of classes: keep the state in a class")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// The cell through which scopes observe this property (for custom instrumentation).
    @available(*, unavailable, message: "$property is only available on properties of classes")
    public var projectedValue: PerceptionCell {
        fatalError()
    }

    public var _cell: PerceptionCell? { cell }

    /// The tracked accessors the compiler calls for `object.property`.
    ///
    /// Forced inline and free of key-path values: a key path that is only projected folds into a
    /// direct field access, while one passed to a function is materialized on every call. Fields
    /// are projected one by one (`…[keyPath: storage].links`): reading a computed property of the
    /// whole struct would copy it and retain the cell. A write takes the slow path when a session is
    /// recording anywhere (`hooks`) or someone is subscribed (`links`), tested in that order: a
    /// session links its cells *before* it stops counting in `hooks`, so a write that finds `hooks`
    /// at zero is guaranteed to see the links made by the session that just ended. A property
    /// without a cell has no links: no session ever recorded it.
    @inlinable
    public static subscript<Subject: AnyObject>(
        _enclosingInstance subject: Subject,
        wrapped wrapped: ReferenceWritableKeyPath<Subject, Value>,
        storage storage: ReferenceWritableKeyPath<Subject, Perceived<Value>>
    ) -> Value {
        @inline(__always) get {
            if _slowPath(subject[keyPath: storage].hooks.isNonZero) {
                if subject[keyPath: storage].hooks.isMarkedMutating { _perceivedAccessDuringMutation() }
                _recordAccess(_cellCreatingIfNeeded(subject, storage), subject)
            }
            return subject[keyPath: storage].value
        }
        @inline(__always) set {
            if _slowPath(subject[keyPath: storage].hooks.isNonZero || _isLinked(subject[keyPath: storage].links)) {
                if subject[keyPath: storage].hooks.isMarkedMutating { _perceivedAccessDuringMutation() }
                if _perceivedValuesEqual(subject[keyPath: storage].value, newValue) { return }
            }
            subject[keyPath: storage].value = newValue
            // Checked after the store as well: a scope that armed in between must still hear of it.
            if _slowPath(subject[keyPath: storage].hooks.isNonZero || _isLinked(subject[keyPath: storage].links)) {
                _notify(subject, storage)
            }
        }
        // An in-place mutation (`items.append(x)`, `items.sort { … }`) runs the caller's code on
        // the value where it is stored. Yielded inside an access to the storage, that code made
        // every access to the property one the user's module checks at run time (see
        // `_storageAddress`). The value is yielded through its address instead, and the property
        // checks exclusivity itself: `hooks` points at the marked counter meanwhile (see
        // `_AtomicAddress.markedMutating`), so a read or write of the property during the mutation
        // leaves the fast path it already tests, finds the mark and traps, as an overlapping access
        // does in Swift. Unlike Swift's check, this one also sees an access from another thread
        // (a data race, for which the value's own synchronization is missing). The mark is lifted
        // and the write reported also when the mutation throws: it may have changed the value.
        @inline(__always) _modify {
            let property = _storageAddress(subject, storage)
            let hooks = property.pointee.hooks
            if _slowPath(hooks.isMarkedMutating) { _perceivedAccessDuringMutation() }
            _setHooks(hooks.markedMutating, at: property)
            defer {
                _setHooks(hooks, at: property)
                if _slowPath(hooks.isNonZero || _isLinked(property.pointee.links)) {
                    _notify(subject, storage)
                }
            }
            yield &property.pointee.value
        }
    }

    /// `object.$property`: the property's cell, created if no session has read it yet.
    @inlinable
    public static subscript<Subject: AnyObject>(
        _enclosingInstance subject: Subject,
        projected projected: KeyPath<Subject, PerceptionCell>,
        storage storage: ReferenceWritableKeyPath<Subject, Perceived<Value>>
    ) -> PerceptionCell {
        _cellCreatingIfNeeded(subject, storage).takeUnretainedValue()
    }

    /// The property's cell, created on first use. Unmanaged: passing the cell itself would retain
    /// and release it around the call. Forced inline, and the creator gets the storage's address:
    /// passing `storage` to a function that is not inlined would build the key path on every
    /// access, taken branch or not.
    @inlinable @inline(__always)
    static func _cellCreatingIfNeeded<Subject: AnyObject>(
        _ subject: Subject, _ storage: ReferenceWritableKeyPath<Subject, Perceived<Value>>
    ) -> Unmanaged<PerceptionCell> {
        if let cell = subject[keyPath: storage].cell { return Unmanaged.passUnretained(cell) }
        // The creator writes the cell's two fields through the storage's address, outside any
        // access, under its lock (see `_storageAddress`).
        let property = _storageAddress(subject, storage)
        // The creator gets the two fields' addresses, computed here where the layout is known:
        // a creator generic over `Value` would look up `Perceived<Value>`'s metadata per call.
        // The object's address goes along for the storage's offset, which names the property
        // through a per-type cache (computed by the creator: subtracted here, the offset's
        // operands were hoisted out of the caller's loops and held registers on every read).
        let object = UnsafeRawPointer(Unmanaged.passUnretained(subject).toOpaque())
        return withUnsafeMutablePointer(to: &property.pointee.links) { links in
            withUnsafeMutablePointer(to: &property.pointee.cell) {
                _createPerceivedCell(links: links, cell: $0, object: object, storage: UnsafeRawPointer(property))
            }
        }
    }

    /// The address of the property's storage, taken in an access that ends at once. Code that
    /// holds an access to the storage while calling code the compiler cannot see (the cell's
    /// creator, the caller's in-place mutation) makes every access to the property one that might
    /// overlap another, and the compiler then checks each at run time (`swift_beginAccess`, about
    /// 75 instructions); through the address, no accessor holds one. The storage is a stored
    /// property the compiler made for the wrapper (it cannot be overridden or computed), and a
    /// class's stored property stays where it is while its object lives: `subject`, which the
    /// caller keeps alive throughout.
    @inlinable @inline(__always)
    static func _storageAddress<Subject: AnyObject>(
        _ subject: Subject, _ storage: ReferenceWritableKeyPath<Subject, Perceived<Value>>
    ) -> UnsafeMutablePointer<Perceived<Value>> {
        withUnsafeMutablePointer(to: &subject[keyPath: storage]) { $0 }
    }

    /// Stores `hooks` in the property at `property` (the mark of an in-place mutation, and its
    /// removal): the field is a constant to every other accessor.
    @inlinable @inline(__always)
    static func _setHooks(_ hooks: _AtomicAddress, at property: UnsafeMutablePointer<Perceived<Value>>) {
        let offset = MemoryLayout<Perceived<Value>>.offset(of: \Perceived<Value>.hooks).unsafelyUnwrapped
        (UnsafeMutableRawPointer(property) + offset).assumingMemoryBound(to: _AtomicAddress.self).pointee = hooks
    }

    @inlinable @inline(__always)
    static func _isLinked(_ links: UnsafeMutablePointer<Atomic<Int>>?) -> Bool {
        guard let links else { return false }
        return links.pointee.load(ordering: .acquiring) != 0
    }

    /// Reports a write. Without a cell nobody can care: no session ever recorded a read of this
    /// property.
    @inlinable
    static func _notify<Subject: AnyObject>(_ subject: Subject, _ storage: ReferenceWritableKeyPath<Subject, Perceived<Value>>) {
        guard let cell = subject[keyPath: storage].cell.map(Unmanaged.passUnretained) else { return }
        // Unretained: the property holds its cell for as long as `subject` lives, and the caller
        // keeps `subject` alive through the write.
        let recording = subject[keyPath: storage].hooks.isNonZero
        cell._withUnsafeGuaranteedRef { $0._didMutate(subject, recording: recording) }
    }
}

/// Traps on a read or write of a ``Perceived`` property while it is mutated in place: Swift's rule
/// of exclusive access, which the property checks itself (see its `_modify` accessor).
@usableFromInline @inline(never)
func _perceivedAccessDuringMutation() -> Never {
    fatalError(
        "Perceive: overlapping accesses to a @Perceived property: it was read or written while being mutated in place, "
            + "by code the mutation called (a closure passed to a mutating method of its own value) or by another thread "
            + "without synchronization")
}

/// Type-erased access to a ``Perceived`` property's cell (used to name properties in diagnostics).
public protocol _PerceivedStorage {
    var _cell: PerceptionCell? { get }
}

/// Creates a property's cell on its first recorded read (see `Perceived._cellCreatingIfNeeded`).
/// Double-checked under one process-wide lock, so that two threads reading at once agree on one
/// cell; `links` is published before `cell`, so a writer that finds the cell also finds its counter.
@usableFromInline
func _createPerceivedCell(
    links: UnsafeMutablePointer<UnsafeMutablePointer<Atomic<Int>>?>, cell: UnsafeMutablePointer<PerceptionCell?>,
    object: UnsafeRawPointer, storage: UnsafeRawPointer
) -> Unmanaged<PerceptionCell> {
    _PerceptionRuntime.cellCreation.withLock { _ in
        if let existing = cell.pointee { return Unmanaged.passUnretained(existing) }
        let created = PerceptionCell(storageOffset: storage - object)
        links.pointee = created.linkCount.pointer
        cell.pointee = created
        return Unmanaged.passUnretained(created)
    }
}
