import Foundation

/// `String(value)`, written out for the common case of a list's row ids: a non-negative integer
/// of up to 15 digits is a small string (its bytes held in the string's own two words), whose bits
/// are put together here directly — about 15 instructions where `String(value)` and even
/// `String(unsafeUninitializedCapacity:)` take 150. The layout is the standard library's on 64-bit
/// little-endian platforms; it is checked once against strings the standard library made (see
/// `_smallStringLayout`), and anything else takes `String(value)`.
@inlinable
public func _decimalSpelling(_ value: Int) -> String {
    #if _pointerBitWidth(_64) && _endian(little)
        if let words = _smallDecimalWords(value) { return unsafeBitCast(words, to: String.self) }
    #endif
    return String(value)
}

/// The two words of the small string spelling `value` (see `_smallDecimalBits`), when it is one
/// and the layout holds here; `nil` otherwise (negative, 16 digits or more, another layout). Shared
/// by `_decimalSpelling` and a text literal's integers.
@inlinable
public func _smallDecimalWords(_ value: Int) -> (UInt64, UInt64)? {
    #if _pointerBitWidth(_64) && _endian(little)
        guard value >= 0 && value < 1_000_000_000_000_000 && _smallStringLayoutHolds else { return nil }
        return _smallDecimalBits(value)
    #else
        return nil
    #endif
}

/// The two words of a small ASCII string spelling `value` (0 ≤ `value` < 10¹⁵): the digits in
/// bytes 0–14, the count and the small-ASCII flags in byte 15.
@inlinable
public func _smallDecimalBits(_ value: Int) -> (UInt64, UInt64) {
    if value < 10_000 { return _fourDigitBits(UInt64(truncatingIfNeeded: value)) }
    return value < 100_000_000 ? _eightDigitBits(UInt64(truncatingIfNeeded: value)) : _longDecimalBits(value)
}

/// `_eightDigitBits` for `value` < 10⁴ (most row ids): its two halves of two digits read from a
/// table of the hundred pairs, one division by a multiplication apart — a short chain where the
/// eight-digit spelling's three steps of multiplications made a long one (in time, a list's build
/// spent more on spelling its ids than on anything else of the library's). The table is a string
/// literal in the caller's module: no global to initialize or look up. `value` must be below 10⁴
/// (the table holds a hundred pairs; `_smallDecimalBits` sends larger numbers elsewhere).
@inlinable
public func _fourDigitBits(_ value: UInt64) -> (UInt64, UInt64) {
    assert(value < 10_000, "_fourDigitBits spells numbers below 10,000")
    let pairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    let hundreds = (value &* 5243) >> 19
    let rest = value &- hundreds &* 100
    let table = UnsafeRawPointer(pairs.utf8Start)
    let first = UInt64(table.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: hundreds) &* 2, as: UInt16.self))
    let second = UInt64(table.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: rest) &* 2, as: UInt16.self))
    // Byte 0 is the first of four zero-padded digits; the padding is shifted out.
    let padding: UInt64 = value < 10 ? 3 : value < 100 ? 2 : value < 1_000 ? 1 : 0
    return ((first | second << 16) >> (padding &* 8), (0xE0 | (4 &- padding)) << 56)
}

/// `_smallDecimalBits` for 10⁸ ≤ `value` < 10¹⁵. (Out of line: the common case above stays small
/// enough to be inlined where a number is spelled.)
@usableFromInline
func _longDecimalBits(_ value: Int) -> (UInt64, UInt64) {
    // Digits are collected last first, each in the low byte of a word shifted up by the next: the
    // first digit ends in the lowest byte, as the string has it.
    var (count, rest, last) = (0, value, UInt64(0))
    repeat {
        last = last << 8 | UInt64(truncatingIfNeeded: 48 &+ rest % 10)
        rest /= 10
        count &+= 1
    } while count < 8
    // The leading digits (1 to 7 of them) fill the first word, the last 8 the second.
    var (leading, first) = (0, UInt64(0))
    repeat {
        first = first << 8 | UInt64(truncatingIfNeeded: 48 &+ rest % 10)
        rest /= 10
        leading &+= 1
    } while rest > 0
    // Bytes 0..<leading are the leading digits, then the last 8 (crossing into the second word).
    let shift = 8 &* UInt64(leading)
    let low = first | last << shift
    let high = last >> (64 &- shift) | UInt64(truncatingIfNeeded: 0xE0 | (leading &+ 8)) << 56
    return (low, high)
}

/// `_smallDecimalBits` for `value` < 10⁸, all eight digit places at once (a list's row ids are
/// spelled on every build of the list: about 25 instructions where a digit at a time takes 55).
/// The value is split into lanes of one word — two 4-digit halves, then four 2-digit quarters, then
/// eight digits, the more significant part always in the lower lane — by multiplying with
/// reciprocals exact for the lane's range (`n * 5243 >> 19` is `n / 100` for n < 43,699,
/// `n * 103 >> 10` is `n / 10` for n < 179). Byte 0 is then the first of eight zero-padded digits;
/// the padding is shifted out.
@inlinable
public func _eightDigitBits(_ value: UInt64) -> (UInt64, UInt64) {
    let halves = value / 10_000 | (value % 10_000) << 32
    let hundreds = (halves &* 5243) >> 19 & 0x0000_007F_0000_007F
    let quarters = hundreds | (halves &- hundreds &* 100) << 16
    let tens = (quarters &* 103) >> 10 & 0x000F_000F_000F_000F
    let digits = tens | (quarters &- tens &* 10) << 8
    // Leading zeros are the low zero bytes (value 0 keeps one digit).
    let padding = digits == 0 ? 7 : UInt64(digits.trailingZeroBitCount) >> 3
    let shift = padding &* 8
    let spelled = (digits >> shift) | (0x3030_3030_3030_3030 >> shift)
    return (spelled, (0xE0 | (8 &- padding)) << 56)
}

/// Whether a small string's two words have the layout `_smallStringLayoutHolds` describes, and
/// `_smallDecimalBits` makes exactly the strings the standard library makes: 0 before
/// `_checkSmallStringLayout` ran, 1 when they do, 2 when they do not. (A constant initial value:
/// the global is initialized statically, so reading it is a load, where a lazily computed one is a
/// call per row.) Not atomic, deliberately: threads checking at once each compute the same answer
/// and store the same byte, and a thread that reads 0 only checks once more; an `Atomic` global is
/// reached from other modules through an accessor call, about 20 instructions a label.
@usableFromInline
@exclusivity(unchecked) nonisolated(unsafe) var _smallStringLayout: UInt8 = 0

/// Whether a short string may be read and made as two words (see `_checkSmallStringLayout`): byte
/// `i` of its UTF-8 in byte `i` of the words, the count in the low four bits of byte 15 and `0xE`
/// (ASCII) or `0xA` (not) in its high ones.
@inlinable
public var _smallStringLayoutHolds: Bool {
    _smallStringLayout == 1 || (_smallStringLayout == 0 && _checkSmallStringLayout())
}

/// Checks the small-string layout on the longest and shortest spellings, and on short texts the
/// standard library made, ASCII or not (read as the words above), records the answer in
/// `_smallStringLayout`, and returns it.
@usableFromInline
func _checkSmallStringLayout() -> Bool {
    var holds = false
    #if _pointerBitWidth(_64) && _endian(little)
        if MemoryLayout<String>.size == 16 {
            holds =
                [0, 7, 42, 12_345_678, 123_456_789_012_345].allSatisfy { value in
                    let made = String(value)
                    let bits = unsafeBitCast(made, to: (UInt64, UInt64).self)
                    let ours = _smallDecimalBits(value)
                    return bits == ours && unsafeBitCast(ours, to: String.self) == made
                }
                && ["a", "top: ", "abcdefghijklmno", " \u{2665} ", "caf\u{E9}"].allSatisfy { text in
                    // Made at run time, so that it is the standard library's small form.
                    let made = String(decoding: Array(text.utf8), as: UTF8.self)
                    let (low, high) = unsafeBitCast(made, to: (UInt64, UInt64).self)
                    let bytes = Array(text.utf8)
                    let flags: UInt64 = bytes.allSatisfy { $0 < 0x80 } ? 0xE0 : 0xA0
                    guard high >> 56 == flags | UInt64(bytes.count) else { return false }
                    let read = (0..<bytes.count).map { index in
                        UInt8(truncatingIfNeeded: (index < 8 ? low >> (index * 8) : high >> ((index - 8) * 8)))
                    }
                    return read == bytes
                }
        }
    #endif
    _smallStringLayout = holds ? 1 : 2
    return holds
}
