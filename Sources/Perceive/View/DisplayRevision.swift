/// Revision numbers for what a view shows, so that a display can tell which views changed since it
/// last drew them without comparing their properties.
///
/// Numbers come from one process-wide counter: a view made after another was deallocated never
/// takes that one's number, even at the same address.
@MainActor
package enum DisplayRevision {
    @exclusivity(unchecked) private static var last: UInt64 = 0

    /// A number no view has had.
    package static func next() -> UInt64 {
        last &+= 1
        return last
    }
}

extension PlatformView {
    /// Changes whenever a property a display draws changes on this view or its layer (colours,
    /// visibility, clipping, border, a label's text and style, an image): views whose state and
    /// frame are those of the last frame look the same. Frames and subviews are not counted here;
    /// a display compares those itself.
    package var displayState: UInt64 { displayRevision }
}
