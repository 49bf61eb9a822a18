import Perceive

/// A label's text written as a string literal: `Text("\(count) likes")`.
///
/// A literal whose interpolations are all `Int`s and `String`s is a `TextLiteral`; it spells what
/// the same literal spells as a `String`, and gets there in fewer steps. A label's text is rebuilt
/// on every build of its builder, and most interpolate a count or a short word: while the text
/// stays within 15 bytes of UTF-8, it is put together in two registers and becomes a string that
/// holds its bytes inline, with no allocation, and an `Int` is spelled without `description` (a
/// label of two integers, `"\(depth): \(count)"`, takes about 400 instructions fewer, measured
/// with callgrind). Anything longer is appended as a `String` is.
///
/// A literal interpolating anything else (a `Double`, an optional, a value with a label such as
/// `\(x, format: …)`) is a `String`, and `Text(_:)` takes it as one, with every interpolation
/// `String` knows, your extensions of `DefaultStringInterpolation` included. Only an extension that
/// changes how an unlabeled `Int` or `String` is spelled does not apply here.
public struct TextLiteral: ExpressibleByStringInterpolation, Sendable {
    /// The text.
    public let string: String

    /// A literal without interpolations: the string itself (a literal's storage is static).
    @inlinable
    public init(stringLiteral value: String) { string = value }

    /// An interpolated literal, put together.
    @inlinable
    public init(stringInterpolation: StringInterpolation) { string = stringInterpolation.made }

    /// Puts an interpolated literal together: inline while it is short, else in a `String`.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// Bytes 0–7 and 8–14 of a short text (a small string's two words, without its count).
        /// Byte 15 holds `0x40` once a byte that is not ASCII was joined: the flag that turns a
        /// small string's `0xE` (ASCII) into `0xA` (see `inline`).
        @usableFromInline var low: UInt64 = 0
        @usableFromInline var high: UInt64 = 0
        /// How many bytes the two words hold; -1 once the text is in `spilled`.
        @usableFromInline var count = 0
        /// The text, once it no longer fits in the two words.
        @usableFromInline var spilled = ""

        /// Starts an empty text. (The capacity hint matters only past 15 bytes, where the text is
        /// appended as a `String` grows.)
        @inlinable
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends a literal segment.
        @inlinable @inline(__always)
        public mutating func appendLiteral(_ literal: String) {
            // The empty segments around an interpolation fold away here: a literal with the words of
            // the standard library's own empty string is empty, and both are constants (`isEmpty`
            // did not fold).
            #if _pointerBitWidth(_64) && _endian(little)
                if unsafeBitCast(literal, to: (UInt64, UInt64).self) == unsafeBitCast("", to: (UInt64, UInt64).self) { return }
            #endif
            append(literal)
        }

        /// Appends an integer's decimal spelling, as `"\(value)"` spells it.
        @inlinable @inline(__always)
        public mutating func appendInterpolation(_ value: Int) {
            if count >= 0, let (low, high) = _smallDecimalWords(value), append(low: low, high: high) { return }
            appendSpilled(_decimalSpelling(value))
        }

        /// Appends a string.
        @inlinable @inline(__always)
        public mutating func appendInterpolation(_ value: String) { append(value) }

        // No other interpolation: a literal interpolating anything else is a `String`, spelled
        // with every interpolation `String` has (your own extensions included).

        @inlinable @inline(__always)
        mutating func append(_ string: String) {
            #if _pointerBitWidth(_64) && _endian(little)
                if count >= 0, _smallStringLayoutHolds {
                    let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
                    // A small string (ASCII or not): its flags and count in the top byte.
                    let kind = high >> 60
                    if kind | 0x4 == 0xE, append(low: low, high: high) {
                        if kind == 0xA { self.high |= 0x40 << 56 }
                        return
                    }
                }
            #endif
            appendSpilled(string)
        }

        /// Appends the bytes of a small string's two words when they fit after the text's;
        /// false (nothing done) when they do not.
        @inlinable @inline(__always)
        mutating func append(low newLow: UInt64, high newHigh: UInt64) -> Bool {
            let added = Int(truncatingIfNeeded: newHigh >> 56 & 0xF)
            guard count &+ added <= 15 else { return false }
            // (A small string's bytes past its count are zero; masked all the same.)
            let newLow = added >= 8 ? newLow : newLow & ~(UInt64.max << UInt64(truncatingIfNeeded: added &* 8))
            let bytes = added <= 8 ? 0 : newHigh & ~(UInt64.max << UInt64(truncatingIfNeeded: (added &- 8) &* 8))
            let shift = UInt64(truncatingIfNeeded: count &* 8)
            if shift == 0 {
                // (Nothing joined yet: no flag to keep.)
                (low, high) = (newLow, bytes)
            } else if shift < 64 {
                low |= newLow << shift
                high |= bytes << shift | newLow >> (64 &- shift)
            } else {
                // Eight or more bytes held: at most seven added, all in the first word.
                high |= newLow << (shift &- 64)
            }
            count &+= added
            return true
        }

        /// Appends `string` to the text as a `String`, moving a short text there first. (Out of
        /// line: the inlined part stays a few instructions per segment.)
        @usableFromInline
        mutating func appendSpilled(_ string: String) {
            if count >= 0 {
                spilled = inline
                count = -1
            }
            spilled.append(string)
        }

        /// The short text as a small string: its bytes, count and flags. (Only while `count` ≥ 0,
        /// which `_smallStringLayoutHolds` guarantees for any count other than 0.) Valid UTF-8 joined
        /// to valid UTF-8 is valid.
        @inlinable
        var inline: String {
            #if _pointerBitWidth(_64) && _endian(little)
                // (The flag byte is 0 or `0x40`: `0xE0` or `0xA0` once combined with the count.)
                if count > 0 { return unsafeBitCast((low, high ^ UInt64(truncatingIfNeeded: 0xE0 | count) << 56), to: String.self) }
            #endif
            return ""
        }

        @inlinable
        var made: String { count >= 0 ? inline : spilled }
    }
}
