import Foundation

/// Distances from each edge.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// The same inset on every edge.
    public init(_ all: CGFloat) { self.init(top: all, left: all, bottom: all, right: all) }

    var sanitized: EdgeInsets {
        EdgeInsets(
            top: sanitizedLength(top, "top inset", ".inset(…)"), left: sanitizedLength(left, "left inset", ".inset(…)"),
            bottom: sanitizedLength(bottom, "bottom inset", ".inset(…)"), right: sanitizedLength(right, "right inset", ".inset(…)"))
    }
}

/// A component with empty space around it.
public struct InsetComponent<Content: Component>: Component {
    public let content: Content
    public let insets: EdgeInsets

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let insets = self.insets.sanitized
        return Self.place(content.layout(Self.inner(constraint, insets)), insets)
    }

    @inline(never)
    static func inner(_ constraint: Constraint, _ insets: EdgeInsets) -> Constraint {
        let horizontal = insets.left + insets.right
        let vertical = insets.top + insets.bottom
        return Constraint(
            minSize: CGSize(width: max(constraint.minSize.width - horizontal, 0), height: max(constraint.minSize.height - vertical, 0)),
            maxSize: CGSize(width: max(constraint.maxSize.width - horizontal, 0), height: max(constraint.maxSize.height - vertical, 0))
        )
    }

    @inline(never)
    static func place(_ node: consuming any RenderNode, _ insets: EdgeInsets) -> any RenderNode {
        let size = CGSize(width: node.size.width + insets.left + insets.right, height: node.size.height + insets.top + insets.bottom)
        return SingleChildNode(size: size, child: node, position: CGPoint(x: insets.left, y: insets.top))
    }
}

extension Component {
    /// Insets every edge by `amount`.
    public consuming func inset(_ amount: CGFloat) -> InsetComponent<Self> { InsetComponent(content: self, insets: EdgeInsets(amount)) }
    /// Insets the edges by `insets`.
    public consuming func inset(_ insets: EdgeInsets) -> InsetComponent<Self> { InsetComponent(content: self, insets: insets) }
    /// Insets left and right by `h`, top and bottom by `v`.
    public consuming func inset(h: CGFloat = 0, v: CGFloat = 0) -> InsetComponent<Self> {
        inset(EdgeInsets(top: v, left: h, bottom: v, right: h))
    }
    /// Insets the given edges.
    public consuming func inset(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) -> InsetComponent<Self> {
        inset(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
    }
}
