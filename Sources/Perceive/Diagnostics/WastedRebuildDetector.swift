import Foundation

/// The `.wastedRebuilds` check, run over one reload: which builds read nothing that changed.
///
/// Every builder's reads are captured during the reload. When the reload was caused by a write,
/// builders of one type that were built several times, of which only some read the written
/// property, are reported: the others were rebuilt only because they run in the scope that reloaded
/// (the gallery's broken placement). A boundary reload caused by new content from its parent that
/// changed nothing on screen is reported as well.
@MainActor
final class WastedRebuildDetector {
    private struct Build {
        let type: Any.Type
        let cells: Set<ObjectIdentifier>
    }

    private var builds: [Build] = []

    /// The detector of the reload in progress, if the check is on.
    @exclusivity(unchecked) static var current: WastedRebuildDetector?

    /// Runs `build`, the build and layout of a builder of `type`, capturing what it reads.
    func capture(_ type: Any.Type, _ build: () -> Void) {
        guard let session = _currentSession() else { return build() }
        let capture = ReadCapture()
        session.captures.append(capture)
        build()
        session.captures.removeLast()
        builds.append(Build(type: type, cells: Set(capture.cells.map(ObjectIdentifier.init))))
    }

    func finish(scope: String, cause: ReloadCause?, viewChanges: Int) {
        if cause == .contentChanged, viewChanges == 0 {
            Diagnostics.report(
                .wastedRebuild,
                "Perceive: the scope of \(scope) reloaded because its parent handed it new content, and nothing on screen changed. Give the boundary Equatable content (an Equatable builder) so that equal content does not reload it, or apply .perceptionView where the builder that creates it is used."
            )
            return
        }
        guard case .perception(let change)? = cause, let cell = change.cellID, let property = change.property else { return }
        var groups: [ObjectIdentifier: [Build]] = [:]
        var order: [ObjectIdentifier] = []
        for build in builds {
            let key = ObjectIdentifier(build.type)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(build)
        }
        for key in order {
            guard let group = groups[key], group.count > 1 else { continue }
            let necessary = group.filter { $0.cells.contains(cell) }.count
            let wasted = group.count - necessary
            guard necessary > 0, wasted > 0 else { continue }
            let name = Self.shortName(group[0].type)
            Diagnostics.report(
                .wastedRebuild,
                "Perceive: \(name) was built \(group.count)× when \(scope) reloaded for \(property), and \(wasted) of those builds read nothing that changed. \(name) reads \(property) in build(): apply .perceptionView to \(name) where it is used, so that each one reloads on its own."
            )
        }
    }

    /// A type's name without generic arguments (`DecorationComponent`, not its full nesting).
    /// The name a message uses for a component: its type's (see ``shortName(_:)``), seen through
    /// type erasure (`AnyComponent(Row())` is a `Row`).
    static func name(of component: any Component) -> String {
        if let erased = component as? AnyComponent { return name(of: erased.base) }
        return shortName(type(of: component))
    }

    /// The name a message uses for a component type: the user's type, not the runtime's
    /// wrappers around it (`Text(…).tappableView { }` is "tappable Text", never
    /// `TappableComponent`), without generic arguments.
    static func shortName(_ type: Any.Type) -> String {
        var name = Substring(String(describing: type))
        var prefix = ""
        while let open = name.firstIndex(of: "<"), let role = wrapperRoles[String(name[..<open])] {
            prefix += role
            name = firstGenericArgument(of: name, after: open)
        }
        let base = name.firstIndex(of: "<").map { name[..<$0] } ?? name
        return prefix + base
    }

    /// The runtime's modifier types, and how a message describes what they add.
    private static let wrapperRoles: [String: String] = [
        "TappableComponent": "tappable ", "IDComponent": "", "SizeOverrideComponent": "", "FrameComponent": "",
        "InsetComponent": "", "DecorationComponent": "", "CenteredComponent": "", "EnvironmentComponent": "",
        "AutomaticScopesComponent": "", "DependencyComponent": "", "EquatableBuilder": "", "Flexible": "",
        "MeasuredComponent": "", "ViewUpdatingComponent": "",
        // PerceiveTerminal's root: a screen's scope is named after the user's component.
        "TerminalRoot": ""
    ]

    private static func firstGenericArgument(of name: Substring, after open: Substring.Index) -> Substring {
        var depth = 0
        var index = name.index(after: open)
        let start = index
        while index < name.endIndex {
            switch name[index] {
            case "<": depth += 1
            case ">" where depth == 0, "," where depth == 0: return name[start..<index]
            case ">": depth -= 1
            default: break
            }
            index = name.index(after: index)
        }
        return name[start...]
    }
}
