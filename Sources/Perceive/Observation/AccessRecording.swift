/// Records a read of `cell` in the current thread's innermost session, or offers it to checking.
///
/// Reached from inlined accessors only when `_PerceptionRuntime.hooks` is non-zero. Everything is
/// borrowed (no retain of the context or the session): this runs once per tracked read.
@usableFromInline
func _recordAccess(_ cell: Unmanaged<PerceptionCell>, _ subject: AnyObject) {
    // The common case flat, with no closure formed: the thread's innermost session records the
    // cell. (Each layer of borrowing closures was a call of its own: about 60 of a tracked read's
    // 140 instructions.)
    guard let context = ThreadContext.existing else { return }
    if let session = context._withUnsafeGuaranteedRef({ $0.session }) {
        session._withUnsafeGuaranteedRef { $0.record(cell) }
        return
    }
    cell._withUnsafeGuaranteedRef { _recordAccess($0, subject) }
}

@usableFromInline
func _recordAccess(_ cell: PerceptionCell, _ subject: AnyObject) {
    ThreadContext.withExisting { context in
        if let session = context.session {
            session._withUnsafeGuaranteedRef { $0.record(cell) }
        } else if context.expectationDepth > 0 || PerceptionChecking.reportsEverywhere {
            PerceptionChecking.reportUntrackedRead(cell.resolvedName(in: subject), context: context)
        }
    }
}
