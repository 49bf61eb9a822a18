import Foundation
import Observation
import Perceive
import PerceiveLayout
import PerceiveTerminal

// `perceive-probe`: one operation of the benchmark's shapes, for instruction counts. Timings on a
// shared machine vary 2–7×; valgrind's count of the instructions between the markers does not:
//
//     swift build -c release --product perceive-probe
//     valgrind --tool=callgrind --toggle-collect='*measured*' .build/release/perceive-probe equatable select 1
//
// Arguments: a variant (`plain`, `equatable`, `boundaries` for the rows; `correct`, `equatable` for the gallery),
// an operation (`create`, `replace`, `select`, `swap`, `remove`, `update10`, `append` (1,000 more) on 1,000 rows; `tap` on a 10,000-cell
// gallery; `first` for the gallery's first flush; `steady-swap`, `steady-update10` and `steady-remove` for `repeats` swaps, updates of every 10th row or removals of the middle row of one table (for a sampling profiler); `broad` for one write read by 1,000 boundaries, `deep` by 50 nested ones, `diamond` by a parent and two children; `frame` for a like in the terminal gallery at 100×40
// (flush, draw, encode; with the variant `correct`); `idle` keeps `repeats` idle boundaries alive for a heap profile; with the variant `core`, `fire` for a write firing
// one armed scope (`fanout`: 1,000 scopes) (`ofire`: the same with the toolchain's Observation), `cycle` for track + arm + fire of one read, `ptrack` and `otrack` for the
// benchmark's `track_cycle_ns` at n = 1 (Perceive, Observation; `ptrack100` and `otrack100` at n = 100), `tread` for 1,000 tracked reads in one scope, `read` and `write` for 1,000 untracked
// reads or unobserved writes), a repeat count and, for the rows, the number of rows (1,000 unless
// given). `steady-update10` changes every 10th row of the whole table unless the environment sets
// `PROBE_CHANGED_BELOW` (only rows below that index change) or `PROBE_STRIDE` (every n-th row).
// One warm-up runs first, outside `measured`. `tap` and the steady operations print the
// median wall time of one operation: the retains and releases that dominate it on this machine's
// cores (atomic, ~13 cycles each) cost far more than their share of instructions.

nonisolated(unsafe) var counters = (0, 0)
@inline(never) @MainActor func measured(_ body: () -> Void) { counters.0 += 1; body() }
@inline(never) @MainActor func warm(_ body: () -> Void) { counters.1 += 3; body() }

/// Runs `work` once to warm up and `repeats` times measured (passing the run's index), and
/// returns the median wall time of a measured run in nanoseconds.
@MainActor func timedMedian(_ repeats: Int, _ work: (Int) -> Void) -> Double {
    var times: [Double] = []
    for r in 0..<(repeats + 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        if r == 0 { warm { work(r) } } else { measured { work(r) } }
        if r > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start)) }
    }
    times.sort()
    return times[times.count / 2]
}

@MainActor func run() {
    ReloadScheduler.shared.flushesAutomatically = false
    Diagnostics.options = []
    let args = CommandLine.arguments.dropFirst()
    let variant = args.first ?? "equatable"
    let op = args.dropFirst().first ?? "select"
    let repeats = Int(args.dropFirst(2).first ?? "1") ?? 1
    let rows = Int(args.dropFirst(3).first ?? "1000") ?? 1000
    let operations = [
        "create", "replace", "select", "swap", "remove", "update10", "append", "tap", "first", "frame", "broad", "deep", "diamond", "fire",
        "ofire", "fanout", "cycle", "ptrack",
        "otrack", "ptrack100", "otrack100",
        "read",
        "tread",
        "write",
        "idle", "steady-swap", "steady-update10", "steady-remove"
    ]
    let variants = ["plain", "equatable", "boundaries", "correct", "core"]
    guard operations.contains(op), variants.contains(variant), repeats > 0, rows >= 1000 else {
        FileHandle.standardError.write(
            Data(
                "usage: perceive-probe <\(variants.joined(separator: "|"))> <\(operations.joined(separator: "|"))> <repeats> [rows ≥ 1000]\n"
                    .utf8))
        exit(2)
    }
    if op == "tread" {
        // 1,000 tracked reads per repeat (two objects in turn, as the benchmark's
        // `tracked_read_ns` reads them), in one tracking scope that is not bridged.
        let (first, second) = (ProbeModel(), ProbeModel())
        let scope = TrackingScope(bridgesObservation: false) { _ in }
        var sum = 0
        for r in 0..<(repeats + 1) {
            let work = { scope.track { for _ in 0..<500 { sum &+= first.count &+ second.count } } }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("tread: \(sum)")
        return
    }
    if op == "read" || op == "write" {
        // 1,000 untracked reads, or writes nobody observes, per repeat.
        let model = ProbeModel()
        var sum = 0
        for r in 0..<(repeats + 1) {
            let reading = op == "read"
            let work = {
                if reading {
                    for _ in 0..<1_000 { sum &+= model.count }
                } else {
                    for index in 0..<1_000 { model.count = index }
                }
            }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("\(op): \(sum) \(model.count)")
        return
    }
    if op == "ofire" {
        // The benchmark's `write_fire_ns` with the toolchain's Observation: the tracking is
        // untimed, the write that fires it is measured.
        let observed = ObservedProbeModel()
        for r in 0..<(repeats + 1) {
            withObservationTracking {
                _ = observed.count
            } onChange: {
            }
            let next = r &+ 1_000_000
            let work = { observed.count = next }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("ofire: count \(observed.count)")
        return
    }
    if op == "fire" || op == "fanout" || op == "cycle" {
        // `fire` and `fanout` are the benchmark's `write_fire_ns` and `fanout_ns`: the tracking is
        // untimed, the write that fires one scope (or 1,000: divide by 1,000) is measured.
        let model = ProbeModel()
        let scopes = (0..<(op == "fanout" ? 1_000 : 1)).map { _ in TrackingScope(bridgesObservation: false) { _ in } }
        // A plain assignment, as the benchmark makes (`+=` would hold a modify access across the
        // notification).
        let (cycling, first) = (op == "cycle", scopes[0])
        for r in 0..<(repeats + 1) {
            if !cycling { for scope in scopes { scope.track { _ = model.count } } }
            let next = r &+ 1_000_000
            let work = {
                if cycling { first.track { _ = model.count } }
                model.count = next
            }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("\(op): count \(model.count)")
        return
    }
    if op == "ptrack" || op == "otrack" || op == "ptrack100" || op == "otrack100" {
        // The benchmark's `track_cycle_ns` at n = 1 (or 100): a bridged one-shot tracking of that
        // many distinct reads, then the write that fires it; `otrack` is the same with the
        // toolchain's Observation.
        let reads = op.hasSuffix("100") ? 100 : 1
        let models = (0..<reads).map { _ in ProbeModel() }
        let observeds = (0..<reads).map { _ in ObservedProbeModel() }
        let (model, observed) = (models[0], observeds[0])
        for r in 0..<(repeats + 1) {
            let work = {
                if op == "ptrack" {
                    // (One read of one model, as earlier counts measured it.)
                    let sum = withPerceptionTracking {
                        model.count
                    } onChange: {
                    }
                    model.count = sum &+ 1
                } else if op == "ptrack100" {
                    let sum = withPerceptionTracking {
                        var sum = 0
                        for index in 0..<reads { sum &+= models[index].count }
                        return sum
                    } onChange: {
                    }
                    model.count = sum &+ 1
                } else {
                    let sum = withObservationTracking {
                        var sum = 0
                        for index in 0..<reads { sum &+= observeds[index].count }
                        return sum
                    } onChange: {
                    }
                    observed.count = sum &+ 1
                }
            }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("\(op): count \(model.count + observed.count)")
        return
    }
    if op == "idle" {
        // `repeats` idle boundaries kept alive, for a heap profile (`valgrind --tool=massif`).
        let models = (0..<repeats).map { _ in ProbeModel() }
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: CGFloat(repeats) * 20))
        host.componentEngine.component = VStack {
            for (index, model) in models.enumerated() { IdleLabel(model: model).perceptionView(width: 100, height: 20).id(index) }
        }
        host.componentEngine.flush()
        print("idle: \(host.findViews(ofType: LabelView.self).count) labels")
        withExtendedLifetime((host, models)) {}
        return
    }
    if op == "first" {
        let pics = (0..<10_000).map(Pic.init)
        for r in 0..<(repeats + 1) {
            let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let work = {
                host.componentEngine.component = Wall(pics: pics, boundaries: true)
                host.componentEngine.flush()
            }
            let start = Date()
            if r == 0 { warm(work) } else { measured(work) }
            print("first render: \(Date().timeIntervalSince(start) * 1e6) µs, views \(host.findViews(ofType: PlatformView.self).count)")
        }
        return
    }
    if op == "broad" || op == "deep" || op == "diamond" {
        // One write read by 1,000 boundaries (divide by 1,000 for a scope's cost), by 50 nested
        // ones (divide by 50), or by a parent and its two children (divide by 3).
        let source = ProbeModel()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000))
        host.componentEngine.component =
            switch op {
            case "deep": DeepLevel(source: source, depth: 50) as any Component
            case "diamond": DiamondShape(source: source)
            default: BroadFlow(source: source)
            }
        host.componentEngine.flush()
        for r in 0..<(repeats + 1) {
            let work = {
                source.count += 1
                host.componentEngine.flush()
            }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print("\(op): \(host.componentEngine.subtreeStats.reloads) reloads")
        return
    }
    if op == "frame" {
        // A like in the terminal gallery: the tap's flush, the frame drawn and encoded.
        let pics = (0..<10_000).map(TermPic.init)
        let screen = TerminalScreen(columns: 100, rows: 40, colors: .trueColor) { TermWall(pics: pics) }
        _ = screen.frame()
        var bytes = 0
        for r in 0..<(repeats + 1) {
            let work = {
                pics[0].likes += 1
                bytes = screen.frame().count
            }
            if r == 0 { warm(work) } else { measured(work) }
        }
        print(
            "terminal frame: \(bytes) bytes, \(screen.lastFrame.cellsWritten) cells, \(screen.lastFrame.reloads) reloads, builds \(screen.lastFrame.buildsByType)"
        )
        return
    }
    if op == "tap" {
        let pics = (0..<10_000).map(Pic.init)
        let host = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        host.componentEngine.component = Wall(pics: pics, boundaries: variant == "correct")
        host.componentEngine.flush()
        let median = timedMedian(repeats) { _ in
            pics[3].likes += 1; host.componentEngine.flush()
        }
        print("tap median \(median) ns")
        return
    }
    if op == "steady-swap" || op == "steady-update10" || op == "steady-remove" {
        // One table, swapped back and forth or with every 10th label changed (between two
        // spellings) `repeats` times: for a sampling profiler, no setup between the operations.
        let store = Store()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
        host.componentEngine.component = EquatableTable(store: store)
        // A removal shrinks the table: it starts `repeats` rows longer, so it averages
        // `rows + repeats / 2` rows.
        store.rows = store.make(op == "steady-remove" ? rows + repeats + 1 : rows)
        host.componentEngine.flush()
        let environment = ProcessInfo.processInfo.environment
        let changedBelow = min(rows, environment["PROBE_CHANGED_BELOW"].flatMap { Int($0) } ?? rows)
        let changedStride = max(1, environment["PROBE_STRIDE"].flatMap { Int($0) } ?? 10)
        let median = timedMedian(repeats) { r in
            if op == "steady-remove" {
                store.rows.remove(at: store.rows.count / 2)
            } else if op == "steady-swap" {
                store.rows.swapAt(1, rows - 2)
            } else {
                for i in stride(from: 0, to: changedBelow, by: changedStride) {
                    store.rows[i].label = r % 2 == 0 ? "pretty table" : "large chair"
                }
            }
            host.componentEngine.flush()
        }
        print("\(op): \(host.subviews.count) views, median \(median / 1_000) µs")
        return
    }
    for r in 0..<(repeats + 1) {
        let store = Store()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 400, height: 1_000_000))
        host.componentEngine.component =
            switch variant {
            case "plain": PlainTable(store: store) as any Component
            case "boundaries": BoundaryTable(store: store)
            default: EquatableTable(store: store)
            }
        host.componentEngine.flush()
        if op != "create" {
            store.rows = store.make(rows)
            store.select(store.rows[10])
            host.componentEngine.flush()
        }
        let start = Date()
        let work = {
            switch op {
            case "create", "replace": store.rows = store.make(rows)
            case "select": store.select(store.rows[rows / 2])
            case "swap": store.rows.swapAt(1, rows - 2)
            case "remove": store.rows.remove(at: rows / 2)
            case "update10": for i in stride(from: 0, to: rows, by: 10) { store.rows[i].label += " !!!" }
            case "append": store.rows += store.make(1_000)
            default: break
            }
            host.componentEngine.flush()
        }
        if r == 0 { warm(work) } else { measured(work) }
        print("\(variant) \(op): \(Date().timeIntervalSince(start) * 1e6) µs")
    }
}
/// One tracked property, for the `core` operations.
final class ProbeModel: Perceptible {
    @Perceived var count = 0
}

@Observable
final class ObservedProbeModel {
    var count = 0
}

struct IdleLabel: ComponentBuilder {
    let model: ProbeModel
    func build() -> some Component { Text("\(model.count)") }
}

MainActor.assumeIsolated { run() }
