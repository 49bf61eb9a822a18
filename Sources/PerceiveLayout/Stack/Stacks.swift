import Foundation

/// Children in a column, top to bottom.
public struct VStack: Component {
    public let spacing: CGFloat
    /// Where the stack was made, for diagnostics.
    public let site: CallSite
    public let justifyContent: MainAxisAlignment
    public let alignItems: CrossAxisAlignment
    public let children: [any Component]

    /// A column of `content` with `spacing` between children.
    public init(
        spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
        fileID: StaticString = #fileID, line: UInt = #line, @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        let site = CallSite(fileID: fileID, line: line)
        self.site = site
        self.spacing = sanitizedLength(spacing, "spacing", "VStack at \(site)")
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        // The call site in a local (here and in `init`): a closure reading `site` captured, and
        // copied, the whole stack.
        let site = self.site
        return StackLayout.layout(
            axis: .vertical, spacing: spacing, justify: justifyContent, align: alignItems,
            children: children, constraint: constraint, origin: { "VStack at \(site)" })
    }
}

/// Children in a row, leading to trailing.
public struct HStack: Component {
    public let spacing: CGFloat
    /// Where the stack was made, for diagnostics.
    public let site: CallSite
    public let justifyContent: MainAxisAlignment
    public let alignItems: CrossAxisAlignment
    public let children: [any Component]

    /// A row of `content` with `spacing` between children.
    public init(
        spacing: CGFloat = 0, justifyContent: MainAxisAlignment = .start, alignItems: CrossAxisAlignment = .start,
        fileID: StaticString = #fileID, line: UInt = #line, @ComponentResultBuilder _ content: () -> [any Component]
    ) {
        let site = CallSite(fileID: fileID, line: line)
        self.site = site
        self.spacing = sanitizedLength(spacing, "spacing", "HStack at \(site)")
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.children = content()
    }

    public func layout(_ constraint: Constraint) -> any RenderNode {
        // The call site in a local (here and in `init`): a closure reading `site` captured, and
        // copied, the whole stack.
        let site = self.site
        return StackLayout.layout(
            axis: .horizontal, spacing: spacing, justify: justifyContent, align: alignItems,
            children: children, constraint: constraint, origin: { "HStack at \(site)" })
    }
}
