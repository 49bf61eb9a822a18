import Foundation

/// Children stacked on top of each other, aligned within the largest.
public struct ZStack: Component {
    public let verticalAlignment: CrossAxisAlignment
    public let horizontalAlignment: CrossAxisAlignment
    public let children: [any Component]

    /// Children laid over one another, aligned on each axis (`.stretch` sizes them to the stack).
    public init(
        verticalAlignment: CrossAxisAlignment = .center, horizontalAlignment: CrossAxisAlignment = .center,
        @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        self.verticalAlignment = verticalAlignment
        self.horizontalAlignment = horizontalAlignment
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let childConstraint = Constraint(maxSize: constraint.maxSize)
        // One child that nothing stretches (a centred badge, an overlay's label): no arrays.
        if children.count == 1 && horizontalAlignment != .stretch && verticalAlignment != .stretch {
            return placeOnly(ChildLayout.layout(children[0], childConstraint, at: 0), in: constraint)
        }
        var nodes: [any RenderNode] = []
        nodes.reserveCapacity(children.count)
        for (index, child) in children.enumerated() { nodes.append(ChildLayout.layout(child, childConstraint, at: index)) }
        let size = constraint.fitting(nodes)
        // Nothing stretches unless an axis asks for it (a centred badge, an overlay's label).
        if horizontalAlignment == .stretch || verticalAlignment == .stretch {
            // (No closure here: see `LayoutPass.beginAgain()`.)
            let saved = LayoutPass.beginAgain()
            for (index, stretched) in stretchConstraints(nodes, size: size) {
                nodes[index] = ChildLayout.layout(children[index], stretched, at: index)
            }
            LayoutPass.endAgain(saved)
        }
        return place(nodes, size: size)
    }

    /// With `.stretch` on an axis, the tight constraint of each child not yet at the stack's size.
    @inline(never)
    func stretchConstraints(_ nodes: [any RenderNode], size: CGSize) -> [(Int, Constraint)] {
        var stretched: [(Int, Constraint)] = []
        let (wide, tall) = (horizontalAlignment == .stretch, verticalAlignment == .stretch)
        for (index, node) in nodes.enumerated() {
            let own = node.size
            guard (wide && own.width != size.width) || (tall && own.height != size.height) else { continue }
            let target = CGSize(width: wide ? size.width : own.width, height: tall ? size.height : own.height)
            stretched.append((index, Constraint(tightSize: target)))
        }
        return stretched
    }

    /// The one child, in a ZStack the size the constraint fits it to. (Consumed: see `NodeHandle`.)
    @inline(never)
    func placeOnly(_ node: consuming any RenderNode, in constraint: Constraint) -> any RenderNode {
        let own = node.size
        return place(node, own, size: constraint.fitting(own))
    }

    /// One child of size `own`, aligned in a ZStack of `size`.
    func place(_ node: consuming any RenderNode, _ own: CGSize, size: CGSize) -> any RenderNode {
        SingleChildNode(size: size, child: node, position: position(of: own, in: size))
    }

    func position(of own: CGSize, in size: CGSize) -> CGPoint {
        CGPoint(
            x: Self.offset(horizontalAlignment, free: size.width - own.width),
            y: Self.offset(verticalAlignment, free: size.height - own.height))
    }

    // Loops here, not `filter` and `map`: a main-actor closure given to them checks the executor on
    // every call.
    @inline(never)
    func place(_ nodes: [any RenderNode], size: CGSize) -> any RenderNode {
        if nodes.count == 1 { return place(nodes[0], nodes[0].size, size: size) }
        if nodes.count == 2 {
            let (first, second) = (nodes[0], nodes[1])
            return ChildPairNode.make(
                size: size, first, at: position(of: first.size, in: size), second, at: position(of: second.size, in: size))
        }
        var positions: [CGPoint] = []
        positions.reserveCapacity(nodes.count)
        for node in nodes { positions.append(position(of: node.size, in: size)) }
        return ContainerNode(size: size, children: nodes, positions: positions)
    }

    static func offset(_ alignment: CrossAxisAlignment, free: CGFloat) -> CGFloat {
        switch alignment {
        case .start, .stretch: return 0
        case .center: return free / 2
        case .end: return free
        }
    }
}

extension Component {
    /// Centers the component in the constraint's maximum size (hugging it on an unbounded axis).
    public consuming func centered() -> CenteredComponent<Self> { CenteredComponent(content: self) }
}

/// Centers its content in the maximum size on bounded axes, and hugs it on unbounded ones.
public struct CenteredComponent<Content: Component>: Component {
    public let content: Content
    public func layout(_ constraint: Constraint) -> any RenderNode {
        Self.place(content.layout(Constraint(maxSize: constraint.maxSize)), in: constraint)
    }

    @inline(never)
    static func place(_ node: consuming any RenderNode, in constraint: Constraint) -> any RenderNode {
        let width = constraint.maxSize.width.isFinite ? constraint.maxSize.width : node.size.width
        let height = constraint.maxSize.height.isFinite ? constraint.maxSize.height : node.size.height
        let size = constraint.clamp(CGSize(width: width, height: height))
        let origin = CGPoint(x: (size.width - node.size.width) / 2, y: (size.height - node.size.height) / 2)
        return SingleChildNode(size: size, child: node, position: origin)
    }
}
