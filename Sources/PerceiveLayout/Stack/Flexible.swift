import Foundation

/// A component that takes part of a stack's free space (`grow`) or gives up space when the stack
/// overflows (`shrink`).
public struct Flexible<Content: Component>: Component {
    public let content: Content
    public let grow: CGFloat
    public let shrink: CGFloat

    public func layout(_ constraint: Constraint) -> any RenderNode { content.layout(constraint) }
    /// Stacks read the factors through this requirement, whatever the content type.
    public var _flexibility: (grow: CGFloat, shrink: CGFloat)? { (grow, shrink) }
}

extension Component {
    /// Grows to fill a stack's free space (`grow` shares it with other flexible children).
    public consuming func flex(_ grow: CGFloat = 1, fileID: StaticString = #fileID, line: UInt = #line) -> Flexible<Self> {
        Flexible(content: self, grow: sanitizedLength(grow, "grow factor", origin(".flex(…)", fileID, line)), shrink: 1)
    }
    /// Sets the grow factor.
    public consuming func flexGrow(_ grow: CGFloat, fileID: StaticString = #fileID, line: UInt = #line) -> Flexible<Self> {
        Flexible(content: self, grow: sanitizedLength(grow, "grow factor", origin(".flexGrow(…)", fileID, line)), shrink: 0)
    }
    /// Sets the shrink factor: how much of an overflow this child absorbs.
    public consuming func flexShrink(_ shrink: CGFloat, fileID: StaticString = #fileID, line: UInt = #line) -> Flexible<Self> {
        Flexible(content: self, grow: 0, shrink: sanitizedLength(shrink, "shrink factor", origin(".flexShrink(…)", fileID, line)))
    }
}

/// Fills free space in a stack.
public struct Spacer: Component {
    public init() {}
    public func layout(_ constraint: Constraint) -> any RenderNode {
        ContainerNode(size: constraint.minSize, children: [], positions: [])
    }
    /// Grows like `flex(1)` and never shrinks.
    public var _flexibility: (grow: CGFloat, shrink: CGFloat)? { (1, 0) }
}

/// Empty space of a fixed size.
public struct Space: Component {
    public let width: CGFloat
    public let height: CGFloat
    /// Space of `width` × `height` (invalid values become 0).
    public init(width: CGFloat = 0, height: CGFloat = 0, fileID: StaticString = #fileID, line: UInt = #line) {
        self.width = sanitizedLength(width, "width", origin("Space", fileID, line))
        self.height = sanitizedLength(height, "height", origin("Space", fileID, line))
    }
    /// A square of `size`.
    public init(size: CGFloat, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(width: size, height: size, fileID: fileID, line: line)
    }
    public func layout(_ constraint: Constraint) -> any RenderNode {
        ContainerNode(size: constraint.clamp(CGSize(width: width, height: height)), children: [], positions: [])
    }
}
