import Foundation

/// The coder the runtime hands to `init?(coder:)`, the one initializer every ``PlatformView``
/// subclass is required to have, when it makes a view of a node's class: headless views decode
/// nothing, so one empty coder serves every view made (one was made and freed per view, about 100
/// instructions of each row a first render shows).
@MainActor
enum EmptyCoder {
    static let shared = NSCoder()
}
