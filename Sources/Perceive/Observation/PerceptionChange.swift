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

    /// Which thread wrote the property, as the thread that receives the change knows it.
    enum Writer: Sendable, Equatable {
        /// The receiving thread itself (a write's own delivery, or a change the toolchain or a
        /// deallocation reports), not known to be the main thread.
        case thisThread
        /// The receiving thread, which is the main thread (a write's own delivery there): whoever
        /// receives the change knows it runs on the main queue without asking (see
        /// `MainQueue.isCurrent`).
        case mainThread
        /// Another thread: the write was found by a scope arming on this one, and the handler runs
        /// here, not on the writer's.
        case anotherThread
    }

    /// Which thread wrote the property; not part of equality.
    let writer: Writer

    /// Creates a change record.
    public init(kind: Kind, property: PropertyName?) {
        self.init(kind: kind, property: property, cellID: nil)
    }

    init(kind: Kind, property: PropertyName?, cellID: ObjectIdentifier?, writer: Writer = .thisThread) {
        self.kind = kind
        self.property = property
        self.cellID = cellID
        self.writer = writer
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
