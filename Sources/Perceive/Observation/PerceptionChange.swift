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
    let cell: PerceptionCell?
    /// The written object, kept so the property can be named on demand. Naming walks the object's
    /// mirror, which a write must not pay for; holding the object is the price (a change record
    /// kept as "last cause" keeps its object alive until replaced).
    let subject: UncheckedSendable<AnyObject>?

    init(kind: Kind, cell: PerceptionCell?, subject: AnyObject?) {
        self.kind = kind
        self.cell = cell
        self.subject = subject.map(UncheckedSendable.init)
    }

    /// The property, e.g. `PerceptionImage.likes`; resolved on first request and then remembered
    /// by the property. `nil` for bridged `@Observable` changes, which the toolchain does not name,
    /// and for a deallocated object whose property was never named while it lived.
    public var property: PropertyName? { cell?.resolvedName(in: subject?.value) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.cell === rhs.cell
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
