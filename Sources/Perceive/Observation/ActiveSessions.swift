import Synchronization

/// The registry of sessions currently recording, on every thread.
///
/// It exists so that a write racing with a build is not lost: a write made while any session is
/// recording is appended to every such session's pending list, and the session checks that list
/// against its reads when it arms. The registry is only touched when `_PerceptionRuntime.hooks` is
/// non-zero, so programs that are not building pay nothing for it.
///
/// Ordering: a session registers *before* it increments `hooks` and reads; a writer stores its value
/// *before* it loads `hooks`. So either the writer sees the session (and records the write) or the
/// session's reads see the written value.
enum ActiveSessions {
    private struct Entry {
        let id: ObjectIdentifier
        var pending: [PendingWrite]
    }

    private static let entries = Mutex<[Entry]>([])

    static func begin(_ session: TrackingSession) {
        entries.withLock { $0.append(Entry(id: ObjectIdentifier(session), pending: [])) }
        _PerceptionRuntime.hooks.add(1)
    }

    /// Unregisters `session` and returns the writes recorded against it.
    static func end(_ session: TrackingSession) -> [PendingWrite] {
        let id = ObjectIdentifier(session)
        let pending: [PendingWrite] = entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.id == id }) else { return [] }
            return entries.remove(at: index).pending
        }
        _PerceptionRuntime.hooks.add(-1)
        return pending
    }

    static func recordWrite(to cell: PerceptionCell) {
        // Sessions of this thread know exactly how many reads preceded the write. Sessions on
        // other threads cannot know, so every read of the cell counts for them. No session keeps
        // the cell (that would delay its deallocation notice): it is matched by identity.
        var local: [(ObjectIdentifier, Int)] = []
        var session = ThreadContext.current.session?.takeUnretainedValue()
        while let current = session {
            local.append((ObjectIdentifier(current), current.count))
            session = current.parent
        }
        let cellID = ObjectIdentifier(cell)
        entries.withLock { entries in
            for index in entries.indices {
                let readsBefore = local.first(where: { $0.0 == entries[index].id })?.1 ?? Int.max
                entries[index].pending.append(PendingWrite(cell: cellID, readsBefore: readsBefore))
            }
        }
    }
}
