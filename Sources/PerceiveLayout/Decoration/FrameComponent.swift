import Foundation

/// Where content sits inside a larger frame.
public struct FrameAlignment: Sendable, Equatable {
    public var horizontal: CrossAxisAlignment
    public var vertical: CrossAxisAlignment

    public init(horizontal: CrossAxisAlignment, vertical: CrossAxisAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = FrameAlignment(horizontal: .center, vertical: .center)
    public static let leading = FrameAlignment(horizontal: .start, vertical: .center)
    public static let trailing = FrameAlignment(horizontal: .end, vertical: .center)
    public static let top = FrameAlignment(horizontal: .center, vertical: .start)
    public static let bottom = FrameAlignment(horizontal: .center, vertical: .end)
    public static let topLeading = FrameAlignment(horizontal: .start, vertical: .start)
}

/// Gives content at least a minimum size, placing it inside by `alignment`.
public struct MinimumFrame<Content: Component>: Component {
    let content: Content
    let minWidth: CGFloat?
    let minHeight: CGFloat?
    let alignment: FrameAlignment

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let node = content.layout(constraint)
        let width = max(node.size.width, sanitizedOptional(minWidth))
        let height = max(node.size.height, sanitizedOptional(minHeight))
        let size = constraint.clamp(CGSize(width: width, height: height))
        let origin = CGPoint(x: ZStack.offset(alignment.horizontal, free: size.width - node.size.width),
                             y: ZStack.offset(alignment.vertical, free: size.height - node.size.height))
        return ContainerNode(size: size, children: [node], positions: [origin])
    }

    private func sanitizedOptional(_ value: CGFloat?) -> CGFloat {
        guard let value else { return 0 }
        return sanitizedLength(value, "frame minimum")
    }
}

extension Component {
    /// At least `minWidth` × `minHeight` (each `nil` = no minimum), with the content placed by `alignment`.
    public func frame(minWidth: CGFloat? = nil, minHeight: CGFloat? = nil, alignment: FrameAlignment = .center) -> MinimumFrame<Self> {
        MinimumFrame(content: self, minWidth: minWidth, minHeight: minHeight, alignment: alignment)
    }
}
