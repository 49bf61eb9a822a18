/// A named group of measurements with its own Markdown section.
struct Scenario: Sendable {
    let name: String
    let title: String
    let explanation: String
    let run: @MainActor @Sendable (Options, Report) -> Void
    let render: @MainActor @Sendable (Report) -> String
    /// Runs only when named, or asked for by `--instructions` (the one such scenario).
    var optIn = false

    /// The scenarios `options` asks for: those named (all but the opt-in one when none is), and
    /// the opt-in one, `instructions`, also when `--instructions` asks for it.
    static func selected(by options: Options) -> [Scenario] {
        all.filter { scenario in
            if options.scenarios.contains(scenario.name) { return true }
            return scenario.optIn ? options.instructions : options.scenarios.isEmpty
        }
    }

    static let all: [Scenario] = [
        Scenario(
            name: "waterfall-likes",
            title: "waterfall-likes — one like in a waterfall of N images",
            explanation: "A 390×844 scroll view shows N images in a 2-column `Waterfall`; each step scrolls a random image "
                + "into view (untimed), taps its like button and flushes (timed). `correct` applies `.perceptionView` to "
                + "`ImageContainer` where it is used; `broken` applies it at the end of `ImageContainer.build()`; "
                + "`equatable` is the broken placement with an `Equatable` `ImageContainer` (rebuild avoidance); "
                + "`automatic` is the broken placement's code under `.automaticScopes()`; "
                + "`full-rebuild` has no boundaries and rebuilds everything after each change (the full-reload pattern's `reloadComponent`). "
                + "A *wasted* build is any build beyond the tapped container's.",
            run: WaterfallScenario.run,
            render: WaterfallScenario.render
        ),
        Scenario(
            name: "first-render",
            title: "first-render — the gallery's first flush",
            explanation: "10,000 images (aspect ratios from a fixed seed) in a 2-column `Waterfall`, each in its own perception "
                + "boundary, set on a fresh 390×844 scroll view and flushed once. Medians of several runs after a warm-up.",
            run: FirstRenderScenario.run,
            render: FirstRenderScenario.render
        ),
        Scenario(
            name: "terminal",
            title: "terminal — the gallery drawn in a terminal",
            explanation: "10,000 pictures in a 2-column `Waterfall` on a `TerminalScreen` (the renderer `perceive-gallery` uses), "
                + "the first picture focused. Each step taps it (Enter) and draws the frame (flush, draw into the cell grid, "
                + "encode the changed cells: timed, bytes counted), then forgets the terminal's contents and draws the whole "
                + "screen again (the full-redraw baseline).",
            run: TerminalScenario.run,
            render: TerminalScenario.render
        ),
        Scenario(
            name: "scroll-offset",
            title: "scroll-offset — a tracked scroll offset drives a header",
            explanation: "The screen reads the offset for its header's opacity and contains two child builders, "
                + "`Counter(counter:)` and `Hello(hello:)`, `Equatable`, whose inputs never change. Each step writes a new offset and flushes.",
            run: ScrollOffsetScenario.run,
            render: ScrollOffsetScenario.render
        ),
        Scenario(
            name: "rows",
            title: "rows — the JS framework benchmark's operations",
            explanation: "A table of rows (a label and a selected flag, each row an object with tracked properties) in one scope, "
                + "explicit ids, every row visible, in three variants: `plain` (the table lays every row out itself), "
                + "`equatable` (each row an `Equatable` builder) and `boundaries` (each row a perception boundary). "
                + "Each operation starts from a fresh table prepared untimed. As in the JS framework benchmark, a selection, a swap and a "
                + "removal are timed after five of the same on that table, an update of every 10th row after three; the first one on "
                + "the fresh table is timed too. Medians of several runs after a warm-up; the 1,000- and 10,000-row runs of an "
                + "operation take turns, so that a change in the machine's speed meets both sizes alike.",
            run: RowsScenario.run,
            render: RowsScenario.render
        ),
        Scenario(
            name: "propagation",
            title: "propagation — how far one write travels",
            explanation: "Perception boundaries over one tracked source in the classic reactive shapes; each step writes "
                + "the source and flushes. Counts are per write.",
            run: PropagationScenario.run,
            render: PropagationScenario.render
        ),
        Scenario(
            name: "memory",
            title: "memory — what idle parts cost, and whether a long run of likes grows the process",
            explanation: "Heap bytes in use (the allocator's count) before and after making many idle tracking scopes, "
                + "idle perception boundaries and models with ten `@Perceived` properties (against the same model "
                + "untracked); then resident memory sampled over a long run of likes in the gallery (correct placement, "
                + "10,000 images).",
            run: MemoryScenario.run,
            render: MemoryScenario.render
        ),
        Scenario(
            name: "core",
            title: "core — the tracking registry against the toolchain's Observation",
            explanation: "Equivalent models (`@Perceived` vs `@Observable`), same shapes, same process. "
                + "Medians of several repetitions after a warm-up; ns per operation (lower is better).",
            run: CoreSuite.run,
            render: CoreSuite.render
        ),
        Scenario(
            name: "instructions",
            title: "instructions — what each operation executes, counted by valgrind",
            explanation: "The operations above, each in a child process run by valgrind's callgrind, which counts the "
                + "instructions of the operation alone (its setup and warm-up are not counted): a like at N = 10,000 in "
                + "each placement, the rows operations (`Equatable` rows), one invalidated scope of each propagation shape, "
                + "the gallery's first flush, and the core shapes with `@Perceived` and with `@Observable`. Only with "
                + "`--instructions` (or by name) and valgrind on `PATH`.",
            run: InstructionCounts.run,
            render: InstructionCounts.render,
            optIn: true
        )
    ]
}
