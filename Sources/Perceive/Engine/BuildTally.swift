/// `build()` calls per builder type in one engine.
///
/// A flat list searched from the last type counted: an engine builds a handful of types (a list
/// builds one row type over and over), and an idle boundary keeps one small array instead of a
/// hash table (64 bytes less per idle boundary, measured).
struct BuildTally {
    private var entries: [(type: ObjectIdentifier, name: Any.Type, count: Int)] = []
    private var last = 0

    /// The number of types counted.
    var count: Int { entries.count }

    /// Builds counted, over every type.
    var total: Int {
        var sum = 0
        for entry in entries { sum += entry.count }
        return sum
    }

    mutating func add(_ type: ObjectIdentifier, name: Any.Type) {
        if last < entries.count, entries[last].type == type {
            entries[last].count += 1
            return
        }
        if let index = entries.firstIndex(where: { $0.type == type }) {
            entries[index].count += 1
            last = index
            return
        }
        entries.append((type, name, 1))
        last = entries.count - 1
    }

    /// Counts by type name (types with equal names are added together).
    @MainActor var byName: [String: Int] {
        var result: [String: Int] = [:]
        for entry in entries { result[Self.name(of: entry.type, entry.name), default: 0] += entry.count }
        return result
    }

    /// Type names, spelled once per type: `String(describing:)` of a type costs more than a build
    /// of a small builder, and displays ask for the names of every flush's builds.
    @MainActor private static var names: [ObjectIdentifier: String] = [:]

    @MainActor private static func name(of type: ObjectIdentifier, _ name: Any.Type) -> String {
        if let known = names[type] { return known }
        let spelled = String(describing: name)
        names[type] = spelled
        return spelled
    }
}
