import Foundation

/// Children all at the origin (the layers of a group): shared arrays for the
/// small counts layout makes on every reload, so such a node's positions cost a retain instead of
/// an allocation and a free.
package enum ZeroPositions {
    private static let shared: [[CGPoint]] = (0..<8).map { Array(repeating: .zero, count: $0) }

    /// `count` origins.
    @inline(__always)
    package static func of(_ count: Int) -> [CGPoint] {
        count < shared.count ? shared[count] : Array(repeating: .zero, count: count)
    }
}
