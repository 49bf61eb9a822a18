import Foundation

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(Options.usage)
    exit(2)
}

let selected = options.scenarios.isEmpty ? Scenario.all : Scenario.all.filter { options.scenarios.contains($0.name) }
let report = Report()
print("# perceive-bench\n")
print(MachineDescription.current + (options.quick ? " Quick mode: small sizes, figures are indicative only." : ""))
for scenario in selected {
    let start = Measure.now()
    scenario.run(options, report)
    let seconds = Double(Measure.now() - start) / 1e9
    print("\n## \(scenario.title)\n\n\(scenario.explanation)\n\n\(scenario.render(report))\n\n_(\(String(format: "%.1f", seconds)) s)_")
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
