import Synchronization

/// `a == b` for two values of the same `Equatable` type, `===` for objects, otherwise false.
///
/// Compares what a boundary's parent hands it again (its content, the environment's values) and
/// view property updates. Asking a value whether it is `Equatable` is a conformance lookup —
/// about 2,800 instructions, a third of a nested boundary's reload — so the answer is found once
/// per type (see `ValueEquality`); values of two different types take the general casts.
func valuesEqual(_ a: Any, _ b: Any) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: a))
    guard type == ObjectIdentifier(Swift.type(of: b)) else { return castingValuesEqual(a, b) }
    switch ValueEquality.of(a, type) {
    case .equatable(let comparer): return comparer.equal(a, b)
    case .object: return (a as AnyObject) === (b as AnyObject)
    case .incomparable: return false
    }
}

/// `valuesEqual(a, b)` for two components, each made into an `Any` only when its type compares at
/// all: the conversion copies the value through its type's witnesses, and a boundary's content —
/// compared twice a reload (its parent's render, then its engine taking it), and seldom
/// `Equatable` — was copied twice each time only to be found incomparable.
func componentsEqual(_ a: any Component, _ b: any Component) -> Bool { componentsComparison(a, b) ?? false }

/// `componentsEqual(a, b)`, or `nil` when both hold one value type that is not `Equatable`: no
/// value of that type ever equals another, which a caller comparing the next value of the same type
/// may remember (see `BoundaryContent.contentEquals`).
func componentsComparison(_ a: any Component, _ b: any Component) -> Bool? {
    guard let type = valueType(heldByBoth: a, b) else { return valuesEqual(a, b) }
    // (Objects took `valuesEqual` above: only value types get here.)
    return EqualityCache.componentsComparison(a, b, of: type) { ValueEquality.shared(a, type) }
}

/// The type a component's existential holds (not asked of the runtime, see `valueType`).
@inline(__always)
private func heldType(_ component: any Component) -> ObjectIdentifier {
    func held<C: Component>(_: C) -> ObjectIdentifier { ObjectIdentifier(C.self) }
    return held(component)
}

/// Whether the two components hold values of one type (read from their existentials).
@inline(__always)
func componentsHoldOneType(_ a: any Component, _ b: any Component) -> Bool { heldType(a) == heldType(b) }

/// The value type both components hold, read from their existentials (`type(of:)` asks the
/// runtime for the dynamic type: about 50 instructions a call); `nil` when their types differ or
/// for an object, whose dynamic class may be a subclass of the one it was erased from
/// (`valuesEqual` then compares it as it is). Whether the type is a class is asked once.
@inline(__always)
private func valueType(heldByBoth a: any Component, _ b: any Component) -> ObjectIdentifier? {
    func isValueType<C: Component>(_: C) -> Bool { !(C.self is AnyClass) }
    let type = heldType(a)
    guard type == heldType(b), isValueType(a) else { return nil }
    return type
}

/// `valuesEqual` through dynamic casts, for values whose types differ (an `Equatable` value may
/// still equal one its type can be cast from).
private func castingValuesEqual(_ a: Any, _ b: Any) -> Bool {
    if let a = a as? any Equatable { return isEqual(a, b) }
    if type(of: a) is AnyClass, type(of: b) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
    return false
}

/// `left == right` when `right` is a `Left`, otherwise false.
private func isEqual<Left: Equatable>(_ left: Left, _ right: Any) -> Bool {
    guard let right = right as? Left else { return false }
    return left == right
}

/// How values of one type compare, found on the first comparison of that type.
enum ValueEquality: Sendable {
    /// `Equatable`: `==` on two values of that exact type.
    case equatable(any EqualityComparer)
    /// An object that is not `Equatable`: identity.
    case object
    case incomparable

    /// Per type; types live for the whole process, so entries never go stale. (Comparisons run
    /// on any thread: environment values and view updates are compared wherever they are made.)
    private static let known = Mutex<[ObjectIdentifier: ValueEquality]>([:])

    /// How values of `type` compare; `value` (one of them) is made, and so copied, only when this
    /// thread's recent answers lack the type.
    static func of(_ value: @autoclosure () -> Any, _ type: ObjectIdentifier) -> ValueEquality {
        EqualityCache.answer(for: type) { shared(value(), type) }
    }

    /// The kind of an answer, kept apart from its comparer (see `EqualityCache`).
    enum Kind: UInt8 {
        case equatable, object, incomparable
    }

    /// The answer from the table all threads share, found and added on a type's first comparison.
    static func shared(_ value: Any, _ type: ObjectIdentifier) -> ValueEquality {
        if let found = known.withLock({ $0[type] }) { return found }
        let equality: ValueEquality
        if let equatable = value as? any Equatable {
            equality = .equatable(comparer(for: equatable))
        } else if Swift.type(of: value) is AnyClass {
            equality = .object
        } else {
            equality = .incomparable
        }
        known.withLock { $0[type] = equality }
        return equality
    }

    private static func comparer<T: Equatable>(for _: T) -> any EqualityComparer { TypedEquality<T>() }
}

/// `==` for values of one `Equatable` type, given as `Any`.
protocol EqualityComparer: Sendable {
    func equal(_ a: Any, _ b: Any) -> Bool
}

/// Each value is cast to `T` exactly (its own type: the fast path of a cast).
private struct TypedEquality<T: Equatable>: EqualityComparer {
    func equal(_ a: Any, _ b: Any) -> Bool {
        guard let a = a as? T, let b = b as? T else { return false }
        return a == b
    }
}
