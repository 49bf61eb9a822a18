import Foundation

/// A boundary's two size strategies in 24 bytes instead of 32: both lengths, then both cases (each
/// strategy alone is a length and a case byte, padded to 16).
@usableFromInline
struct PackedSizes: Sendable {
    @usableFromInline let widthLength: CGFloat
    @usableFromInline let heightLength: CGFloat
    @usableFromInline let widthCase: UInt8
    @usableFromInline let heightCase: UInt8

    @inlinable
    init(_ width: SizeStrategy, _ height: SizeStrategy) {
        (widthCase, widthLength) = Self.pack(width)
        (heightCase, heightLength) = Self.pack(height)
    }

    var width: SizeStrategy { Self.unpack(widthCase, widthLength) }
    var height: SizeStrategy { Self.unpack(heightCase, heightLength) }

    @inlinable
    static func pack(_ strategy: SizeStrategy) -> (UInt8, CGFloat) {
        switch strategy {
        case .fill: (0, 0)
        case .fit: (1, 0)
        case .absolute(let length): (2, length)
        case .percentage(let fraction): (3, fraction)
        case .aspectPercentage(let fraction): (4, fraction)
        }
    }

    static func unpack(_ kind: UInt8, _ length: CGFloat) -> SizeStrategy {
        switch kind {
        case 0: .fill
        case 1: .fit
        case 2: .absolute(length)
        case 3: .percentage(length)
        default: .aspectPercentage(length) // 4, the last kind `pack` makes
        }
    }
}
