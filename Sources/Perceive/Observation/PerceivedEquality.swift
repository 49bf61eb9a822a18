/// `a == b` when `Value` is `Equatable`, otherwise false. Only reached on the notify path.
// Inlinable so that, in the setter of a property of a concrete type, the optimizer folds the cast
// (to `==` or to `false`): called across the module boundary, a cast to `any Equatable` is a
// runtime conformance lookup of ≈ 1,200 instructions per observed write. The cast is of a
// metatype, not of the value: casting the value boxes it in an existential first (≈ 40
// instructions a write, for an `Int`).
@inlinable
func _perceivedValuesEqual<Value>(_ a: Value, _ b: Value) -> Bool {
    guard let equatable = _EquatableWitness<Value>.self as? any _ValuesEquatable.Type else { return false }
    return withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in equatable._equal(a, b) } }
}

/// Compares two values of the type its witness stands for (see `_perceivedValuesEqual`).
@usableFromInline
protocol _ValuesEquatable {
    static func _equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool
}

/// Conforms to `_ValuesEquatable` exactly when `Value` is `Equatable`.
@usableFromInline
enum _EquatableWitness<Value> {}

extension _EquatableWitness: _ValuesEquatable where Value: Equatable {
    @inlinable
    static func _equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.assumingMemoryBound(to: Value.self).pointee == b.assumingMemoryBound(to: Value.self).pointee
    }
}
