import Foundation
import Perceive

extension TerminalColor {
    /// The terminal colour of `color`, or `nil` for a fully transparent one (nothing is drawn).
    public init?(_ color: PlatformColor) {
        guard color.alpha > 0 else { return nil }
        func channel(_ value: CGFloat) -> UInt8 { UInt8((min(max(value.isFinite ? value : 0, 0), 1) * 255).rounded()) }
        self.init(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }
}
