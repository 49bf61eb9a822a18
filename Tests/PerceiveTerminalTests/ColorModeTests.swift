import Testing

@testable import PerceiveTerminal

struct ColorModeTests {
    @Test(
        arguments: [
            ([:], ColorMode.palette256),
            (["NO_COLOR": "1"], .none),
            (["NO_COLOR": ""], .palette256),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], .none),
            (["COLORTERM": "truecolor"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["COLORTERM": "TrueColor"], .trueColor),
            (["COLORTERM": "yes"], .palette256)
        ] as [([String: String], ColorMode)])
    func detect(environment: [String: String], expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment) == expected)
    }

    @Test func paletteIndexOfKnownColours() {
        #expect(ColorMode.paletteIndex(TerminalColor(red: 255, green: 0, blue: 0)) == 196)
        #expect(ColorMode.paletteIndex(TerminalColor(red: 0, green: 0, blue: 0)) == 16)
        #expect(ColorMode.paletteIndex(TerminalColor(red: 255, green: 255, blue: 255)) == 231)
        #expect(ColorMode.paletteIndex(TerminalColor(red: 128, green: 128, blue: 128)) == 244)
        #expect(ColorMode.paletteIndex(TerminalColor(red: 0, green: 100, blue: 200)) == 26)
    }

    @Test func paletteColoursMapBackToTheirOwnIndex() {
        for index in 16...255 {
            let color = ColorMode.color(forPaletteIndex: UInt8(index))
            #expect(ColorMode.paletteIndex(color) == UInt8(index))
        }
        #expect(ColorMode.color(forPaletteIndex: 9) == TerminalColor(red: 255, green: 0, blue: 0))
        #expect(ColorMode.color(forPaletteIndex: 232) == TerminalColor(red: 8, green: 8, blue: 8))
    }
}
