import Foundation
import Perceive
import PerceiveLayout
import Testing

/// An interpolation only `String` has: a literal using it is a `String`.
extension DefaultStringInterpolation {
    fileprivate mutating func appendInterpolation(doubled value: Int) { appendLiteral(String(value * 2)) }
    /// An unlabeled one, for optionals: `Text` must spell an optional as `String` does with it.
    fileprivate mutating func appendInterpolation<T>(_ value: T?) { appendLiteral(value.map { "\($0)" } ?? "none") }
}

@Suite("Text literals")
struct TextLiteralTests {
    /// The literal's text is exactly the `String` the same literal makes, and a valid string: it
    /// counts, hashes, compares and grows as that one does; a short one is the small string the
    /// standard library makes of the same bytes, bit for bit (flags and count included).
    private func expectSame(_ literal: TextLiteral, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let made = literal.string
        #expect(made == expected, sourceLocation: sourceLocation)
        #expect(Array(made.utf8) == Array(expected.utf8), sourceLocation: sourceLocation)
        #expect(made.count == expected.count, sourceLocation: sourceLocation)
        #expect(made.hashValue == expected.hashValue, sourceLocation: sourceLocation)
        var grown = made
        grown += "!"
        #expect(grown == expected + "!", sourceLocation: sourceLocation)
        #if _pointerBitWidth(_64) && _endian(little)
            if expected.utf8.count <= 15 {
                let standard = String(decoding: Array(expected.utf8), as: UTF8.self)
                let (a, b) = unsafeBitCast(made, to: (UInt64, UInt64).self)
                let (c, d) = unsafeBitCast(standard, to: (UInt64, UInt64).self)
                #expect(a == c && b == d, "bits \(a) \(b), standard \(c) \(d)", sourceLocation: sourceLocation)
            }
        #endif
    }

    #if _pointerBitWidth(_64) && _endian(little)
        /// Where the fast path runs: the layout check holds for this standard library.
        @Test func theSmallStringLayoutIsTheOneThisPlatformUses() {
            #expect(_smallStringLayoutHolds)
        }
    #endif

    @Test func integersAreSpelledAsStringSpellsThem() {
        expectSame("\(0)", "\(0)")
        expectSame("\(7)", "\(7)")
        expectSame("\(-5)", "\(-5)")
        expectSame("ab\(-1)cd", "ab\(-1)cd")
        expectSame("\(99_999_999)", "\(99_999_999)")
        expectSame("\(100_000_000)", "\(100_000_000)")
        expectSame("\(Int.max)", "\(Int.max)")
        expectSame("\(Int.min)", "\(Int.min)")
        #if _pointerBitWidth(_64)
            // Fifteen digits fill the inline room exactly; sixteen do not fit.
            expectSame("\(999_999_999_999_999)", "\(999_999_999_999_999)")
            expectSame("\(1_000_000_000_000_000)", "\(1_000_000_000_000_000)")
        #endif
    }

    @Test func literalsAndShortTextsJoinInPlaceUpToFifteenBytes() {
        expectSame("", "")
        expectSame("\("")", "\("")")
        expectSame("ab\("")cd", "ab\("")cd")
        expectSame("Inbox", "Inbox")
        expectSame("top \(3)", "top \(3)")
        expectSame("\(12): \(345)", "\(12): \(345)")
        expectSame("\(1) \("pretty table")", "\(1) \("pretty table")")
        // Across the two words, to 15 bytes; then 16 (the last part spills the text into a String).
        expectSame("abcdefg\(12_345_678)", "abcdefg\(12_345_678)")
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
        expectSame("\(3) ♥", "\(3) ♥")
        expectSame(" ♥ \(12_345)", " ♥ \(12_345)")
        expectSame("abcdefgh\("é")", "abcdefgh\("é")")
        // 15 bytes, then 16.
        expectSame("♥♥♥♥\(123)", "♥♥♥♥\(123)")
        expectSame("♥♥♥♥\(1234)", "♥♥♥♥\(1234)")
        expectSame("\("♥")abc\("é")", "\("♥")abc\("é")")
        expectSame("\("é")\(1)", "\("é")\(1)")
        expectSame("café \("naïve") \(42)", "café \("naïve") \(42)")
        // A combining mark after inline ASCII: one character with the letter before it.
        expectSame("e\("\u{301}")", "e\("\u{301}")")
    }

    /// A literal interpolating anything but `Int`s and `String`s is a `String`: `Text` shows what
    /// `String` spells, with the interpolations `String` has, an unlabeled extension of your own
    /// included.
    @MainActor @Test func otherInterpolationsMakeAString() {
        let optional: Int? = 5
        let missing: Int? = nil
        #expect(Text("\(optional) and \(missing)").text == "5 and none")
        #expect(Text("\(1.5) \(true) \(Int8(-3)) \(UInt.max)").text == "1.5 true -3 \(UInt.max)")
        #expect(Text("\(Character("x"))\("abc".dropFirst())").text == "xbc")
        #expect(Text("\(Int.self)").text == "Int")
        #expect(Text("\(doubled: 21)").text == "42")
    }

    @MainActor @Test func textTakesLiteralsStringsAndVerbatimText() {
        let count = 42
        #expect(Text("\(count) likes").text == "42 likes")
        #expect(Text("plain").text == "plain")
        let caption = "a caption"
        #expect(Text(caption).text == "a caption")
        #expect(Text(caption + "!").text == "a caption!")
        let on = Bool.random()
        #expect(Text(on ? "on" : "off").text == (on ? "on" : "off"))
        let verbatim: (String) -> Text = Text.init(verbatim:)
        #expect(verbatim("\(count)").text == "42")
        #expect(["a", "b"].map(Text.init).map(\.text) == ["a", "b"])
    }
}
