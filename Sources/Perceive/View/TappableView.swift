import Foundation

/// A view that runs a handler when pressed; `tap()` presses it (tests, benchmarks, accessibility).
@MainActor
open class TappableView: PlatformView {
    /// Runs on `tap()`.
    public var onTap: (@MainActor () -> Void)?

    /// Presses the view.
    public func tap() { onTap?() }

    open override var dumpAttributes: [String] { super.dumpAttributes + ["tappable"] }
}
