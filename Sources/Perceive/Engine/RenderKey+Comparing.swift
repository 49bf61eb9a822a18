import Foundation

extension RenderKey {
    /// Whether `key` is `automatic(parent, index)`, compared byte for byte without spelling it: a
    /// view's key checked in place (see `Reconciler.renderFlatRoot`) then costs no string.
    static func isAutomatic(_ key: String, parent: String, index: Int) -> Bool {
        guard index >= 0 else { return false }
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        var (key, parent) = (key, parent)
        return key.withUTF8 { key in
            parent.withUTF8 { parent in
                // The mark, the parent, a dot when there is a parent, the index's digits.
                let separator = parent.isEmpty ? 0 : 1
                guard key.count == 1 &+ parent.count &+ separator &+ digits, key[0] == 1 else { return false }
                var at = 1
                for byte in parent {
                    guard key[at] == byte else { return false }
                    at &+= 1
                }
                if separator == 1 {
                    guard key[at] == UInt8(ascii: ".") else { return false }
                    at &+= 1
                }
                var (value, end) = (index, key.count)
                repeat {
                    end &-= 1
                    guard key[end] == 48 &+ UInt8(truncatingIfNeeded: value % 10) else { return false }
                    value /= 10
                } while value > 0
                return true
            }
        }
    }
}
