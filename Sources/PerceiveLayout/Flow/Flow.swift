import Foundation

/// Children in rows that wrap when the next child does not fit the width.
public struct Flow: Component {
    public let lineSpacing: CGFloat
    public let interItemSpacing: CGFloat
    public let justifyContent: MainAxisAlignment
    public let alignItems: CrossAxisAlignment
    public let children: [any Component]

    /// A flow with `spacing` between lines and between items.
    public init(
        spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
        fileID: StaticString = #fileID, line: UInt = #line, @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        self.init(
            lineSpacing: spacing, interItemSpacing: spacing, justifyContent: justifyContent,
            alignItems: alignItems, fileID: fileID, line: line, content)
    }

    /// A flow with separate line and item spacing; each line is justified and its items aligned within it.
    public init(
        lineSpacing: CGFloat = 0, interItemSpacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start,
        alignItems: CrossAxisAlignment = .start, fileID: StaticString = #fileID, line: UInt = #line,
        @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        self.lineSpacing = sanitizedLength(lineSpacing, "line spacing", origin("Flow", fileID, line))
        self.interItemSpacing = sanitizedLength(interItemSpacing, "item spacing", origin("Flow", fileID, line))
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        let childConstraint = Constraint(maxSize: CGSize(width: constraint.maxSize.width, height: .infinity))
        var nodes: [any RenderNode] = []
        nodes.reserveCapacity(children.count)
        for (index, child) in children.enumerated() { nodes.append(ChildLayout.layout(child, childConstraint, at: index)) }
        return place(nodes, in: constraint)
    }

    /// Breaks the laid-out children into lines and positions them (kept apart from `layout`, whose
    /// frame stays on the stack while children lay out).
    @inline(never)
    func place(_ nodes: [any RenderNode], in constraint: Constraint) -> any RenderNode {
        let maxWidth = constraint.maxSize.width
        // Break into lines greedily.
        var lines: [Range<Int>] = []
        var start = 0
        var lineWidth: CGFloat = 0
        for (index, node) in nodes.enumerated() {
            let needed = index == start ? node.size.width : lineWidth + interItemSpacing + node.size.width
            if index > start && needed > maxWidth {
                lines.append(start..<index)
                start = index
                lineWidth = node.size.width
            } else {
                lineWidth = needed
            }
        }
        if start < nodes.count { lines.append(start..<nodes.count) }
        // (Loops, no closures: see `LayoutPass.beginAgain()`.)
        var width = max(maxWidth, constraint.minSize.width)
        if !maxWidth.isFinite {
            width = 0
            for line in lines { width = max(width, used(in: line, nodes)) }
        }
        var positions = [CGPoint](repeating: .zero, count: nodes.count)
        var y: CGFloat = 0
        for (lineIndex, line) in lines.enumerated() {
            var height: CGFloat = 0
            for index in line { height = max(height, nodes[index].size.height) }
            let (offset, gap) = StackLayout.distribute(
                free: max(width - used(in: line, nodes), 0), count: line.count,
                spacing: interItemSpacing, justify: justifyContent)
            var x = offset
            for index in line {
                let free = height - nodes[index].size.height
                let dy: CGFloat = alignItems == .center ? free / 2 : alignItems == .end ? free : 0
                positions[index] = CGPoint(x: x, y: y + dy)
                x += nodes[index].size.width + gap
            }
            y += height + (lineIndex < lines.count - 1 ? lineSpacing : 0)
        }
        return ContainerNode(size: constraint.clamp(CGSize(width: width, height: y)), children: nodes, positions: positions)
    }

    private func used(in line: Range<Int>, _ nodes: [any RenderNode]) -> CGFloat {
        var width: CGFloat = 0
        for index in line { width += nodes[index].size.width }
        return width + interItemSpacing * CGFloat(max(line.count - 1, 0))
    }
}
