/// Components pushed as their own type, made into an existential in the stack's memory.
///
/// A statement's value (a list's row, `Row(item).id(item.id)`) used to be made into an `any
/// Component` in a temporary, then moved into the parameter and again onto the stack. The first move
/// reads back 16 bytes at a time what was just stored 8 bytes at a time, and the processor cannot
/// forward such stores to the load: it waits for them (about 11 % of a 1,000-row list's rebuild,
/// by a sampling profile). Pushed as its own type, a small value is stored straight into the
/// stack's slot, beside its type's metadata and witness table: what the toolchain stores for an
/// `any Component` whose value fits its three-word buffer — at most three words, word-aligned and
/// movable bit for bit (a weak reference is not). Anything else is boxed as before. The layout is
/// checked once, on a value erased by the toolchain, before the first push; if it does not hold,
/// every value goes the toolchain's way.
extension ComponentStack {
    /// Whether an `any Component` holding a small value is laid out as `push(concrete:)` writes it
    /// (set by the first `grow`, which runs before the first push).
    @exclusivity(unchecked) @usableFromInline static var inlineLayoutHolds = false

    /// Moves `component` onto the stack, made into an existential in place; returns its range.
    /// (The size, alignment and takability tests are constants once specialized. The fallback is
    /// written here rather than handed to `push(_:)`: delegating measured 7 k instructions more a
    /// 1,000-row swap and 0.3 M more a gallery's first flush.)
    @inlinable
    static func push<C: Component>(concrete component: consuming C) -> ComponentResultBuilder.Part {
        if count == capacity { grow() }
        let index = count
        let target = base.unsafelyUnwrapped + index
        if MemoryLayout<C>.size <= 3 * MemoryLayout<UInt>.size && MemoryLayout<C>.alignment <= MemoryLayout<UInt>.alignment
            && _isBitwiseTakable(C.self) && inlineLayoutHolds
        {
            let raw = UnsafeMutableRawPointer(target)
            raw.initializeMemory(as: C.self, to: component)
            let type = unsafeBitCast(C.self as any Component.Type, to: (metadata: UInt, witnesses: UInt).self)
            raw.storeBytes(of: type.metadata, toByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
            raw.storeBytes(of: type.witnesses, toByteOffset: 4 * MemoryLayout<UInt>.size, as: UInt.self)
        } else {
            target.initialize(to: component)
        }
        count = index + 1
        return ComponentResultBuilder.Part(start: index, end: index + 1)
    }

    /// Whether a small component in an `any Component` is its value in the first three words and
    /// its type's metadata and witness table in the last two, as `push(concrete:)` writes it:
    /// checked on one such value. (Not main-actor isolated: its closure would check the executor.)
    nonisolated static func checkInlineLayout() -> Bool {
        guard MemoryLayout<any Component>.size == 5 * MemoryLayout<UInt>.size,
            MemoryLayout<any Component.Type>.size == 2 * MemoryLayout<UInt>.size
        else { return false }
        let erased: any Component = LayoutProbe(a: 0x5a5a, b: 0x3c3c, c: 0x0f0f)
        let type = unsafeBitCast(LayoutProbe.self as any Component.Type, to: (metadata: UInt, witnesses: UInt).self)
        let expected: [UInt] = [0x5a5a, 0x3c3c, 0x0f0f, type.metadata, type.witnesses]
        // (`as any Component`: passed as it is, the existential would be opened to its value.)
        return withUnsafeBytes(of: erased as any Component) { bytes in
            guard bytes.count == expected.count * MemoryLayout<UInt>.size else { return false }
            var word = 0
            while word < expected.count {
                if bytes.load(fromByteOffset: word * MemoryLayout<UInt>.size, as: UInt.self) != expected[word] { return false }
                word += 1
            }
            return true
        }
    }

    /// A three-word component for `checkInlineLayout`.
    private struct LayoutProbe: Component {
        let a: UInt
        let b: UInt
        let c: UInt
        func layout(_ constraint: Constraint) -> any RenderNode { EmptyLayoutNode(size: .zero) }
    }
}
