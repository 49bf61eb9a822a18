import Foundation

/// Compares lists of nodes by their representation: the words of each `any RenderNode` (its
/// inline buffer, type and witness table) that hold the node. The same words are the same node —
/// a retained slot is one reference — so a list whose words did not change holds the same slots
/// in the same order. A slot (a class reference) is in the buffer's first word only: the other two
/// are not compared (they hold whatever was there); for any other type all three are.
/// (Not main-actor isolated: a main-actor closure given to `withUnsafeBufferPointer` checks the
/// executor on every call.)
enum NodeWords {
    /// The representation is five words (see `SlotBits`, which checks the layout of a slot in it).
    static let areComparable = MemoryLayout<any RenderNode>.size == 5 * MemoryLayout<UInt>.size

    /// The indexes (ascending) at which `a` and `b`, of the same count, differ.
    static func differing(_ a: [any RenderNode], _ b: [any RenderNode]) -> [Int] {
        guard areComparable, a.count == b.count else { return Array(a.indices) }
        var found: [Int] = []
        let (slotType, movedType) = slotTypes
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var index = 0
                while index < a.count {
                    let (left, right) = (a.baseAddress.unsafelyUnwrapped + index, b.baseAddress.unsafelyUnwrapped + index)
                    if !equal(UnsafeRawPointer(left), UnsafeRawPointer(right), slotType: slotType, movedType: movedType) {
                        found.append(index)
                    }
                    index &+= 1
                }
            }
        }
        return found
    }

    /// How many leading nodes of `a` and `b` are the same words.
    static func commonPrefix(_ a: [any RenderNode], _ b: [any RenderNode]) -> Int {
        guard areComparable else { return 0 }
        let (slotType, movedType) = slotTypes
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var index = 0
                while index < Swift.min(a.count, b.count) {
                    let (left, right) = (a.baseAddress.unsafelyUnwrapped + index, b.baseAddress.unsafelyUnwrapped + index)
                    guard equal(UnsafeRawPointer(left), UnsafeRawPointer(right), slotType: slotType, movedType: movedType) else { break }
                    index &+= 1
                }
                return index
            }
        }
    }

    /// How many trailing nodes of `a` and `b` (at most `limit`) are the same words.
    static func commonSuffix(_ a: [any RenderNode], _ b: [any RenderNode], limit: Int) -> Int {
        guard areComparable else { return 0 }
        let (slotType, movedType) = slotTypes
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var length = 0
                while length < Swift.min(limit, Swift.min(a.count, b.count)) {
                    let left = a.baseAddress.unsafelyUnwrapped + (a.count &- 1 &- length)
                    let right = b.baseAddress.unsafelyUnwrapped + (b.count &- 1 &- length)
                    guard equal(UnsafeRawPointer(left), UnsafeRawPointer(right), slotType: slotType, movedType: movedType) else { break }
                    length &+= 1
                }
                return length
            }
        }
    }

    /// Whether `a[i]` and `b[j]` (both in bounds) are the same words.
    static func same(_ a: [any RenderNode], _ i: Int, _ b: [any RenderNode], _ j: Int) -> Bool {
        guard areComparable else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                equal(
                    UnsafeRawPointer(a.baseAddress.unsafelyUnwrapped + i), UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + j),
                    slotType: slotTypes.slot, movedType: slotTypes.moved)
            }
        }
    }

    /// Whether two lists of positions are equal (the same storage, or point for point).
    static func samePoints(_ a: [CGPoint], _ b: [CGPoint]) -> Bool {
        a.count == b.count && samePoints(a, b, first: a.count)
    }

    /// Whether the first `count` points of `a` and `b` are equal (false when either has fewer).
    static func samePoints(_ a: [CGPoint], _ b: [CGPoint], first count: Int) -> Bool {
        guard count <= a.count, count <= b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                if a.baseAddress == b.baseAddress { return true }
                var index = 0
                while index < count {
                    guard a[index].x == b[index].x, a[index].y == b[index].y else { return false }
                    index &+= 1
                }
                return true
            }
        }
    }

    /// The type words of a slot's entry and of a moved one (read once per comparison of lists).
    @inline(__always)
    private static var slotTypes: (slot: UInt, moved: UInt) { (SlotBits.slotType, SlotBits.movedWords.type) }

    /// (A slot's entry and the same slot's moved entry, `MovedSlot`, are the same node: the list a
    /// render compares with is the one the new list took its slots from.)
    @inline(__always)
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, slotType: UInt, movedType: UInt) -> Bool {
        let word = MemoryLayout<UInt>.size
        guard a.load(as: UInt.self) == b.load(as: UInt.self) else { return false }
        let (typeA, typeB) = (a.load(fromByteOffset: 3 * word, as: UInt.self), b.load(fromByteOffset: 3 * word, as: UInt.self))
        let (slotA, slotB) = (typeA == slotType || typeA == movedType, typeB == slotType || typeB == movedType)
        if slotA || slotB { return slotA && slotB }
        return typeA == typeB && a.load(fromByteOffset: word, as: UInt.self) == b.load(fromByteOffset: word, as: UInt.self)
            && a.load(fromByteOffset: 2 * word, as: UInt.self) == b.load(fromByteOffset: 2 * word, as: UInt.self)
            && a.load(fromByteOffset: 4 * word, as: UInt.self) == b.load(fromByteOffset: 4 * word, as: UInt.self)
    }
}
