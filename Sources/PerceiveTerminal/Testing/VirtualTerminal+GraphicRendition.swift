extension VirtualTerminal {
    /// Applies an SGR sequence to the pen; returns false at the first attribute it does not model.
    mutating func applyGraphicRendition(_ parameters: [Int?]) -> Bool {
        var index = 0
        while index < parameters.count {
            let code = parameters[index] ?? 0
            index += 1
            switch code {
            case 0: pen = .plain
            case 1: pen.bold = true
            case 22: pen.bold = false
            case 4: pen.underline = true
            case 24: pen.underline = false
            case 7: pen.inverse = true
            case 27: pen.inverse = false
            case 39: pen.foreground = nil
            case 49: pen.background = nil
            case 38, 48:
                guard let color = extendedColor(parameters, at: &index) else { return false }
                if code == 38 { pen.foreground = color } else { pen.background = color }
            default:
                return false
            }
        }
        return true
    }

    private func extendedColor(_ parameters: [Int?], at index: inout Int) -> TerminalColor? {
        func value(_ offset: Int) -> UInt8? {
            guard index + offset < parameters.count, let value = parameters[index + offset], (0...255).contains(value) else {
                return nil
            }
            return UInt8(value)
        }
        switch parameters[index...].first ?? nil {
        case 2:
            guard let red = value(1), let green = value(2), let blue = value(3) else { return nil }
            index += 4
            return TerminalColor(red: red, green: green, blue: blue)
        case 5:
            guard let paletteIndex = value(1) else { return nil }
            index += 2
            return ColorMode.color(forPaletteIndex: paletteIndex)
        default:
            return nil
        }
    }
}
