import Testing

@testable import PerceiveTerminal

struct CharacterWidthTests {
    @Test func asciiIsOneColumnPerPrintableCharacter() {
        #expect(CharacterWidth.columns(of: "a" as Character) == 1)
        #expect(CharacterWidth.columns(of: "~" as Character) == 1)
        #expect(CharacterWidth.columns(of: "hello, world") == 12)
        #expect(CharacterWidth.columns(of: "") == 0)
    }

    @Test func controlCharactersHaveNoWidth() {
        #expect(CharacterWidth.columns(of: "\u{07}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\u{7F}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\u{85}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\r\n" as Character) == 0)
        #expect(CharacterWidth.columns(of: "a\tb") == 2)
    }

    @Test func zeroWidthScalarsAlone() {
        #expect(CharacterWidth.columns(of: "\u{200B}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\u{200D}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\u{FE0F}" as Character) == 0)
        #expect(CharacterWidth.columns(of: "\u{301}" as Character) == 0)
    }

    @Test func accentedLettersComposedAndDecomposed() {
        #expect(CharacterWidth.columns(of: "\u{E9}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "e\u{301}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "e\u{301}te\u{301}") == 3)
    }

    @Test func eastAsianWidths() {
        #expect(CharacterWidth.columns(of: "中" as Character) == 2)
        #expect(CharacterWidth.columns(of: "한" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{FF71}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "\u{FF21}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "a中b") == 4)
    }

    @Test func emojiPresentation() {
        #expect(CharacterWidth.columns(of: "\u{2665}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "\u{2665}\u{FE0F}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{2600}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "\u{26A1}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{2705}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{1F44D}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{1F44D}\u{1F3FD}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "1\u{FE0F}\u{20E3}" as Character) == 2)
    }

    @Test func regionalIndicators() {
        #expect(CharacterWidth.columns(of: "\u{1F1EB}\u{1F1F7}" as Character) == 2)
        #expect(CharacterWidth.columns(of: "\u{1F1EB}" as Character) == 1)
        #expect(CharacterWidth.columns(of: "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}") == 4)
    }
}
