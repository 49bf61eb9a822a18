extension Array {
    /// Whether `self` and `other` are one list — the same storage, the same length — rather than
    /// two that may hold equal elements: a container that handed a list out recognises it coming
    /// back without comparing element by element. (Not main-actor isolated: a main-actor closure
    /// given to `withUnsafeBufferPointer` checks the executor on every call.)
    @inline(__always)
    package func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
    }

    /// Empties the array and keeps its storage for the next use. `removeAll(keepingCapacity:)`
    /// replaces a range — about 130 instructions however few elements there are, even none — so an
    /// empty list is left alone and a short one popped (a boundary's reload lists one slot).
    @inline(__always)
    mutating func clearKeepingStorage() {
        guard !isEmpty else { return }
        if count <= 4 {
            repeat { removeLast() } while !isEmpty
        } else {
            removeAll(keepingCapacity: true)
        }
    }
}

extension Array where Element: AnyObject {
    /// `body` with `self[index]` held unretained (`index` must be in bounds): for a loop over a
    /// list that holds its objects throughout, where a retain and a release per element are two
    /// atomic operations on memory the loop would not otherwise write.
    @inline(__always)
    func withUnretained<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        Unmanaged<Element>.fromOpaque(elementWord(at: index))._withUnsafeGuaranteedRef(body)
    }

    /// The reference `self[index]` holds, as a pointer (not main-actor isolated, see above).
    @inline(__always)
    private func elementWord(at index: Int) -> UnsafeRawPointer {
        withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).load(as: UnsafeRawPointer.self)
        }
    }
}
