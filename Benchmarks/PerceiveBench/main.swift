import Foundation
import Perceive

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let parsed):
    options = parsed
case .help:
    print(Options.usage)
    exit(0)
case .invalid(let reason):
    FileHandle.standardError.write(Data("perceive-bench: \(reason)\n\(Options.usage)\n".utf8))
    exit(2)
}

// Deterministic flushing: the benchmark flushes explicitly. Diagnostics are off (as in release
// builds) except where a scenario measures them.
ReloadScheduler.shared.flushesAutomatically = false
Diagnostics.options = []

// `--instructions` runs each counted operation in a child process of this benchmark.
if let key = options.countedOperation { exit(InstructionCounts.runChild(key)) }

let selected = Scenario.selected(by: options)
let report = Report()
let started = Measure.now()
print("# perceive-bench\n")
print(MachineDescription.current + (options.quick ? " Quick mode: small sizes, figures are indicative only." : ""))
// Each section is printed (and flushed) as soon as its scenario finishes; on a terminal a line on
// standard error says which scenario is running meanwhile, so the first minute is not blank.
let showsProgress = isatty(STDERR_FILENO) != 0
fflush(nil)
for (number, scenario) in selected.enumerated() {
    if showsProgress {
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(number + 1)/\(selected.count)] running \(scenario.name)…".utf8))
    }
    let start = Measure.now()
    scenario.run(options, report)
    let seconds = Double(Measure.now() - start) / 1e9
    if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    print("\n## \(scenario.title)\n\n\(scenario.explanation)\n\n\(scenario.render(report))\n\n_(\(String(format: "%.1f", seconds)) s)_")
    fflush(nil)
}
if let path = options.jsonPath {
    do {
        try report.writeJSON(to: path)
        print("\nWrote \(report.records.count) records to \(path).")
    } catch {
        print("error: could not write \(path): \(error)")
        exit(1)
    }
}
if let path = options.svgPath {
    do {
        try WaterfallPicture.write(to: path, count: 1_000)
        print("Wrote the waterfall picture to \(path).")
    } catch {
        print("error: could not write \(path): \(error)")
        exit(1)
    }
}
print(String(format: "\nTotal: %.1f s.", Double(Measure.now() - started) / 1e9))
if options.check {
    let failures = Checks.failures(report)
    if failures.isEmpty {
        print("Checks: all exact-count invariants hold.")
    } else {
        for failure in failures { print("CHECK FAILED: \(failure)") }
        exit(1)
    }
}
