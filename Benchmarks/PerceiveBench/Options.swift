/// Command-line options of `perceive-bench`.
struct Options: Sendable {
    var quick = false
    var jsonPath: String?
    var scenarios: [String] = []
    var svgPath: String?
    var check = false
    /// `--instructions`: also count each operation's instructions with valgrind (if on `PATH`).
    var instructions = false
    /// Internal (`--instructions` runs the benchmark as its own child): run one counted operation.
    var countedOperation: String?

    static let usage = """
        usage: perceive-bench [SCENARIO…] [--scenario NAME] [--quick] [--json PATH] [--svg PATH] [--check] [--instructions]
          SCENARIO  one of: \(Scenario.all.map(\.name).joined(separator: ", ")) (default: all but instructions)
          --quick   small sizes, for CI (well under a minute)
          --json    also write every figure as a flat JSON array of {scenario, variant, n, metric, value}
          --svg     also draw the waterfall after one like, correct vs broken, cells coloured by builds
          --check   exit 1 if an exact-count invariant fails (1 build per tap for the correct,
                    equatable and automatic placements; 0 reloads for equal writes; minimal views
                    touched by every rows operation)
          --instructions  also count the instructions of each named operation with valgrind's callgrind
                    (deterministic; skipped when valgrind is not on PATH; about 30 seconds)
          --help    this text
        """

    /// What the command line asks for.
    enum Parsed {
        case run(Options)
        case help
        /// A bad argument, with the one-line reason.
        case invalid(String)
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) -> Parsed {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--json", "--svg", "--scenario":
                guard let value = iterator.next() else { return .invalid("\(argument) needs a value") }
                if argument == "--json" { options.jsonPath = value }
                if argument == "--svg" { options.svgPath = value }
                if argument == "--scenario" { options.scenarios.append(value) }
            case "--check": options.check = true
            case "--instructions": options.instructions = true
            case "--counted-operation":
                guard let value = iterator.next() else { return .invalid("\(argument) needs a value") }
                options.countedOperation = value
            case "-h", "--help": return .help
            default:
                guard !argument.hasPrefix("-") else { return .invalid("unknown option \(argument)") }
                options.scenarios.append(argument)
            }
        }
        let known = Set(Scenario.all.map(\.name))
        if let unknown = options.scenarios.first(where: { !known.contains($0) }) {
            return .invalid("unknown scenario \(unknown)")
        }
        return .run(options)
    }
}
