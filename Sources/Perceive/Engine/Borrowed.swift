/// Lends an object that something else keeps alive to main-actor code, without retaining it.
///
/// `Unmanaged._withUnsafeGuaranteedRef` is not isolated: a closure formed in main-actor code and
/// passed to it directly checks, on entry, that it runs on the main actor (`MainActor.shared`, its
/// executor, `swift_task_isCurrentExecutor`: about 300 instructions a call). Passed through this
/// main-actor function, whose parameter is a plain function type, the closure is called with no
/// check, and inlined.
@MainActor
enum Borrowed {
    /// `body` given `object`'s referent, which the caller guarantees is alive throughout.
    @inline(__always)
    static func with<Object: AnyObject, Result>(_ object: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
        object._withUnsafeGuaranteedRef(body)
    }

    /// `body` given `array[index]`, not retained: the array, held by this call until `body`
    /// returns, holds it — even if what the array was read from changes meanwhile (a view's
    /// subviews, which an update may change, are a copy once read).
    @inline(__always)
    static func withElement<Object: AnyObject, Result>(_ array: [Object], _ index: Int, _ body: (Object) -> Result) -> Result {
        element(array, index)._withUnsafeGuaranteedRef(body)
    }

    /// `array[index]`, not retained: the array holds it. Out of bounds traps, as the subscript
    /// does. (Not main-actor isolated: a main-actor closure given to `withUnsafeBufferPointer`
    /// would check the executor.)
    @inline(__always)
    nonisolated static func element<Object: AnyObject>(_ array: [Object], _ index: Int) -> Unmanaged<Object> {
        precondition(UInt(bitPattern: index) < UInt(array.count), "Index out of range")
        return array.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
    }
}
