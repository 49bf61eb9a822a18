import Foundation

extension Component {
    /// Renders this component in its own reload scope, in a box of the given size.
    ///
    /// Apply it where the component is *used* (in the parent's `build()`), not at the end of the
    /// component's own `build()`: only then does the component's `build()` run in the boundary.
    /// Diagnostics about the boundary (its sizes, its scope's reloads) name this call's
    /// `fileID`/`line`.
    // Disfavored so that number literals pick the `CGFloat` overload; `.fill` etc. still pick this one.
    @_disfavoredOverload
    /// (Inlinable: a gallery's `build()` calls it once per cell; specialized in the caller it
    /// needs no generic metadata lookup.)
    @inlinable
    public consuming func perceptionView(
        width: SizeStrategy, height: SizeStrategy, fileID: StaticString = #fileID, line: UInt = #line
    ) -> PerceptionBoundary<Self> {
        PerceptionBoundary(content: self, width: width, height: height, scrolls: false, site: CallSite(fileID: fileID, line: line))
    }

    /// `perceptionView(width:height:)` with absolute sizes.
    @inlinable
    public consuming func perceptionView(
        width: CGFloat, height: CGFloat, fileID: StaticString = #fileID, line: UInt = #line
    ) -> PerceptionBoundary<Self> {
        perceptionView(width: .absolute(width), height: .absolute(height), fileID: fileID, line: line)
    }

    /// A boundary filling the constraint: `perceptionView(width: .fill, height: .fill)`.
    @inlinable
    public consuming func perceptionViewFill(fileID: StaticString = #fileID, line: UInt = #line) -> PerceptionBoundary<Self> {
        perceptionView(width: .fill, height: .fill, fileID: fileID, line: line)
    }

    /// Renders this component in its own reload scope inside a scroll view of the given size.
    @_disfavoredOverload
    @inlinable
    public consuming func perceptionScrollView(
        width: SizeStrategy, height: SizeStrategy, fileID: StaticString = #fileID, line: UInt = #line
    ) -> PerceptionBoundary<Self> {
        PerceptionBoundary(content: self, width: width, height: height, scrolls: true, site: CallSite(fileID: fileID, line: line))
    }

    /// `perceptionScrollView(width:height:)` with absolute sizes.
    @inlinable
    public consuming func perceptionScrollView(
        width: CGFloat, height: CGFloat, fileID: StaticString = #fileID, line: UInt = #line
    ) -> PerceptionBoundary<Self> {
        perceptionScrollView(width: .absolute(width), height: .absolute(height), fileID: fileID, line: line)
    }

    /// A scrolling boundary filling the constraint: `perceptionScrollView(width: .fill, height: .fill)`.
    @inlinable
    public consuming func perceptionScrollViewFill(fileID: StaticString = #fileID, line: UInt = #line) -> PerceptionBoundary<Self> {
        perceptionScrollView(width: .fill, height: .fill, fileID: fileID, line: line)
    }
}
