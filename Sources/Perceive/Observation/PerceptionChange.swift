/// Why a scope was invalidated: which property of which type changed, and how.
public struct PerceptionChange: Sendable, Equatable, CustomStringConvertible {
    /// What happened to the observed property.
    public enum Kind: Sendable, Equatable {
        /// A tracked property was written.
        case mutation
        /// The object owning a tracked property was deallocated.
        case deallocated
        /// A property of a toolchain `@Observable` model changed (reported through the bridge).
        case observation
    }

    /// What happened.
    public let kind: Kind
    /// The property, e.g. `PerceptionImage.likes`; `nil` for bridged `@Observable` changes, which
    /// the toolchain does not name.
    ///
    /// A change record holds the name only, never the object or its cell, so keeping one (as an
    /// engine's last reload cause) keeps no model alive and delays no deallocation notice.
    public let property: PropertyName?

    /// The identity of the written property's cell, for matching against recorded reads
    /// (diagnostics); never dereferenced, and not part of equality.
    let cellID: ObjectIdentifier?

    /// True when the write was found by a scope arming on one thread but made on another (the
    /// handler then runs on the arming thread, not the writer's); not part of equality.
    let writtenOnAnotherThread: Bool

    /// True when the change was made by a write on the main thread and is delivered there (a
    /// write's own delivery): whoever receives it knows it runs on the main queue without asking
    /// (see `MainQueue.isCurrent`); not part of equality.
    let writtenOnMainThread: Bool

    /// Creates a change record.
    public init(kind: Kind, property: PropertyName?) {
        self.init(kind: kind, property: property, cellID: nil)
    }

    init(
        kind: Kind, property: PropertyName?, cellID: ObjectIdentifier?, writtenOnAnotherThread: Bool = false,
        writtenOnMainThread: Bool = false
    ) {
        self.kind = kind
        self.property = property
        self.cellID = cellID
        self.writtenOnAnotherThread = writtenOnAnotherThread
        self.writtenOnMainThread = writtenOnMainThread
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.property == rhs.property
    }

    /// `Type.property`, with ` (deallocated)` or `@Observable model` where that is all we know.
    public var description: String {
        switch kind {
        case .mutation: return property?.description ?? "unknown property"
        case .deallocated: return "\(property?.description ?? "object") (deallocated)"
        case .observation: return "@Observable model"
        }
    }
}
