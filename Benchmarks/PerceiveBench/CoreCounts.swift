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
        let ours: () -> (before: () -> Void, step: () -> Void)
        let theirs: () -> (before: () -> Void, step: () -> Void)
    }

    static let shapes: [Shape] = [
        Shape(
            key: "untracked-read", label: "untracked read", n: 1, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours(); return ({}, { reads(1_000) { model.count } })
            },
            theirs: {
                let model = Theirs(); return ({}, { reads(1_000) { model.count } })
            }),
        Shape(
            key: "write-no-observer", label: "write, no observer", n: 1, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours(); return ({}, { for index in 0..<1_000 { model.count = index } })
            },
            theirs: {
                let model = Theirs(); return ({}, { for index in 0..<1_000 { model.count = index } })
            }),
        Shape(
            key: "write-fire", label: "write firing one scope", n: 1, perStep: 1, repeats: 100,
            ours: {
                let model = Ours()
                let scope = TrackingScope(bridgesObservation: false) { _ in }
                return ({ scope.track { _ = model.count } }, { model.count &+= 1 })
            },
            theirs: {
                let model = Theirs()
                return (
                    {
                        withObservationTracking {
                            _ = model.count
                        } onChange: {
                        }
                    }, { model.count &+= 1 }
                )
            }),
        Shape(
            key: "track-cycle-1", label: "track + arm + fire, 1 read", n: 1, perStep: 1, repeats: 100,
            ours: {
                let shapes = PerceiveShapes(models: models(Ours.init)); return ({}, { shapes.trackCycles(1, distinctReads: 1) })
            },
            theirs: {
                let shapes = ObservationShapes(models: models(Theirs.init))
                return ({}, { shapes.trackCycles(1, distinctReads: 1) })
            }),
        Shape(
            key: "track-cycle-100", label: "track + arm + fire, 100 reads", n: 100, perStep: 1, repeats: 10,
            ours: {
                let shapes = PerceiveShapes(models: models(Ours.init)); return ({}, { shapes.trackCycles(1, distinctReads: 100) })
            },
            theirs: {
                let shapes = ObservationShapes(models: models(Theirs.init))
                return ({}, { shapes.trackCycles(1, distinctReads: 100) })
            }),
        Shape(
            key: "fanout", label: "write fanning out, per scope", n: 1_000, perStep: 1_000, repeats: 10,
            ours: {
                let model = Ours()
                let scopes = (0..<1_000).map { _ in TrackingScope(bridgesObservation: false) { _ in } }
                return ({ for scope in scopes { scope.track { _ = model.count } } }, { model.count &+= 1 })
            },
            theirs: {
                let model = Theirs()
                return (
                    {
                        for _ in 0..<1_000 {
                            withObservationTracking {
                                _ = model.count
                            } onChange: {
                            }
                        }
                    },
                    { model.count &+= 1 }
                )
            })
    ]

    private static func models<Model>(_ make: () -> Model) -> [Model] { (0..<128).map { _ in make() } }

    /// `count` reads of `read`, kept from being optimized away.
    @inline(__always)
    private static func reads(_ count: Int, _ read: () -> Int) {
        var sum = 0
        for _ in 0..<count { sum &+= read() }
        blackHole(sum)
    }
}
