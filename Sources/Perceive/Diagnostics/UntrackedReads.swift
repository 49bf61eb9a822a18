/// The `.untrackedReads` check: tracked state read outside any scope while a view is configured,
/// or read to build a component that is then set on an engine (the state-management guide's pattern applied to
/// observed models: the reads are not observed, so changes never reload it).
enum UntrackedReads {
    static func setEnabled(_ enabled: Bool) {
        guard enabled else {
            PerceptionChecking.setRuntimeHandler(nil, everywhere: false)
            return
        }
        PerceptionChecking.setRuntimeHandler(
            { read in
                if read.region.isEmpty {
                    ThreadContext.current.untrackedReads.append(read.property)
                } else {
                    Diagnostics.report(.untrackedRead, "Perceive: \(read.description).")
                }
            }, everywhere: true)
    }

    /// Called when a component is set on an engine: reports the reads it was (likely) built from.
    @MainActor
    static func componentWasSet(on view: PlatformView?) {
        let context = ThreadContext.current
        guard !context.untrackedReads.isEmpty else { return }
        let names = Set(context.untrackedReads.map { $0?.description ?? "a tracked property" }).sorted()
        context.untrackedReads.removeAll()
        let host = view.map { String(describing: type(of: $0)) } ?? "a view"
        Diagnostics.report(
            .untrackedRead,
            "Perceive: the component set on \(host)'s engine was built from tracked state read outside any perception scope (\(names.joined(separator: ", "))); those reads are not observed, so later changes will not reload it. Read the state in a ComponentBuilder's build() instead."
        )
    }

    /// Forgets reads that did not end up in a component (called after each flush).
    static func clear() {
        ThreadContext.current.untrackedReads.removeAll()
    }
}
