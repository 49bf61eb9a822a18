import Foundation

/// Renders a view of type `View`, created when visible and reused across reloads.
///
/// Views are made with the initializer every ``PlatformView`` subclass has, `init?(coder:)`
/// (headless views decode nothing), or with the closure given to ``init(_:)``. Set the view's
/// properties with dynamic members and give it a size (it has no intrinsic size: unsized, it takes
/// the constraint's minimum):
///
/// ```swift
/// ViewComponent<ProfileCell>()
///     .profile(profile)
///     .size(width: .fill, height: 100)
/// ```
public struct ViewComponent<View: PlatformView>: ViewBackedComponent {
    private let make: @MainActor () -> View

    /// Creates the component; views are made with `View(coder:)`.
    public init() {
        make = { View(coder: EmptyCoder.shared) ?? View(coder: EmptyCoder.shared)! }
    }

    /// Creates the component; views are made by `make`.
    public init(_ make: @escaping @MainActor () -> View) {
        self.make = make
    }

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<View>]) -> any RenderNode {
        ViewNode<View>(size: constraint.minSize, updates: updates, make: make) { _ in }
    }
}
