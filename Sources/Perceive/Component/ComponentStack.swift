/// Where a ``ComponentResultBuilder`` keeps the components its statements made until the closure's
/// final result takes them.
///
/// Builder closures run on the main actor and nest strictly (a container in a statement runs its
/// own closure, to its final result, before the statement ends), so the stack behaves as a stack:
/// a closure's statements push consecutively, its final result takes exactly its range from the
/// top. Components move in once and out once; ranges are passed around instead of components, so
/// no component is copied or destroyed through generic value witnesses on the way (a loop of rows
/// used to copy and destroy each row twice).
///
/// Invariants: `0 ≤ count ≤ capacity`; `base[0..<count]` is initialized, the rest is not. A part
/// handed out covers components pushed after everything below it. Misuse (a part discarded or
/// taken twice by hand-written builder calls) never corrupts the stack: a range that is not
/// consecutive is compacted (`join`), one that is no longer on the stack is taken as empty.
///
/// The stack is static state, initialized statically (constant initial values): a lazily made
/// shared instance cost a `swift_once` call, and a reference to it a retain and a release, on
/// every push — about 50 instructions a row of a list.
@MainActor
@usableFromInline
enum ComponentStack {
    // Main-actor state touched per row: no dynamic exclusivity checks. (No storage until the first
    // push: `capacity` is 0.)
    @exclusivity(unchecked) @usableFromInline static var base: UnsafeMutablePointer<any Component>?
    @exclusivity(unchecked) @usableFromInline static var count = 0
    @exclusivity(unchecked) @usableFromInline static var capacity = 0

    /// Moves `component` onto the stack; returns its range.
    @inlinable
    static func push(_ component: consuming any Component) -> ComponentResultBuilder.Part {
        if count == capacity { grow() }
        let index = count
        (base.unsafelyUnwrapped + index).initialize(to: component)
        count = index + 1
        return ComponentResultBuilder.Part(start: index, end: index + 1)
    }

    /// Doubles the capacity (256 at first). (The capacity stays: the next build of a list this long
    /// needs it.)
    @usableFromInline
    static func grow() {
        // The first growth comes before the first push.
        if capacity == 0 { inlineLayoutHolds = checkInlineLayout() }
        let larger = UnsafeMutablePointer<any Component>.allocate(capacity: Swift.max(256, capacity * 2))
        if let base {
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = larger
        capacity = Swift.max(256, capacity * 2)
    }

    /// Moves the components of `part` into an array and pops them (with anything left above them).
    @usableFromInline
    static func take(_ part: ComponentResultBuilder.Part) -> [any Component] {
        guard part.start >= 0, part.start <= part.end, part.end <= count else { return [] }
        let leftover = moveOut(from: part.end)
        let result = part.start == part.end ? [] : move(from: base.unsafelyUnwrapped + part.start, count: part.end - part.start)
        count = part.start
        _ = consume leftover
        return result
    }

    /// The `count` components at `source`, moved into an array. A long run is moved at once (one
    /// copy of its bytes); up to three make an array literal; a few more are appended one by one
    /// into reserved room, because the standard library's unspecialized
    /// `init(unsafeUninitializedCapacity:)` costs about 300 instructions a call, where appending
    /// costs about 40 a component. (Not main-actor isolated: a main-actor closure would check the
    /// executor.)
    private nonisolated static func move(from source: UnsafeMutablePointer<any Component>, count: Int) -> [any Component] {
        switch count {
        case 0: return []
        case 1: return [source.move()]
        // (Array literals: made in one allocation, without `reserveCapacity`'s generic growth, about
        // 100 instructions fewer — a stack of two or three children is the common body.)
        case 2: return [source.move(), (source + 1).move()]
        case 3: return [source.move(), (source + 1).move(), (source + 2).move()]
        case 16...:
            return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: source, count: count)
                initialized = count
            }
        default:
            var result: [any Component] = []
            result.reserveCapacity(count)
            var index = 0
            while index < count {
                result.append((source + index).move())
                index &+= 1
            }
            return result
        }
    }

    /// `first` and `second` as one range, when something lies between them (see the type's
    /// comment): what lies between (and above `second`) is dropped and `second` moved down.
    @usableFromInline
    static func join(_ first: ComponentResultBuilder.Part, _ second: ComponentResultBuilder.Part) -> ComponentResultBuilder.Part {
        let valid = { (part: ComponentResultBuilder.Part) in part.start >= 0 && part.start <= part.end && part.end <= count }
        // (No storage yet: nothing was pushed, every valid part is empty.)
        guard let base else { return .empty }
        guard valid(first) else { return valid(second) ? second : .empty }
        guard valid(second), first.end <= second.start else { return first }
        let length = second.end - second.start
        var dropped = moveOut(from: second.end)
        dropped += move(from: base + first.end, count: second.start - first.end)
        (base + first.end).moveInitialize(from: base + second.start, count: length)
        count = first.end + length
        _ = consume dropped
        return ComponentResultBuilder.Part(start: first.start, end: first.end + length)
    }

    /// Moves `base[start..<count]` into an array (to be destroyed after the stack is consistent
    /// again: a component's deinitializer may build components).
    private static func moveOut(from start: Int) -> [any Component] {
        guard start < count else { return [] }
        let moved = move(from: base.unsafelyUnwrapped + start, count: count - start)
        count = start
        return moved
    }
}
