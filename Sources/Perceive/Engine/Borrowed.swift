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

    /// `array[index]` (in bounds), not retained: the array holds it. (Not main-actor isolated: a
    /// main-actor closure given to `withUnsafeBufferPointer` would check the executor.)
    @inline(__always)
    nonisolated static func element<Object: AnyObject>(_ array: [Object], _ index: Int) -> Unmanaged<Object> {
        array.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
    }
}
