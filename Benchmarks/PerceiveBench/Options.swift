/// Command-line options of `perceive-bench`.
struct Options: Sendable {
    var quick = false
    var jsonPath: String?
    var scenarios: [String] = []
    var svgPath: String?
    var check = false

    static let usage = """
        usage: perceive-bench [SCENARIO…] [--scenario NAME] [--quick] [--json PATH] [--svg PATH] [--check]
          SCENARIO  one of: \(Scenario.all.map(\.name).joined(separator: ", ")) (default: all)
          --quick   small sizes, for CI (well under a minute)
          --json    also write every figure as a flat JSON array of {scenario, variant, n, metric, value}
          --svg     also draw the waterfall after one like, correct vs broken, cells coloured by builds
          --check   exit 1 if an exact-count invariant fails (correct placement: 1 build per tap;
                    equal writes: 0 reloads)
        """

    /// Parses `arguments` (without the program name); returns nil and prints usage on error.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--json":
                guard let path = iterator.next() else { return nil }
                options.jsonPath = path
            case "--svg":
                guard let path = iterator.next() else { return nil }
                options.svgPath = path
            case "--check": options.check = true
            case "--scenario":
                guard let name = iterator.next() else { return nil }
                options.scenarios.append(name)
            case "-h", "--help": return nil
            default:
                guard !argument.hasPrefix("-") else { return nil }
                options.scenarios.append(argument)
            }
        }
        let known = Set(Scenario.all.map(\.name))
        guard options.scenarios.allSatisfy(known.contains) else { return nil }
        return options
    }
}
