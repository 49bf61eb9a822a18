import Testing

@testable import PerceiveTerminal

struct InputDecoderTests {
    private static let keys: [(String, InputEvent)] = [
        ("\t", .key(.tab)), ("\u{1B}[Z", .key(.backTab)), ("\r", .key(.enter)), ("\n", .key(.enter)),
        (" ", .key(.space)), ("\u{7F}", .key(.backspace)), ("\u{08}", .key(.backspace)),
        ("\u{03}", .key(.controlC)), ("\u{04}", .key(.controlD)),
        ("\u{1B}[A", .key(.up)), ("\u{1B}[B", .key(.down)), ("\u{1B}[C", .key(.right)), ("\u{1B}[D", .key(.left)),
        ("\u{1B}OA", .key(.up)), ("\u{1B}OB", .key(.down)), ("\u{1B}OC", .key(.right)), ("\u{1B}OD", .key(.left)),
        ("\u{1B}[H", .key(.home)), ("\u{1B}[F", .key(.end)), ("\u{1B}[1~", .key(.home)), ("\u{1B}[4~", .key(.end)),
        ("\u{1B}[5~", .key(.pageUp)), ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}[1;5A", .key(.up)),
        ("q", .key(.character("q"))), ("\u{E9}", .key(.character("\u{E9}"))), ("中", .key(.character("中"))),
        ("\u{1F44D}", .key(.character("\u{1F44D}"))),
        ("\u{1B}[<0;1;1M", .mouse(MouseEvent(kind: .press(button: 0), x: 0, y: 0))),
        ("\u{1B}[<2;10;5m", .mouse(MouseEvent(kind: .release(button: 2), x: 9, y: 4))),
        ("\u{1B}[<64;3;4M", .mouse(MouseEvent(kind: .wheelUp, x: 2, y: 3))),
        ("\u{1B}[<65;3;4M", .mouse(MouseEvent(kind: .wheelDown, x: 2, y: 3))),
        ("\u{1B}[<32;120;40M", .mouse(MouseEvent(kind: .drag(button: 0), x: 119, y: 39))),
        ("\u{1B}[<17;2;2M", .mouse(MouseEvent(kind: .press(button: 1), x: 1, y: 1)))
    ]

    private func decode(_ chunks: [UInt8]...) -> [InputEvent] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.feed($0) } + decoder.flushPending()
    }

    @Test func everyKeyAndMouseReport() {
        for (input, event) in Self.keys {
            var decoder = InputDecoder()
            #expect(decoder.feed(input.utf8) == [event], "\(InputDecoderTests.visible(input))")
            #expect(decoder.flushPending().isEmpty)
        }
    }

    @Test func sequencesSplitAtEveryByteBoundary() {
        let stream = Array(Self.keys.map(\.0).joined().utf8)
        let expected = Self.keys.map(\.1)
        #expect(decode(stream) == expected)
        for split in 1..<stream.count {
            #expect(decode(Array(stream[..<split]), Array(stream[split...])) == expected, "split at \(split)")
        }
        var decoder = InputDecoder()
        #expect(stream.flatMap { decoder.feed([$0]) } == expected)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let replacement = InputEvent.key(.character("\u{FFFD}"))
        #expect(decode([0xFF, 0x61]) == [replacement, .key(.character("a"))])
        #expect(decode([0xC3, 0x28]) == [replacement, .key(.character("("))])
        #expect(decode([0xE4, 0xB8]) == [replacement])
        #expect(decode([0xED, 0xA0, 0x80]) == [replacement, replacement, replacement])
        #expect(decode([0xE4, 0xB8, 0x1B, 0x5B, 0x41]) == [replacement, .key(.up)])
        #expect(decode([0xE4], [0xB8, 0xAD]) == [.key(.character("中"))])
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flushPending() == [.key(.escape)])
        #expect(decoder.flushPending().isEmpty)
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[B".utf8)) == [.key(.down)])
        #expect(decoder.feed([0x1B, 0x1B, 0x1B, 0x5B, 0x43]) == [.key(.escape), .key(.escape), .key(.right)])
    }

    @Test func unknownSequencesAreSkippedEntirely() {
        #expect(
            decode(Array("\u{1B}[3~x\u{1B}[15~\u{1B}[?1;2cy\u{1B}OPz\u{1B}[200~".utf8)) == [
                .key(.character("x")), .key(.character("y")), .key(.character("z"))
            ])
        #expect(decode(Array("\u{1B}[M !!a".utf8)) == [.key(.character("a"))])
        #expect(decode(Array("\u{1B}[<66;1;1M\u{1B}[<0;1M\u{1B}ab".utf8)) == [.key(.character("b"))])
        #expect(decode(Array("\u{1B}[".utf8)).isEmpty)
    }

    @Test func pendingBufferIsBounded() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100)).isEmpty)
        #expect(decoder.feed(Array("a".utf8)) == [.key(.character("a"))])
    }

    @Test func combiningMarksJoinTheirBase() {
        #expect(decode(Array("e\u{301}\u{1F1EB}\u{1F1F7}".utf8)) == [.key(.character("\u{E9}")), .key(.character("\u{1F1EB}\u{1F1F7}"))])
    }

    private static func visible(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 ? "^\($0.value)" : String($0) }.joined()
    }

    @Test func pendingBytesAreReportedUntilResolved() {
        var decoder = InputDecoder()
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0xE4, 0xB8]).isEmpty) // two of the three bytes of 中
        #expect(decoder.hasPending)
        #expect(decoder.feed([0xAD]) == [.key(.character("中"))])
        #expect(!decoder.hasPending)
    }
}
