import Foundation
import Perceive
import PerceiveLayout

/// A host view of a fixed size whose engine renders `component`, flushed and ready to inspect.
@MainActor
func makeHost(_ component: any Component, width: CGFloat = 300, height: CGFloat = 600, scrolls: Bool = false) -> ComponentView {
    let host =
        scrolls
        ? ComponentScrollView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        : ComponentView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    host.componentEngine.component = component
    host.componentEngine.flush()
    return host
}

/// Builds counted by type name across an engine and the engines below it.
@MainActor
func subtreeBuilds(_ view: PlatformView) -> [String: Int] {
    var counts = view.componentEngine.buildsByType
    for child in view.findViews(ofType: PlatformView.self) {
        guard child is PerceptionHostView || child is PerceptionScrollHostView else { continue }
        for (name, count) in child.componentEngine.buildsByType { counts[name, default: 0] += count }
    }
    return counts
}

@MainActor
func resetSubtreeStats(_ view: PlatformView) {
    view.componentEngine.resetStats()
    for child in view.findViews(ofType: PlatformView.self) { child.componentEngine.resetStats() }
}
