/// `build()` calls per builder type in one engine.
///
/// The first type counted is kept inline, the others in a flat list searched from the last type
/// counted: a boundary's engine builds one type (its content), a list's one row type over and over.
/// An idle boundary keeps two words and no allocation (a one-entry array was 56 bytes), and a
/// type is its metatype alone (its identifier is the same pointer).
struct BuildTally {
    private var firstType: Any.Type?
    private var firstCount = 0
    private var others: [(type: Any.Type, count: Int)] = []
    private var last = 0

    /// The number of types counted.
    var count: Int { firstType == nil ? 0 : 1 + others.count }

    /// Builds counted, over every type.
    var total: Int {
        var sum = firstCount
        for entry in others { sum += entry.count }
        return sum
    }

    mutating func add(_ type: ObjectIdentifier, name: Any.Type) {
        guard let first = firstType else {
            firstType = name
            firstCount = 1
            return
        }
        if ObjectIdentifier(first) == type {
            firstCount += 1
            return
        }
        if last < others.count, ObjectIdentifier(others[last].type) == type {
            others[last].count += 1
            return
        }
        if let index = others.firstIndex(where: { ObjectIdentifier($0.type) == type }) {
            others[index].count += 1
            last = index
            return
        }
        others.append((name, 1))
        last = others.count - 1
    }

    /// Counts by type name (types with equal names are added together).
    @MainActor var byName: [String: Int] {
        var result: [String: Int] = [:]
        if let firstType { result[Self.name(of: firstType), default: 0] += firstCount }
        for entry in others { result[Self.name(of: entry.type), default: 0] += entry.count }
        return result
    }

    /// Type names, spelled once per type: `String(describing:)` of a type costs more than a build
    /// of a small builder, and displays ask for the names of every flush's builds.
    @MainActor private static var names: [ObjectIdentifier: String] = [:]

    @MainActor private static func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = names[id] { return known }
        let spelled = String(describing: type)
        names[id] = spelled
        return spelled
    }
}
