import Foundation
import PerceiveLayout

/// Lays `component` out within `width` × `height` (∞ = unbounded).
@MainActor
func layout(_ component: any Component, width: CGFloat = 300, height: CGFloat = .infinity) -> any RenderNode {
    component.layout(Constraint(maxSize: CGSize(width: width, height: height)))
}

/// The frames of a node's direct children.
@MainActor
func childFrames(_ node: any RenderNode) -> [CGRect] {
    zip(node.children, node.positions).map { CGRect(origin: $1, size: $0.size) }
}

/// A fixed-size box.
@MainActor
func box(_ width: CGFloat, _ height: CGFloat) -> Space { Space(width: width, height: height) }

/// `value` rounded to 4 decimals, for comparing computed widths with the spec's vectors.
func rounded(_ value: CGFloat) -> CGFloat { (value * 10_000).rounded() / 10_000 }

/// `rect` with every coordinate rounded to 4 decimals.
func rounded(_ rect: CGRect?) -> CGRect? {
    rect.map { CGRect(x: rounded($0.minX), y: rounded($0.minY), width: rounded($0.width), height: rounded($0.height)) }
}
