/// What few engines use, kept apart and made on first use: the state of layout extensions (a
/// store registry, reader histories), the excessive-reload check's window, and the reads kept by a
/// capped flush (the engine's and its slots'). An idle boundary's engine has none of these and
/// keeps one word for them.
@MainActor
final class EngineExtras {
    /// Per-engine state of layout extensions, by type (see `ComponentEngine.attachment`).
    @exclusivity(unchecked) var attachments: [ObjectIdentifier: AnyObject] = [:]
    /// The `.excessiveReloads` check's window (diagnostics).
    @exclusivity(unchecked) var excessiveReloads = ExcessiveReloads()
    /// The cells the last allowed reload of a capped flush read (see `ReloadScheduler.flush`).
    var keptReads: [PerceptionCell]?
    /// The engine's slots holding reads that reload kept, released when the flush ends.
    @exclusivity(unchecked) var slotsKeepingReads: [LayoutSlot] = []
}

extension ComponentEngine {
    /// The engine's extras, made now if they were not.
    var extras: EngineExtras {
        if let extras = extrasIfMade { return extras }
        let made = EngineExtras()
        extrasIfMade = made
        return made
    }

    /// Per-engine state of layout extensions, by type (empty for most engines).
    var attachments: [ObjectIdentifier: AnyObject] { extrasIfMade?.attachments ?? [:] }

    /// Whether some layout extension keeps state in this engine (checked on every reload).
    @inline(__always)
    var hasAttachments: Bool {
        guard let extras = extrasIfMade else { return false }
        return !extras.attachments.isEmpty
    }

    /// The cells the last allowed reload of a capped flush read (see `ReloadScheduler.flush`).
    var keptReads: [PerceptionCell]? {
        get { extrasIfMade?.keptReads }
        set { if newValue != nil || extrasIfMade != nil { extras.keptReads = newValue } }
    }
}
