import Foundation

/// A view that runs a handler when pressed; `tap()` presses it (tests, benchmarks, accessibility).
@MainActor
open class TappableView: PlatformView {
    /// Runs on `tap()`.
    // Set on every render of its node: no dynamic exclusivity check (main-actor state).
    @exclusivity(unchecked) public var onTap: (@MainActor () -> Void)?

    /// Presses the view.
    public func tap() { onTap?() }

    /// Drops the handler, so a pooled view keeps nothing of its old content alive.
    open override func prepareForReuse() { onTap = nil }

    open override var dumpAttributes: [String] { super.dumpAttributes + [onTap == nil ? "tappable(no action)" : "tappable"] }
}
