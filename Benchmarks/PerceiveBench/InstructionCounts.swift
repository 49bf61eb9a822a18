import Foundation

/// `--instructions`: every ``CountedOperation`` counted by valgrind's callgrind, which is
/// deterministic where wall times on a shared machine move 2–7×. Each operation runs in a child
/// process (this benchmark, `--counted-operation KEY`) under callgrind, which counts only inside
/// ``countedRegion(_:)``. Without valgrind on `PATH` the section says so and the run goes on.
@MainActor
enum InstructionCounts {
    static let scenario = "instructions"
    static let metric = "instructions_per_op"

    /// The child's side: prepares `key`'s operation, then runs its counted steps.
    static func runChild(_ key: String) -> Int32 {
        guard let operation = CountedOperation.all.first(where: { $0.key == key }) else {
            FileHandle.standardError.write(Data("perceive-bench: no counted operation \(key)\n".utf8))
            return 2
        }
        let (before, step) = operation.prepare()
        // Step 0 uncounted: first uses fill caches (a property's name, a type's conformances).
        for number in 0...operation.repeats {
            before()
            if number == 0 { step(number) } else { countedRegion { step(number) } }
        }
        return 0
    }

    /// The parent's side: one child per operation, each count divided into operations.
    static func run(_ options: Options, _ report: Report) {
        guard let valgrind = executable(named: "valgrind") else { return }
        let myself = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        for operation in CountedOperation.all {
            let counted = collected(valgrind, myself, operation.key)
            report.add(scenario, operation.key, n: operation.n, metric, counted / Double(operation.repeats * operation.perStep))
        }
    }

    /// The instructions callgrind collected in `key`'s counted region (NaN if the child failed).
    static func collected(_ valgrind: URL, _ myself: URL, _ key: String) -> Double {
        let child = Process()
        child.executableURL = valgrind
        child.arguments = [
            "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*countedRegion*", myself.path,
            "--counted-operation", key
        ]
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        do { try child.run() } catch { return .nan }
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        guard child.terminationStatus == 0,
            let line = output.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let count = line.split(separator: " ").last.flatMap({ Double($0) })
        else { return .nan }
        return count
    }

    /// The first executable called `name` on `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func render(_ report: Report) -> String {
        let value = { (operation: CountedOperation) in report.value(scenario, operation.key, n: operation.n, metric) }
        guard CountedOperation.all.contains(where: { value($0) != nil }) else {
            return "valgrind is not on `PATH`: no instruction counts (install valgrind, or see the timed scenarios)."
        }
        var engine = Table(headers: ["operation", "n", "instructions per operation"])
        var core = Table(headers: ["operation", "n", "Perceive", "Observation", "Observation / Perceive"])
        for operation in CountedOperation.all where !operation.key.hasPrefix("observation-") {
            let ours = value(operation) ?? .nan
            if let theirsKey = operation.observationKey {
                let theirs = report.value(scenario, theirsKey, n: operation.n, metric) ?? .nan
                core.add([operation.label, "\(operation.n)", format(ours), format(theirs), format(theirs / ours) + "×"])
            } else {
                engine.add([operation.label, format(Double(operation.n)), format(ours)])
            }
        }
        let ratio = { (key: String) -> String in
            let small = report.value(scenario, "rows-\(key)-1000", n: 1_000, metric) ?? .nan
            let large = report.value(scenario, "rows-\(key)-10000", n: 10_000, metric) ?? .nan
            return format(large / small) + "×"
        }
        return engine.render() + "\n\n" + core.render()
            + "\n\nVerdict: counted, not timed (valgrind's callgrind, one child process per operation, setup and warm-up "
            + "uncounted): the same build gives the same figures on any load. 10,000 rows against 1,000: select "
            + "\(ratio("select")), update every 10th \(ratio("update10")), swap \(ratio("swap")), remove \(ratio("remove"))."
    }
}
