/// Records a read of `cell` in the current thread's innermost session, or offers it to checking.
///
/// Reached from inlined accessors only when `_PerceptionRuntime.hooks` is non-zero. Everything is
/// borrowed (no retain of the context, the session or the cell): this runs once per tracked read.
/// Written flat, with no closure per layer of borrowing: each was a call of its own, about 60 of
/// a tracked read's 140 instructions. (Never inlined into the overload below: the optimizer then
/// merged the two, and the accessors' entry became a jump to the merged body.)
@usableFromInline @inline(never)
func _recordAccess(_ cell: Unmanaged<PerceptionCell>, _ subject: AnyObject) {
    guard let context = ThreadContext.existing else { return }
    if let session = context._withUnsafeGuaranteedRef({ $0.session }) {
        session._withUnsafeGuaranteedRef { $0.record(cell) }
        return
    }
    offerToChecking(cell, subject, context)
}

/// `_recordAccess` for a cell at hand (hand-written accessors through `PerceptionRegistrar`).
@usableFromInline
func _recordAccess(_ cell: PerceptionCell, _ subject: AnyObject) {
    _recordAccess(Unmanaged.passUnretained(cell), subject)
}

/// A read outside every session: reported when the thread expects tracking (or checks everywhere).
/// (Out of line: it keeps the recording path above short.)
@inline(never)
private func offerToChecking(_ cell: Unmanaged<PerceptionCell>, _ subject: AnyObject, _ context: Unmanaged<ThreadContext>) {
    context._withUnsafeGuaranteedRef { context in
        guard context.expectationDepth > 0 || PerceptionChecking.reportsEverywhere else { return }
        PerceptionChecking.reportUntrackedRead(cell._withUnsafeGuaranteedRef { $0.resolvedName(in: subject) }, context: context)
    }
}
