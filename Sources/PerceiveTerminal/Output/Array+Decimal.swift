extension [UInt8] {
    /// Appends a non-negative number's ASCII digits without allocating a String.
    mutating func appendDecimal(_ value: Int) {
        guard value > 0 else {
            append(UInt8(ascii: "0"))
            return
        }
        let start = count
        var rest = value
        while rest > 0 {
            append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        self[start...].reverse()
    }
}
