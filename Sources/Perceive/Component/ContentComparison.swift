/// How a node's content compares with a ``ViewNode``'s (see `RenderNode._compareContent(with:)`).
public enum _ContentComparison: Sendable {
    /// Not a view node, or another content.
    case different
    /// The same content, from a node without view property updates.
    case equal
    /// The same content, from a node with view property updates (compared separately).
    case equalWithUpdates
}
