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

/// Gives content an exact size, or at least a minimum size, placing it inside by `alignment`.
public struct FrameComponent<Content: Component>: Component {
    let content: Content
    let width: CGFloat?
    let height: CGFloat?
    let minWidth: CGFloat?
    let minHeight: CGFloat?
    let alignment: FrameAlignment

    public func layout(_ constraint: Constraint) -> any RenderNode {
        place(content.layout(innerConstraint(constraint)), in: constraint)
    }

    /// An exact size bounds the content (text wraps to it); a minimum does not.
    @inline(never)
    func innerConstraint(_ constraint: Constraint) -> Constraint {
        var maxSize = constraint.maxSize
        if let width { maxSize.width = min(maxSize.width, sanitizedOptional(width)) }
        if let height { maxSize.height = min(maxSize.height, sanitizedOptional(height)) }
        return Constraint(minSize: .zero, maxSize: maxSize)
    }

    @inline(never)
    func place(_ node: consuming any RenderNode, in constraint: Constraint) -> any RenderNode {
        // (No closure here: see `LayoutPass.beginAgain()`.)
        let width = self.width != nil ? sanitizedOptional(self.width) : max(node.size.width, sanitizedOptional(minWidth))
        let height = self.height != nil ? sanitizedOptional(self.height) : max(node.size.height, sanitizedOptional(minHeight))
        let size = constraint.clamp(CGSize(width: width, height: height))
        let origin = CGPoint(
            x: ZStack.offset(alignment.horizontal, free: size.width - node.size.width),
            y: ZStack.offset(alignment.vertical, free: size.height - node.size.height))
        return SingleChildNode(size: size, child: node, position: origin)
    }

    private func sanitizedOptional(_ value: CGFloat?) -> CGFloat {
        guard let value else { return 0 }
        return sanitizedLength(value, "minimum", ".frame(…)")
    }
}

extension Component {
    /// Exactly `width` × `height` where given (the content is laid out within them), otherwise at
    /// least `minWidth` × `minHeight` (`nil` = no minimum); the content is placed by `alignment`.
    public consuming func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, minWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        alignment: FrameAlignment = .center
    ) -> FrameComponent<Self> {
        FrameComponent(content: self, width: width, height: height, minWidth: minWidth, minHeight: minHeight, alignment: alignment)
    }
}
