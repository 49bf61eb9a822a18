import Foundation
import Observation
import Perceive
import PerceiveLayout

/// The operations `--instructions` counts, each on the shapes the timed scenarios use.
///
/// An operation is prepared (and warmed up) uncounted; then its step runs `repeats` times, each
/// inside ``countedRegion(_:)``, the only code valgrind's callgrind counts (`--toggle-collect`);
/// `before` runs between steps, uncounted (arming a scope again, finding the tap target).
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
    let prepare: () -> (before: () -> Void, step: () -> Void)

    static let all: [CountedOperation] = likes + rows + propagation + [firstRender] + CoreCounts.operations

    static let likes = ["correct", "equatable", "automatic"].map { variant in
        CountedOperation(key: "like-\(variant)", label: "a like, \(variant) placement", n: 10_000, perStep: 1, repeats: 20) {
            let setup = WaterfallScenario.setUp(variant, count: 10_000)
            // An image at the top, visible without scrolling, found before each like (uncounted).
            let target = Found()
            let find = { target.view = setup.target(3) }
            let like = {
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
                guard let operation = RowsScenario.operations.first(where: { $0.key == key }) else { preconditionFailure(key) }
                let store = RowsScenario.Store()
                let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
                host.componentEngine.component = RowsScenario.table("equatable", store)
                host.componentEngine.flush()
                operation.prepare(store, count)
                host.componentEngine.flush()
                // The benchmark's warm-ups, then the counted ones continue the series.
                var done = 0
                let step = {
                    operation.run(store, count, done)
                    host.componentEngine.flush()
                    done += 1
                }
                for _ in 0..<operation.warmUps { step() }
                return ({}, step)
            }
        }
    }

    static let propagation = [(0, "broad", 1_000, 3), (1, "deep", 50, 10), (2, "diamond", 3, 100)].map { index, key, scopes, repeats in
        CountedOperation(
            key: "propagation-\(key)", label: "propagation, \(key): one invalidated scope", n: scopes, perStep: scopes, repeats: repeats
        ) {
            let shape = PropagationScenario.shapes[index]
            let source = PropagationScenario.Source()
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000))
            host.componentEngine.component = shape.component(source)
            host.componentEngine.flush()
            let write = {
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
        let render = {
            host.componentEngine.component = CorrectGallery(model: model)
            host.componentEngine.flush()
        }
        return (fresh, render)
    }
}

/// A like's target, kept between steps: unchecked (a captured `var` is a box whose every access
/// pays the runtime's exclusivity check, counted as part of the like).
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
