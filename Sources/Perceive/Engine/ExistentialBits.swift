import Foundation

/// Compares two `any Component` values by their representation: the three words of the inline
/// buffer, the type and the witness table. (Not main-actor isolated: a main-actor closure given to
/// `withUnsafeBufferPointer` checks the executor on every call, more than the comparison costs.)
enum ExistentialBits {
    /// The representation is the five words this compares (it is on every 64-bit platform Swift
    /// supports; anything else never compares).
    static let areComparable = MemoryLayout<any Component>.size == 5 * MemoryLayout<UInt>.size

    /// How many of `a[start...]` have, one after another, the representation of
    /// `b[start + offset …]` — where `same` holds for the latter, when given.
    static func matchingRun(_ a: [any Component], from start: Int, _ b: [any Component], offset: Int, _ same: [Bool]?) -> Int {
        let end = Swift.min(a.count, Swift.min(b.count, same?.count ?? b.count) &- offset)
        guard start < end, start &+ offset >= 0 else { return 0 }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                guard let same else { return run(a, from: start, to: end, b, offset: offset, nil) }
                return same.withUnsafeBufferPointer { run(a, from: start, to: end, b, offset: offset, $0) }
            }
        }
    }

    @inline(__always)
    private static func run(
        _ a: UnsafeBufferPointer<any Component>, from start: Int, to end: Int, _ b: UnsafeBufferPointer<any Component>, offset: Int,
        _ same: UnsafeBufferPointer<Bool>?
    ) -> Int {
        var index = start
        while index < end {
            let other = index &+ offset
            if let same, !same[other] { break }
            guard
                equal(UnsafeRawPointer(a.baseAddress.unsafelyUnwrapped + index), UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + other))
            else { break }
            index &+= 1
        }
        return index &- start
    }

    /// The first index of `b`, after `start` and then from the beginning, whose element has the
    /// representation of `a[index]` and where `same` holds; `nil` when there is none. (The first
    /// word — a row's reference — is compared alone in the loop: a few instructions an element.)
    static func firstMatch(of a: [any Component], _ index: Int, in b: [any Component], after start: Int, _ same: [Bool]) -> Int? {
        guard index >= 0, index < a.count, start >= -1, same.count == b.count else { return nil }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let wanted = UnsafeRawPointer(a.baseAddress.unsafelyUnwrapped + index)
                let first = wanted.load(as: UInt.self)
                let stride = MemoryLayout<any Component>.stride
                guard let base = b.baseAddress.map(UnsafeRawPointer.init) else { return nil }
                // After `start` to the end, then from the beginning up to it.
                var (candidate, end, wrapped) = (start &+ 1, b.count, false)
                while true {
                    while candidate < end {
                        let element = base + candidate &* stride
                        if element.load(as: UInt.self) == first && same[candidate] && equal(wanted, element) { return candidate }
                        candidate &+= 1
                    }
                    if wrapped { return nil }
                    (candidate, end, wrapped) = (0, Swift.min(start &+ 1, b.count), true)
                }
            }
        }
    }

    /// How many of `flags[start..<start + count]` are true one after another from `start` (the
    /// range is clamped to `flags`).
    static func trueRun(_ flags: [Bool], from start: Int, count: Int) -> Int {
        let end = Swift.min(start &+ count, flags.count)
        guard start >= 0, start < end else { return 0 }
        return flags.withUnsafeBufferPointer { flags in
            var index = start
            while index < end && flags[index] { index &+= 1 }
            return index &- start
        }
    }

    /// Whether any of `flags` is true. (A loop: `contains` is not specialized here.)
    static func anyTrue(_ flags: [Bool]) -> Bool {
        var index = 0
        while index < flags.count {
            if flags[index] { return true }
            index &+= 1
        }
        return false
    }

    /// Whether `a[i]` and `b[j]` (both in bounds) have the same representation.
    @inline(__always)
    static func equal(_ a: [any Component], _ i: Int, _ b: [any Component], _ j: Int) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                equal(UnsafeRawPointer(a.baseAddress.unsafelyUnwrapped + i), UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + j))
            }
        }
    }

    @inline(__always)
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let word = MemoryLayout<UInt>.size
        return a.load(fromByteOffset: 3 * word, as: UInt.self) == b.load(fromByteOffset: 3 * word, as: UInt.self)
            && a.load(as: UInt.self) == b.load(as: UInt.self)
            && a.load(fromByteOffset: word, as: UInt.self) == b.load(fromByteOffset: word, as: UInt.self)
            && a.load(fromByteOffset: 2 * word, as: UInt.self) == b.load(fromByteOffset: 2 * word, as: UInt.self)
            && a.load(fromByteOffset: 4 * word, as: UInt.self) == b.load(fromByteOffset: 4 * word, as: UInt.self)
    }
}
