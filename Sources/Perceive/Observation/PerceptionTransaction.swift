/// Groups writes so that each affected scope is notified once, after the last write.
///
/// Handlers invalidated inside `body` run when the outermost transaction on this thread ends, in
/// the order their first write happened. A scope is notified at most once per armed set anyway;
/// the transaction additionally guarantees that handlers observe every write of the group.
///
/// ```swift
/// withPerceptionTransaction {
///     model.title = "Inbox"
///     model.unread = 3
/// }   // a scope that read both reloads once, seeing both values
/// ```
public func withPerceptionTransaction<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let context = ThreadContext.current
    context.transactionDepth += 1
    defer {
        context.transactionDepth -= 1
        if context.transactionDepth == 0 && !context.isDelivering {
            context.isDelivering = true
            Delivery.drain(context)
            context.isDelivering = false
        }
    }
    return try body()
}

/// Performs `writes` without notifying any scope: tracked properties change, but nothing that read
/// them is invalidated. Use it for high-frequency data whose display may lag until the next reload
/// that happens for another reason. Writes on other threads meanwhile notify as usual.
public func withPerceptionSilenced<T, E: Error>(_ writes: () throws(E) -> T) throws(E) -> T {
    let context = ThreadContext.current
    context.silenceDepth += 1
    defer { context.silenceDepth -= 1 }
    return try writes()
}
