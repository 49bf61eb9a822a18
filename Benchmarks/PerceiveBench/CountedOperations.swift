import Foundation
import Observation
import Perceive
import PerceiveLayout

/// The operations `--instructions` counts, each on the shapes the timed scenarios use.
///
/// An operation is prepared uncounted; then its step runs once uncounted (step 0) and `repeats`
/// times inside ``countedRegion(_:)`` (steps 1, 2, …), the only code valgrind's callgrind counts
/// (`--toggle-collect`); `before` runs ahead of every step, uncounted (arming a scope again,
/// finding the tap target). A step is told its number, so that it needs no counter of its own (a
/// captured `var` is a box whose every access pays the runtime's exclusivity check, counted).
@MainActor
struct CountedOperation {
    /// The child process's argument and the JSON `variant`.
    let key: String
    let label: String
    /// The JSON `n`: images, rows or scopes.
    let n: Int
    /// What one step counts as: 1, or the scopes a write reloads, or the reads or writes a step makes.
    let perStep: Int
    let repeats: Int
    /// The toolchain's Observation doing the same (core operations only): its key.
    var observationKey: String?
    let prepare: () -> Steps

    /// What an operation's preparation returns: see ``CountedOperation``.
    typealias Steps = (before: () -> Void, step: (Int) -> Void)

    static let all: [CountedOperation] = likes + [rowsCreate] + rows + propagation + [firstRender] + CoreCounts.operations

    static let likes = ["correct", "equatable", "automatic"].map { variant in
        CountedOperation(key: "like-\(variant)", label: "a like, \(variant) placement", n: 10_000, perStep: 1, repeats: 20) {
            let setup = WaterfallScenario.setUp(variant, count: 10_000)
            // An image at the top, visible without scrolling, found before each like (uncounted).
            let target = Found()
            let find = { target.view = setup.target(3) }
            let like = { (_: Int) in
                target.view?.tap()
                setup.host.componentEngine.flush()
            }
            return (find, like)
        }
    }

    static let rows = [1_000, 10_000].flatMap { count in
        ["select", "update10", "swap", "remove"].map { key in
            CountedOperation(
                key: "rows-\(key)-\(count)", label: "rows (`Equatable`): \(key == "update10" ? "update every 10th" : key)", n: count,
                perStep: 1, repeats: key == "select" ? 5 : 3
            ) {
                let operation = RowsScenario.operation(key)
                let (store, host) = RowsScenario.preparedTable("equatable", for: operation, count: count)
                // The benchmark's warm-ups, then the steps continue the series.
                let step = { (done: Int) in
                    operation.run(store, count, done)
                    host.componentEngine.flush()
                }
                for done in 0..<operation.warmUps { step(done) }
                return ({}, { step(operation.warmUps + $0) })
            }
        }
    }

    /// Creating 1,000 `Equatable` rows, each time on a fresh table made uncounted (the previous
    /// table is freed there too), as the timed scenario takes its samples.
    static let rowsCreate = CountedOperation(
        key: "rows-create-1000", label: "rows (`Equatable`): create", n: 1_000, perStep: 1, repeats: 3
    ) {
        let operation = RowsScenario.operation("create")
        var table = RowsScenario.preparedTable("equatable", for: operation, count: 1_000)
        let fresh = { table = RowsScenario.preparedTable("equatable", for: operation, count: 1_000) }
        let create = { (done: Int) in
            operation.run(table.0, 1_000, done)
            table.1.componentEngine.flush()
        }
        return (fresh, create)
    }

    static let propagation = [(0, "broad", 1_000, 3), (1, "deep", 50, 10), (2, "diamond", 3, 100)].map { index, key, scopes, repeats in
        CountedOperation(
            key: "propagation-\(key)", label: "propagation, \(key): one invalidated scope", n: scopes, perStep: scopes, repeats: repeats
        ) {
            let shape = PropagationScenario.shapes[index]
            let (source, host) = shape.mounted()
            let write = { (_: Int) in
                shape.write(source)
                host.componentEngine.flush()
            }
            return ({}, write)
        }
    }

    static let firstRender = CountedOperation(
        key: "first-render", label: "the gallery's first flush", n: 10_000, perStep: 1, repeats: 1
    ) {
        let images = galleryImages(10_000)
        var (model, host) = (PerceptionModel(), ComponentScrollView(frame: .zero))
        let fresh = {
            model = PerceptionModel()
            model.images = images.map { PerceptionImage(url: $0.0, size: $0.1) }
            host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        }
        let render = { (_: Int) in
            host.componentEngine.component = CorrectGallery(model: model)
            host.componentEngine.flush()
        }
        return (fresh, render)
    }
}

/// A like's target, found before each step: unchecked (a captured `var` is a box whose every
/// access pays the runtime's exclusivity check, counted as part of the like).
@MainActor
final class Found {
    @exclusivity(unchecked) var view: TappableView?
}

/// The only code callgrind counts when `--instructions` runs an operation (its name is the marker
/// the child is run with).
@inline(never)
func countedRegion(_ body: () -> Void) {
    body()
}
