import Observation
import Perceive

/// The `core` shapes counted in instructions, each once with `@Perceived` and once with the
/// toolchain's `@Observable` (keys `core-…` and `observation-…`): side by side, the ratio of two
/// counts is exact where the timed ratio moves with the machine's load.
@MainActor
enum CoreCounts {
    typealias Ours = CoreSuite.PerceiveModel
    typealias Theirs = CoreSuite.ObservationModel

    static let operations: [CountedOperation] = shapes.flatMap { shape in
        [
            CountedOperation(
                key: "core-\(shape.key)", label: shape.label, n: shape.n, perStep: shape.perStep, repeats: shape.repeats,
                observationKey: "observation-\(shape.key)", prepare: shape.ours),
            CountedOperation(
                key: "observation-\(shape.key)", label: shape.label, n: shape.n, perStep: shape.perStep, repeats: shape.repeats,
                prepare: shape.theirs)
        ]
    }

    struct Shape {
        let key: String
        let label: String
        let n: Int
        let perStep: Int
        let repeats: Int
        let ours: () -> CountedOperation.Steps
        let theirs: () -> CountedOperation.Steps
    }

    // Writes assign a new value each step (`i &+ 1_000_000`), as the timed `write_fire_ns` does:
    // `+=` would hold a modify access across the notification.
    static let shapes: [Shape] = [
        Shape(
            key: "untracked-read", label: "untracked read", n: 1, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours()
                return ({}, { _ in reads(1_000) { model.count } })
            },
            theirs: {
                let model = Theirs()
                return ({}, { _ in reads(1_000) { model.count } })
            }),
        Shape(
            key: "write-no-observer", label: "write, no observer", n: 1, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours()
                return ({}, { step in writes(1_000, step) { model.count = $0 } })
            },
            theirs: {
                let model = Theirs()
                return ({}, { step in writes(1_000, step) { model.count = $0 } })
            }),
        Shape(
            key: "write-fire", label: "write firing one scope", n: 1, perStep: 1, repeats: 100,
            ours: {
                let model = Ours()
                let scope = TrackingScope(bridgesObservation: false) { _ in }
                return ({ scope.track { _ = model.count } }, { model.count = $0 &+ 1_000_000 })
            },
            theirs: {
                let model = Theirs()
                return ({ observe { model.count } }, { model.count = $0 &+ 1_000_000 })
            }),
        cycle(reads: 1, repeats: 100),
        cycle(reads: 100, repeats: 10),
        Shape(
            key: "fanout", label: "write fanning out, per scope", n: 1_000, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours()
                let scopes = (0..<1_000).map { _ in TrackingScope(bridgesObservation: false) { _ in } }
                return ({ for scope in scopes { scope.track { _ = model.count } } }, { model.count = $0 &+ 2_000_000 })
            },
            theirs: {
                let model = Theirs()
                return ({ for _ in 0..<1_000 { observe { model.count } } }, { model.count = $0 &+ 2_000_000 })
            })
    ]

    /// The benchmark's `track_cycle_ns` at `reads`: track the reads, arm, and fire with a write.
    private static func cycle(reads: Int, repeats: Int) -> Shape {
        Shape(
            key: "track-cycle-\(reads)", label: "track + arm + fire, \(reads) read\(reads == 1 ? "" : "s")", n: reads, perStep: 1,
            repeats: repeats,
            ours: {
                let shapes = PerceiveShapes(models: models(Ours.init))
                return ({}, { _ in shapes.trackCycles(1, distinctReads: reads) })
            },
            theirs: {
                let shapes = ObservationShapes(models: models(Theirs.init))
                return ({}, { _ in shapes.trackCycles(1, distinctReads: reads) })
            })
    }

    /// Installs the toolchain's tracking of `read`, with an empty handler.
    private static func observe(_ read: () -> Int) {
        withObservationTracking {
            _ = read()
        } onChange: {
        }
    }

    /// `count` writes of distinct values through `write`, for step `step`.
    @inline(__always)
    private static func writes(_ count: Int, _ step: Int, _ write: (Int) -> Void) {
        for index in 0..<count { write(step &* count &+ index) }
    }

    private static func models<Model>(_ make: () -> Model) -> [Model] { (0..<128).map { _ in make() } }

    /// `count` reads of `read`, kept from being optimized away.
    @inline(__always)
    private static func reads(_ count: Int, _ read: () -> Int) {
        var sum = 0
        for _ in 0..<count { sum &+= read() }
        blackHole(sum)
    }
}
