import Foundation

/// The `.excessiveReloads` check for one engine: reloads within a sliding window, with their causes.
@MainActor
struct ExcessiveReloads {
    private var times: [UInt64] = []
    private var causes: [String] = []

    /// Reloads remembered in the current window.
    var count: Int { times.count }

    mutating func note(scope: String, cause: ReloadCause?) {
        let (limit, window) = Diagnostics.excessiveReloadLimit
        let now = DispatchTime.now().uptimeNanoseconds
        let horizon = now &- UInt64(max(window, 0) * 1_000_000_000)
        times.append(now)
        causes.append(cause?.description ?? "unknown")
        while let first = times.first, first < horizon {
            times.removeFirst()
            causes.removeFirst()
        }
        guard times.count > limit else { return }
        var counts: [String: Int] = [:]
        for cause in causes { counts[cause, default: 0] += 1 }
        let top = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
            .map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        Diagnostics.report(
            .excessiveReloads,
            "Perceive: the scope of \(scope) reloaded \(times.count) times within \(format(CGFloat(window))) s; top causes: \(top).")
        // Start a new window, so a sustained storm is reported once per window.
        times.removeAll()
        causes.removeAll()
    }
}
