/// A named group of measurements with its own Markdown section.
struct Scenario: Sendable {
    let name: String
    let title: String
    let explanation: String
    let run: @Sendable (Options, Report) -> Void
    let render: @Sendable (Report) -> String

    static let all: [Scenario] = [
        Scenario(
            name: "core",
            title: "core — the tracking registry against the toolchain's Observation",
            explanation: "Equivalent models (`@Perceived` vs `@Observable`), same shapes, same process. "
                + "Medians of several repetitions after a warm-up; ns per operation (lower is better).",
            run: CoreSuite.run,
            render: CoreSuite.render
        ),
    ]
}
