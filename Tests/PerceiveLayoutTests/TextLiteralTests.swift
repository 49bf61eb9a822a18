import Foundation
import PerceiveLayout
import Testing

/// An interpolation only `String` has: a literal using it is a `String`.
extension DefaultStringInterpolation {
    fileprivate mutating func appendInterpolation(doubled value: Int) { appendLiteral(String(value * 2)) }
}

private struct Described: CustomStringConvertible {
    var description: String { "described" }
}

private struct DebugOnly: CustomDebugStringConvertible {
    var debugDescription: String { "debug only" }
}

private struct Plain {
    let a = 1
    let b = "two"
}

@Suite("Text literals")
struct TextLiteralTests {
    /// The literal's text is exactly the `String` the same literal makes, and a valid string: it
    /// counts, hashes, compares and grows as that one does.
    private func expectSame(_ literal: TextLiteral, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let made = literal.string
        #expect(made == expected, sourceLocation: sourceLocation)
        #expect(Array(made.utf8) == Array(expected.utf8), sourceLocation: sourceLocation)
        #expect(made.count == expected.count, sourceLocation: sourceLocation)
        #expect(made.hashValue == expected.hashValue, sourceLocation: sourceLocation)
        var grown = made
        grown += "!"
        #expect(grown == expected + "!", sourceLocation: sourceLocation)
    }

    @Test func integersAreSpelledAsStringSpellsThem() {
        expectSame("\(0)", "\(0)")
        expectSame("\(7)", "\(7)")
        expectSame("\(-5)", "\(-5)")
        expectSame("\(99_999_999)", "\(99_999_999)")
        expectSame("\(100_000_000)", "\(100_000_000)")
        // Fifteen digits fill the inline room exactly; sixteen do not fit.
        expectSame("\(999_999_999_999_999)", "\(999_999_999_999_999)")
        expectSame("\(1_000_000_000_000_000)", "\(1_000_000_000_000_000)")
        expectSame("\(Int.max)", "\(Int.max)")
        expectSame("\(Int.min)", "\(Int.min)")
    }

    @Test func literalsAndShortTextsJoinInPlaceUpToFifteenBytes() {
        expectSame("", "")
        expectSame("Inbox", "Inbox")
        expectSame("top \(3)", "top \(3)")
        expectSame("\(12): \(345)", "\(12): \(345)")
        expectSame("\(1) \("pretty table")", "\(1) \("pretty table")")
        // 15 bytes, then 16 (the last byte spills the text into a String).
        expectSame("abcdefgh\(1_234_567)", "abcdefgh\(1_234_567)")
        expectSame("abcdefgh\(12_345_678)", "abcdefgh\(12_345_678)")
        // Spilled in the middle, then appended to.
        expectSame("\(12_345_678): \(12_345_678) items", "\(12_345_678): \(12_345_678) items")
        expectSame("\(1234) \("pretty table") \(5)", "\(1234) \("pretty table") \(5)")
        expectSame("a literal longer than fifteen bytes", "a literal longer than fifteen bytes")
    }

    /// Short text that is not ASCII joins in place too (flagged as not ASCII); longer text spills.
    @Test func nonASCIITextJoinsAsItsUTF8() {
        expectSame("♥ \(3)", "♥ \(3)")
        expectSame(" ♥ \(12_345)", " ♥ \(12_345)")
        expectSame("♥♥♥♥\(123)", "♥♥♥♥\(123)")
        expectSame("♥♥♥♥\(1234)", "♥♥♥♥\(1234)")
        expectSame("\("♥")abc\("é")", "\("♥")abc\("é")")
        expectSame("\(3) ♥", "\(3) ♥")
        expectSame("\("é")\(1)", "\("é")\(1)")
        expectSame("café \("naïve") \(42)", "café \("naïve") \(42)")
        // A combining mark after inline ASCII: one character with the letter before it.
        expectSame("e\("\u{301}")", "e\("\u{301}")")
    }

    @Test func otherValuesAreDescribedAsStringDescribesThem() {
        expectSame("\(1.5)", "\(1.5)")
        expectSame("\(true) \(Int8(-3)) \(UInt.max)", "\(true) \(Int8(-3)) \(UInt.max)")
        expectSame("\(Character("x"))\("abc".dropFirst())", "\(Character("x"))\("abc".dropFirst())")
        expectSame("\(Described()) \(DebugOnly())", "\(Described()) \(DebugOnly())")
        expectSame("\(Plain())", "\(Plain())")
        expectSame("\(Int.self)", "\(Int.self)")
    }

    @MainActor @Test func textTakesLiteralsStringsAndStringOnlyInterpolations() {
        let count = 42
        #expect(Text("\(count) likes").text == "42 likes")
        let caption = "a caption"
        #expect(Text(caption).text == "a caption")
        let on = Bool.random()
        #expect(Text(on ? "on" : "off").text == (on ? "on" : "off"))
        #expect(Text("\(doubled: 21)").text == "42")
        #expect(Text("plain").text == "plain")
    }
}
