/// Puts rows into `KeyOrder` before the import writes them, by comparing each key's first 16
/// bytes as two integers and calling `KeyOrder.precedes` only where those cannot tell.
///
/// Every answer is the one `KeyOrder.precedes` gives for the same two rows, so the order is the
/// same permutation, ties and all; only faster than comparing through `String.UTF8View`, and
/// the import sorts rule ids for platforms, topics, forces and links.
package enum KeySort {
    /// The indices `0..<count` in the `KeyOrder` of `key(index)`.
    package static func order(count: Int, by key: (Int) -> String) -> [Int] {
        let keys = (0..<count).map(key)
        let prefixes = keys.map(Prefix.init)
        return Array(0..<count).sorted { a, b in
            prefixes[a].precedes(prefixes[b]) ?? KeyOrder.precedes(keys[a], keys[b])
        }
    }

    /// The indices `0..<count` in the `KeyOrder` of `key(index)`: first, then second.
    package static func order(count: Int, by key: (Int) -> (String, String)) -> [Int] {
        let keys = (0..<count).map(key)
        let firsts = keys.map { Prefix($0.0) }
        let seconds = keys.map { Prefix($0.1) }
        return Array(0..<count).sorted { a, b in
            let (first, other) = (firsts[a], firsts[b])
            // `KeyOrder` asks whether the first keys are equal as Swift strings (canonically), which
            // is equality of their bytes only for ASCII.
            if first.isExact && other.isExact && first.isASCII && other.isASCII {
                if first == other { return seconds[a].precedes(seconds[b]) ?? KeyOrder.precedes(keys[a].1, keys[b].1) }
                if let answer = first.precedes(other) { return answer }
            }
            return KeyOrder.precedes(keys[a], keys[b])
        }
    }

    /// A text's first 16 UTF-8 bytes, big-endian, zero-padded, and its length.
    private struct Prefix: Equatable {
        let high: UInt64
        let low: UInt64
        let count: Int
        let isASCII: Bool

        init(_ text: String) {
            var high: UInt64 = 0, low: UInt64 = 0
            var index = 0
            var isASCII = true
            for byte in text.utf8 {
                if index < 8 {
                    high |= UInt64(byte) << (56 - 8 * index)
                } else if index < 16 {
                    low |= UInt64(byte) << (56 - 8 * (index - 8))
                }
                isASCII = isASCII && byte < 128
                index += 1
            }
            (self.high, self.low, self.count, self.isASCII) = (high, low, index, isASCII)
        }

        /// The whole text is in `high` and `low`.
        var isExact: Bool { count <= 16 }

        /// Whether this text's bytes precede the other's; nil when the prefixes cannot tell.
        ///
        /// Where two padded prefixes differ, the first differing byte is a real byte of both texts,
        /// or a padding zero of the shorter one, which then is the start of the longer one: either
        /// way the byte order of the texts. Equal prefixes of two whole texts differ only in length
        /// (the longer one goes on with NUL bytes), and the shorter text precedes.
        func precedes(_ other: Prefix) -> Bool? {
            if high != other.high { return high < other.high }
            if low != other.low { return low < other.low }
            guard isExact && other.isExact else { return nil }
            return count < other.count
        }
    }
}
