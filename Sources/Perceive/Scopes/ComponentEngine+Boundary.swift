import Foundation

/// How a perception boundary's engine receives content from its parent and pauses when its view
/// is pooled.
extension ComponentEngine {
    /// Replaces the content of a boundary's engine. Returns false (and schedules nothing) when the
    /// content is `Equatable` and equal to the current one and the environment is unchanged.
    /// With `knownChanged`, the caller already found the content or environment different from
    /// what the engine holds, and they are not compared again.
    @discardableResult
    func setContent(_ content: any Component, environment: EnvironmentValues, knownChanged: Bool = false) -> Bool {
        // (The stored component, not the optional `component`: an optional existential is copied
        // through the runtime's generic enum witnesses.)
        let unchanged =
            !knownChanged && hasComponent && environment.isEqual(to: self.environment) && componentsEqual(storedComponent, content)
        if unchanged && !isDetached { return false }
        let cause: ReloadCause = isDetached && unchanged ? .reattached : .contentChanged
        isDetached = false
        // Equal stamps are equal values: the same snapshot handed down again (every reload of a
        // parent whose environment did not change) is not assigned, a retain and a release saved.
        if environment.identity != self.environment.identity { self.environment = environment }
        // Content handed over by the parent's render: not a component set by user code.
        withoutScheduling { setComponent(content) }
        setNeedsReload(cause)
        return true
    }

    /// Stops observing: the view was removed or is waiting to be reused. The content is kept (and
    /// compared when the view is reused) but nothing is observed until the engine resumes.
    func detach() {
        isDetached = true
        scope.track {}
        needsReload = false
        needsRender = false
        needsUntrackedReload = false
    }
}
