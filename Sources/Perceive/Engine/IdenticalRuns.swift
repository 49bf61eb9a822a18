/// A run of a container's children that are, bit for bit, the children laid out last time
/// `offset` places on: children `start..<end` were those at `start + offset..<end + offset`.
struct IdenticalRun {
    let start: Int
    let end: Int
    let offset: Int
}

/// The first two long runs a stack found comparing its children with the previous ones (for their
/// flexibility), kept inline — no allocation per layout — so that taking the same children
/// compares nothing again. Two cover a list in place and a list after one removal or insertion;
/// others are compared again.
struct IdenticalRuns {
    private var first: IdenticalRun?
    private var second: IdenticalRun?

    mutating func add(_ run: IdenticalRun) {
        if first == nil { first = run } else if second == nil { second = run }
    }

    /// The run holding child `index` at `offset`, if one was found.
    @inline(__always)
    func run(containing index: Int, offset: Int) -> IdenticalRun? {
        if let first, first.offset == offset, first.start <= index, index < first.end { return first }
        if let second, second.offset == offset, second.start <= index, index < second.end { return second }
        return nil
    }
}
