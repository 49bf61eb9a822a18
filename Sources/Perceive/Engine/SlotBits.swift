/// Finds a retained builder slot in a list of nodes by the list's representation, without copying
/// the node out of the list and asking it (``RenderNode/_wrapping``).
///
/// Render looks at every child of a list it collects, and most are slots (a memoized row):
/// copying the existential out, calling the witness and destroying the copy cost about 150
/// instructions a row, more than the rest of the row's visit. A slot held by an `any RenderNode`
/// is a class reference: the first word of the value's buffer, with `LayoutSlot`'s metadata in the
/// type word. That representation is checked once, on a slot made for the purpose; if it does not
/// hold, nothing is found here and render asks each node as before.
@MainActor
enum SlotBits {
    // (Computed, not stored: a stored constant is initialized lazily, and every read of it called
    // `swift_once`, four times in a boundary's reload. The metadata and the witness table read here
    // need no initialization of their own.)

    /// `LayoutSlot`'s type metadata, as the type word of an existential holding one.
    nonisolated static var slotType: UInt {
        @inline(__always) get { unsafeBitCast(LayoutSlot.self, to: UInt.self) }
    }

    /// `MovedSlot`'s type metadata and witness table, as the last two words of an existential
    /// holding one (what `NodeRuns` writes over a slot's entry it moved).
    nonisolated static var movedWords: (type: UInt, witnesses: UInt) {
        @inline(__always) get { unsafeBitCast(MovedSlot.self as any RenderNode.Type, to: (type: UInt, witnesses: UInt).self) }
    }

    /// Whether the representation is the one described above: checked on a list holding a real
    /// slot, read as render reads lists — and a moved entry is the same first word beside
    /// `movedWords` — and on a single node, read as render reads an engine's root; and on a
    /// boundary's node, whose first field is read the same way (see `BoundaryNode.isHeldInline`).
    /// Checked once (a stored constant would be initialized lazily, through `swift_once` at every
    /// read).
    static var holds: Bool {
        @inline(__always) get { checked != 0 ? checked == 1 : check() }
    }

    /// 0 until `holds` is checked; then 1 if it holds, 2 if not.
    @exclusivity(unchecked) private static var checked: UInt8 = 0

    @inline(never)
    private static func check() -> Bool {
        let result = representationHolds()
        checked = result ? 1 : 2
        return result
    }

    private static func representationHolds() -> Bool {
        guard MemoryLayout<any RenderNode>.size == 5 * MemoryLayout<UInt>.size,
            MemoryLayout<any RenderNode.Type>.size == 2 * MemoryLayout<UInt>.size
        else { return false }
        let slot = LayoutSlot(key: SlotKey(path: 0, type: ObjectIdentifier(SlotBits.self), occurrence: 0), serial: -1, parent: nil)
        let nodes: [any RenderNode] = [EmptyLayoutNode(size: .zero), slot, MovedSlot(slot: slot)]
        let pointer = UnsafeRawPointer(Unmanaged.passUnretained(slot).toOpaque())
        // A single node, as an engine's root is read, too.
        let single: any RenderNode = slot
        let plain: any RenderNode = EmptyLayoutNode(size: .zero)
        return reference(nodes, 1, slotType) == pointer && reference(nodes, 0, slotType) == nil
            && reference(nodes, 2, movedWords.type) == pointer && typeWords(nodes, 2) == movedWords
            && reference(single, slotType) == pointer && reference(plain, slotType) == nil
            && BoundaryNode.isHeldInline()
    }

    /// The last two words of `nodes[index]` (in bounds).
    private nonisolated static func typeWords(_ nodes: [any RenderNode], _ index: Int) -> (type: UInt, witnesses: UInt) {
        nodes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index)
            return (
                raw.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self),
                raw.load(fromByteOffset: 4 * MemoryLayout<UInt>.size, as: UInt.self)
            )
        }
    }

    /// The slot `nodes[index]` is, if it is one (`index` must be in bounds; only when `holds`).
    @inline(__always)
    static func slot(in nodes: [any RenderNode], at index: Int) -> LayoutSlot? {
        slot(in: nodes, at: index, type: slotType)
    }

    /// `slot(in:at:)` with `slotType` read once by the caller (a loop over a list reads the
    /// metadata once, not once a row).
    @inline(__always)
    static func slot(in nodes: [any RenderNode], at index: Int, type: UInt) -> LayoutSlot? {
        guard let object = reference(nodes, index, type) else { return nil }
        return Unmanaged<LayoutSlot>.fromOpaque(object).takeUnretainedValue()
    }

    /// `body` with the slot `nodes[index]` is (if it is one), held unretained: for a loop over a
    /// list that holds its slots throughout (a retain and a release per row are two atomic
    /// operations).
    @inline(__always)
    static func withSlot<Result>(in nodes: [any RenderNode], at index: Int, type: UInt, _ body: (LayoutSlot) -> Result) -> Result? {
        guard let object = reference(nodes, index, type) else { return nil }
        return Unmanaged<LayoutSlot>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
    }

    /// `body` with the slot `node` is (if it is one), held unretained: an engine's root, which the
    /// engine holds throughout its render. (Asked through `_wrapping`, the slot was retained and
    /// released once a render.) Written out rather than through `withObject`: through it, a
    /// scope's reload took 28–34 instructions more (the render around it no longer inlined).
    @inline(__always)
    static func withSlot<Result>(_ node: borrowing any RenderNode, _ body: (LayoutSlot) -> Result) -> Result? {
        guard holds, let object = reference(node, slotType) else { return nil }
        return Unmanaged<LayoutSlot>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
    }

    /// `body` with the object `node` holds as its first word, when its type word is `type`: the
    /// metadata of a node type whose first word is a reference to an `Object` (a boundary's node,
    /// whose first field is its shared content, held inline), held unretained: the caller holds
    /// `node` throughout. `nil` when `node` holds something else. Only when `holds` (and, for a
    /// struct, when it is held inline with that reference first, as the caller checks).
    @inline(__always)
    static func withObject<Object: AnyObject, Result>(
        _ node: borrowing any RenderNode, ofType type: UInt, _ body: (Object) -> Result
    ) -> Result? {
        guard let object = reference(node, type) else { return nil }
        return Unmanaged<Object>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
    }

    /// Whether `node`'s type word is `type`. (Read through the variable: a borrowed existential was
    /// copied to be pointed at, a retain and a release of what it holds.)
    @inline(__always)
    nonisolated static func holds(_ node: inout any RenderNode, type: UInt) -> Bool {
        withUnsafeMutablePointer(to: &node) {
            UnsafeRawPointer($0).load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self) == type
        }
    }

    /// The object `node` holds, a final class's instance whose metadata `holds(_:type:)` found in
    /// its type word, taken over with the existential's reference (not retained: its other words
    /// own nothing), `empty` put in its place. Only when `holds`.
    nonisolated static func takeObject<Object: AnyObject>(_ node: inout any RenderNode, leaving empty: any RenderNode) -> Object {
        withUnsafeMutablePointer(to: &node) { pointer in
            let object = Unmanaged<Object>.fromOpaque(UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self)).takeRetainedValue()
            pointer.initialize(to: empty)
            return object
        }
    }

    /// The first word of `node` when its type word is `type`: the reference, when `type` is a
    /// final class's metadata, or a node held inline whose first field is a reference (a
    /// boundary's). (Forced inline: it stopped being inlined into the root's render.)
    @inline(__always)
    private nonisolated static func reference(_ node: borrowing any RenderNode, _ type: UInt) -> UnsafeRawPointer? {
        withUnsafePointer(to: node) { pointer in
            let raw = UnsafeRawPointer(pointer)
            guard raw.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self) == type else { return nil }
            return UnsafeRawPointer(bitPattern: raw.load(as: UInt.self))
        }
    }

    /// The first word of `nodes[index]` when its type word is `type`. (Not main-actor isolated: a
    /// main-actor closure given to `withUnsafeBufferPointer` checks the executor on every call.)
    private nonisolated static func reference(_ nodes: [any RenderNode], _ index: Int, _ type: UInt) -> UnsafeRawPointer? {
        nodes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index)
            guard raw.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self) == type else { return nil }
            return UnsafeRawPointer(bitPattern: raw.load(as: UInt.self))
        }
    }
}

extension RenderNode {
    /// The slot this node is, asked through ``RenderNode/_wrapping`` (what `SlotBits` reads directly).
    var wrappedSlot: LayoutSlot? {
        guard case .slot(let slot) = _wrapping.kind else { return nil }
        return slot
    }
}
