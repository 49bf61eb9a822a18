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

    static func recordWrite(to cell: PerceptionCell, of subject: AnyObject) {
        // Sessions of this thread know exactly how many reads preceded the write, and end before
        // this thread does anything else, so they may hold the written object (to name the
        // property). Sessions on other threads get neither: they must not keep this object or its
        // cell alive (that would delay its deallocation notice), and every read of the cell counts.
        var local: [(ObjectIdentifier, Int)] = []
        var session = ThreadContext.current.session?.takeUnretainedValue()
        while let current = session {
            local.append((ObjectIdentifier(current), current.count))
            session = current.parent
        }
        let cellID = ObjectIdentifier(cell)
        let subject = UncheckedSendable(subject)
        entries.withLock { entries in
            for index in entries.indices {
                let write: PendingWrite
                if let mine = local.first(where: { $0.0 == entries[index].id }) {
                    write = PendingWrite(cell: cellID, subject: subject, readsBefore: mine.1)
                } else {
                    write = PendingWrite(cell: cellID, subject: nil, readsBefore: Int.max)
                }
                entries[index].pending.append(write)
            }
        }
    }
}
