extension Array {
    /// Whether `self` and `other` are one list — the same storage, the same length — rather than
    /// two that may hold equal elements: a container that handed a list out recognises it coming
    /// back without comparing element by element. (Not main-actor isolated: a main-actor closure
    /// given to `withUnsafeBufferPointer` checks the executor on every call.)
    @inline(__always)
    package func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
    }
}
