/// A laid-out node on its way into storage: a slot's output, a container's list of children, a
/// render walk's item.
///
/// A node on its way into the node or slot that holds it is consumed, here and in the functions
/// that take a bare node to store it (`ZStack.placeOnly`, `IDScope.identify`, …): borrowed, it was
/// copied into its holder and the caller's released.
///
/// Passed wrapped because the optimizer specializes a function taking a bare `any RenderNode` for
/// the node's opened type, and storing the node then boxes it again — an allocation and two
/// copies per call, on every child of every layout. A struct around the existential is passed
/// as it is.
@MainActor
package struct NodeHandle {
    package let node: any RenderNode

    package init(_ node: any RenderNode) { self.node = node }

    /// The node, moved out of the handle (reading `node` copies it).
    package consuming func take() -> any RenderNode { node }
}
