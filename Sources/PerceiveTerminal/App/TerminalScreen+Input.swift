import Foundation
import Perceive

extension TerminalScreen {
    /// What the run loop should do after an event.
    public enum Outcome: Equatable, Sendable {
        case proceed
        case quit
    }

    /// Applies one input event: focus (Tab, Shift-Tab), taps (Enter, Space, a click), scrolling
    /// (arrows, Page Up/Down, Home/End, the wheel). Call ``frame()`` afterwards to show the result.
    public func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .key(let key):
            if onKey?(key) == true { return .proceed }
            return handle(key)
        case .mouse(let mouse):
            handle(mouse)
            return .proceed
        }
    }

    private func handle(_ key: Key) -> Outcome {
        switch key {
        case .controlC, .character("q"): return .quit
        case .tab: focus.move(forward: true, in: host)
        case .backTab: focus.move(forward: false, in: host)
        case .enter, .space: focus.focused(in: host)?.tap()
        case .down: scroll(by: 1)
        case .up: scroll(by: -1)
        case .pageDown: scroll(by: pageHeight)
        case .pageUp: scroll(by: -pageHeight)
        case .home: scroll(by: -.infinity)
        case .end: scroll(by: .infinity)
        default: break
        }
        return .proceed
    }

    private func handle(_ mouse: MouseEvent) {
        let point = CGPoint(x: CGFloat(mouse.x) + 0.5, y: CGFloat(mouse.y) + 0.5)
        switch mouse.kind {
        case .press(button: 0):
            guard let target = TerminalHitTest.tappable(at: point, in: host) else { return }
            focus.focus(target, in: host)
            target.tap()
        case .wheelDown: scroll(by: 3, at: point)
        case .wheelUp: scroll(by: -3, at: point)
        default: break
        }
    }

    /// The scroll view a key scrolls: the focused view's, else the first on screen.
    var scrollTarget: ComponentScrollView? {
        var view: PlatformView? = focus.focused(in: host)
        while let current = view {
            if let scroll = current as? ComponentScrollView { return scroll }
            view = current.superview
        }
        return TerminalHitTest.firstScrollView(in: host)
    }

    private var pageHeight: CGFloat { max((scrollTarget?.frame.height ?? 1) - 1, 1) }

    /// Scrolls by `rows` (clamped to the content), the view under `point` or the key target.
    func scroll(by rows: CGFloat, at point: CGPoint? = nil) {
        let target = point.flatMap { TerminalHitTest.scrollView(at: $0, in: host) } ?? scrollTarget
        guard let scroll = target else { return }
        let limit = max(scroll.contentSize.height - scroll.frame.height, 0)
        let offset = min(max(scroll.contentOffset.y + rows, 0), limit)
        scroll.contentOffset = CGPoint(x: scroll.contentOffset.x, y: offset.rounded())
    }
}
