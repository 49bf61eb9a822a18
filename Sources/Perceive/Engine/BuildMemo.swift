import Foundation
import Synchronization

/// Rebuild avoidance: the results of `Equatable` builders, kept per engine by position.
///
/// A builder's identity is its position in the layout: its parent builder's identity, its index
/// among the memoized builders laid out under that parent, and its type. When a reload lays out a
/// builder equal to the one built at the same identity last time, with the same constraint and
/// environment, and none of the tracked properties that build read has changed since, the
/// previous node is reused and `build()` does not run. The reads it made stay subscribed (they are
/// recorded again into the engine's scope), so a later write to one of them reloads the engine and
/// rebuilds that builder — and only it, among equal builders.
@MainActor
final class BuildMemo: LayoutParticipant {
    final class Entry {
        let value: Any
        let constraint: Constraint
        let environment: EnvironmentValues
        let node: any RenderNode
        let cells: [PerceptionCell]
        let childKeys: [Int]
        let changed = DirtyFlag()
        let watcher: TrackingScope
        var used = true

        init(value: Any, constraint: Constraint, environment: EnvironmentValues, node: any RenderNode,
             capture: ReadCapture, childKeys: [Int]) {
            (self.value, self.constraint, self.environment, self.node, self.cells, self.childKeys) =
                (value, constraint, environment, node, capture.cells, childKeys)
            let flag = changed
            watcher = TrackingScope(bridgesObservation: false) { _ in flag.set() }
            // With the versions read during the build: a write made while it built (by a nested
            // builder, or another thread) marks the entry changed at once instead of being lost.
            watcher.arm(cells: capture.cells, versions: capture.versions)
        }
    }

    private struct Frame {
        let key: Int
        var nextChild = 0
        var childKeys: [Int] = []
    }

    private var entries: [Int: Entry] = [:]
    private var frames = [Frame(key: 0)]

    static var current: BuildMemo? {
        BuildContext.current?.attachment(BuildMemo.self) { BuildMemo() }
    }

    /// Lays out `builder` through the memo; `build` performs the real build and layout.
    func layout<Builder: Equatable>(_ builder: Builder, _ constraint: Constraint,
                                    build: () -> any RenderNode) -> any RenderNode {
        guard let session = _currentSession() else { return build() }
        let key = childKey(ObjectIdentifier(Builder.self))
        let environment = EnvironmentValues.current
        if let entry = entries[key], !entry.changed.isSet, entry.constraint == constraint,
           let previous = entry.value as? Builder, previous == builder, entry.environment.isEqual(to: environment) {
            markUsed(key)
            for cell in entry.cells { session.record(cell) }
            BuildContext.engine?.stats.buildsSkipped += 1
            return entry.node
        }
        frames.append(Frame(key: key))
        let capture = ReadCapture()
        session.captures.append(capture)
        let node = build()
        session.captures.removeLast()
        let frame = frames.removeLast()
        entries[key] = Entry(value: builder, constraint: constraint, environment: environment, node: node,
                             capture: capture, childKeys: frame.childKeys)
        return node
    }

    private func childKey(_ type: ObjectIdentifier) -> Int {
        var hasher = Hasher()
        hasher.combine(frames[frames.count - 1].key)
        hasher.combine(frames[frames.count - 1].nextChild)
        hasher.combine(type)
        frames[frames.count - 1].nextChild += 1
        let key = hasher.finalize()
        frames[frames.count - 1].childKeys.append(key)
        return key
    }

    private func markUsed(_ key: Int) {
        guard let entry = entries[key] else { return }
        entry.used = true
        for child in entry.childKeys { markUsed(child) }
    }

    func engineWillLayout() {
        frames = [Frame(key: 0)]
        for entry in entries.values { entry.used = false }
    }

    func engineDidLayout() {
        // Entries built or reused in this layout were marked; the rest left the tree.
        entries = entries.filter { $0.value.used }
    }
}

/// Set (once) when a memoized build's reads change.
final class DirtyFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
