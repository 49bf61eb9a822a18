/// How much colour the terminal can show, deciding which SGR colour form the encoder emits.
public enum ColorMode: Sendable, Equatable {
    /// 24-bit `38;2;r;g;b` colours.
    case trueColor
    /// xterm 256-colour palette indices.
    case palette256
    /// No colours at all; attributes such as bold still apply.
    case none

    /// Picks a mode from environment variables, honouring the NO_COLOR convention first.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return .palette256
        }
    }

    /// The nearest xterm-256 index by squared RGB distance, searching the colour cube and the grey ramp.
    ///
    /// The 16 system colours are skipped because users routinely redefine them.
    public static func paletteIndex(_ color: TerminalColor) -> UInt8 {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let steps = channels.map(nearestCubeStep)
        let cube = steps.map { cubeLevels[$0] }
        let cubeIndex = 16 + 36 * steps[0] + 6 * steps[1] + steps[2]
        var bestIndex = cubeIndex
        var bestDistance = distance(channels, cube)
        for step in 0..<24 {
            let level = 8 + 10 * step
            let candidate = distance(channels, [level, level, level])
            if candidate < bestDistance {
                bestDistance = candidate
                bestIndex = 232 + step
            }
        }
        return UInt8(bestIndex)
    }

    /// The colour xterm shows for a palette index, so tests can predict what a 256-colour terminal displays.
    public static func color(forPaletteIndex index: UInt8) -> TerminalColor {
        let value = Int(index)
        switch value {
        case 0..<16:
            let rgb = systemColors[value]
            return TerminalColor(red: rgb.0, green: rgb.1, blue: rgb.2)
        case 16..<232:
            let offset = value - 16
            return TerminalColor(
                red: UInt8(cubeLevels[offset / 36]), green: UInt8(cubeLevels[offset / 6 % 6]), blue: UInt8(cubeLevels[offset % 6]))
        default:
            let level = UInt8(8 + 10 * (value - 232))
            return TerminalColor(red: level, green: level, blue: level)
        }
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    private static let systemColors: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)
    ]

    private static func nearestCubeStep(_ channel: Int) -> Int {
        var best = 0
        for step in 1..<cubeLevels.count where abs(cubeLevels[step] - channel) < abs(cubeLevels[best] - channel) {
            best = step
        }
        return best
    }

    private static func distance(_ lhs: [Int], _ rhs: [Int]) -> Int {
        zip(lhs, rhs).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
}
