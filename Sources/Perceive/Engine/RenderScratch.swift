import Foundation

/// Buffers a render walk borrows, so that rendering allocates nothing once they have grown.
///
/// Shared by every engine: renders run on the main actor and never interleave, but a render can
/// start another inside it (a view hosting its children's views; a view's update that reloads
/// another engine), so each render in progress takes its own level.
@MainActor
final class RenderScratch {
    var items: [WalkItem] = []
    var taken: [Bool] = []
    var work: [WalkStep] = []

    // Main-actor state taken and given back per render: no dynamic exclusivity check.
    @exclusivity(unchecked) private static var levels: [RenderScratch] = []
    @exclusivity(unchecked) private static var inUse = 0

    /// A level's buffers for one render; give them back with ``release()``.
    static func acquire() -> RenderScratch {
        if inUse == levels.count { levels.append(RenderScratch()) }
        inUse += 1
        return levels[inUse - 1]
    }

    static func release() { inUse -= 1 }
}
