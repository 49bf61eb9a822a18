/// A table from render keys to integers for one render's matching by hashing.
///
/// Keys are short strings (ids, paths) hashed with FNV-1a over their UTF-8 and probed linearly:
/// the table holds no secrets to protect from flooding (a bad spread costs the render that made
/// it, not anyone else's), and a seeded `Hasher` over a `String` costs several times more per key
/// — about 700 instructions a key when a thousand new rows are created.
struct KeyTable {
    /// Entry index + 1 per slot; 0 is empty. The count is a power of two.
    private var slots: [Int32]
    private var keys: [String] = []
    private var values: [Int] = []

    /// A table sized for `capacity` keys.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// The value stored under `key`.
    func value(for key: String) -> Int? {
        // (Asked of every new item, and a first render has no old keys: no hash.)
        guard !keys.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keys[entry - 1] == key { return values[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` under `key` unless the key is there already; returns whether it was stored.
    @discardableResult
    mutating func insert(_ key: String, _ value: Int) -> Bool {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            if keys[entry - 1] == key { return false }
            slot = (slot + 1) & mask
        }
        keys.append(key)
        values.append(value)
        slots[slot] = Int32(truncatingIfNeeded: keys.count)
        return true
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for index in keys.indices {
            var slot = Self.hash(keys[index]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    private static func hash(_ key: String) -> Int {
        let hash = keyHash(key)
        // The low bits index the table: fold the high ones in.
        return hash ^ (hash >> 29)
    }

    /// A well-spread number for a short string, consistent with `==`: FNV-1a over an ASCII
    /// string's bytes, at a tenth of the cost of `hashValue`. Strings with other characters take
    /// `hashValue`, because `==` compares them by canonical equivalence ("é" written as one
    /// scalar or two is one key), which their bytes do not follow.
    static func keyHash(_ string: String) -> Int {
        // Over the contiguous bytes (a small string's are copied to the stack, nothing is
        // allocated): iterating `utf8` decodes the representation per byte, 3–4× slower.
        var copy = string
        let (hash, bits) = copy.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var bits: UInt8 = 0
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                bits |= byte
            }
            return (hash, bits)
        }
        return bits < 0x80 ? Int(truncatingIfNeeded: hash) : string.hashValue
    }
}
