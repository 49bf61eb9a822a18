/// Something that happened, sent to a component's store to be reduced.
///
/// Events are plain values: `struct Increment: Event {}`. They are `Sendable` so that effects can
/// send them from async work.
public protocol Event: Sendable {}

/// Where a sent event goes after the sender's own store has reduced it.
public enum EventRoute: Sendable {
    /// Only the sender's store.
    case local
    /// The sender's store, then each ancestor store in turn, nearest first, until one stops it.
    case up
}
