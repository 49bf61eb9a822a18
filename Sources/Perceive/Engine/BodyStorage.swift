/// Stores a builder's new body where its previous body was.
///
/// A body larger than an existential's three inline words (most: a label with a color and a size
/// is 152 bytes) lives in a heap box. Assigning the new body would allocate a box for it and free
/// the old one on every rebuild; when the new body has the previous body's type (always, after the
/// first build: a builder's body type is fixed) and the box is not shared, it is written into that
/// box instead — one allocation and one free fewer per rebuilt builder (about 1% of a row's
/// rebuild, measured with callgrind). The reuse is the optimizer's: an unoptimized build writes the
/// opened body back into a new box, which is still correct, only not cheaper.
@MainActor
enum BodyStorage {
    /// Makes `body` hold `new`, reusing its storage when `new` has the type `body` holds.
    @inline(__always)
    static func store<New: Component>(_ new: consuming New, in body: inout any Component) {
        var new = new
        // Opening `body` in place projects its box for mutation (copied first if shared).
        if !overwrite(&body, with: &new) { body = new }
    }

    /// Swaps `new` into `old`'s storage when both are the same type; false (nothing done) if not.
    /// The previous body, now in `new`, is destroyed by the caller.
    @inline(__always)
    private static func overwrite<Old: Component, New: Component>(_ old: inout Old, with new: inout New) -> Bool {
        guard Old.self == New.self else { return false }
        exchange(&old, with: &new)
        return true
    }

    /// Swaps the `New` at `target` with `new`. (A pointer, not a closure over `Old`: a closure
    /// generic over the opened type is not specialized, and swapping through value witnesses costs
    /// more than the allocation it saves.)
    @inline(__always)
    private static func exchange<Old, New>(_ target: UnsafeMutablePointer<Old>, with new: inout New) {
        swap(&UnsafeMutableRawPointer(target).assumingMemoryBound(to: New.self).pointee, &new)
    }
}
