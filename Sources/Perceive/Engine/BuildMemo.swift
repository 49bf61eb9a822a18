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
        /// Keys of per-engine state (stores, reader histories) its build used, nested builds' too.
        let usedKeys: [UsedKey]
        let changed = DirtyFlag()
        let watcher: TrackingScope
        var used = true

        init(value: Any, constraint: Constraint, environment: EnvironmentValues, node: any RenderNode,
             capture: ReadCapture, frame: Frame) {
            (self.value, self.constraint, self.environment, self.node, self.cells, self.childKeys, self.usedKeys) =
                (value, constraint, environment, node, capture.cells, frame.childKeys, frame.usedKeys)
            let flag = changed
            watcher = TrackingScope(bridgesObservation: false) { _ in flag.set() }
            // With the versions read during the build: a write made while it built (by a nested
            // builder, or another thread) marks the entry changed at once instead of being lost.
            watcher.arm(cells: capture.cells, versions: capture.versions)
        }
    }

    struct Frame {
        let key: Int
        var nextChild = 0
        var childKeys: [Int] = []
        var usedKeys: [UsedKey] = []
    }

    /// A key of some per-engine state, and the state that swept it if unused.
    struct UsedKey {
        let state: any KeyedLayoutState
        let key: String
    }

    private var entries: [Int: Entry] = [:]

    /// Memoized builds kept (for tests that check it stays bounded).
    var entryCount: Int { entries.count }
    private var frames = [Frame(key: 0)]

    static var current: BuildMemo? {
        BuildContext.current?.attachment(BuildMemo.self) { BuildMemo() }
    }

    /// Lays out `builder` through the memo: reuses its last layout when nothing it depends on changed.
    func layout<Builder: ComponentBuilder & Equatable>(_ builder: Builder, _ constraint: Constraint) -> any RenderNode {
        guard let session = _currentSession() else {
            BuildContext.willBuild(Builder.self)
            return builder.build().layout(constraint)
        }
        let key = childKey(ObjectIdentifier(Builder.self))
        let environment = EnvironmentValues.current
        if let entry = entries[key], !entry.changed.isSet, entry.constraint == constraint,
           let previous = entry.value as? Builder, previous == builder, entry.environment.isEqual(to: environment) {
            markUsed(key)
            for cell in entry.cells { session.record(cell) }
            // The per-engine state its build used is still in use, and belongs to any enclosing build.
            for used in entry.usedKeys { used.state.keepKey(used.key) }
            frames[frames.count - 1].usedKeys += entry.usedKeys
            BuildContext.engine?.stats.buildsSkipped += 1
            return entry.node
        }
        frames.append(Frame(key: key))
        let capture = ReadCapture()
        session.captures.append(capture)
        BuildContext.willBuild(Builder.self)
        let node = builder.build().layout(constraint)
        session.captures.removeLast()
        let frame = frames.removeLast()
        frames[frames.count - 1].usedKeys += frame.usedKeys
        entries[key] = Entry(value: builder, constraint: constraint, environment: environment, node: node,
                             capture: capture, frame: frame)
        return node
    }

    /// The identity of the memoized build in progress (0 outside any): per-engine state created
    /// inside one is keyed under it, so that skipping a memoized sibling never shifts its keys.
    var scopeKey: Int { frames[frames.count - 1].key }

    /// Records that the build in progress used `key` of `state`.
    func noteKeyUsed(_ key: String, of state: any KeyedLayoutState) {
        guard frames.count > 1 else { return }
        frames[frames.count - 1].usedKeys.append(UsedKey(state: state, key: key))
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
