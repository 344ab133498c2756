/// Puts rows into `KeyOrder` before the import writes them, by comparing each key's first 32
/// bytes as four integers and calling `KeyOrder.precedes` only where those cannot tell.
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

    /// A text's first 32 UTF-8 bytes, big-endian, zero-padded, and its length: a rule id
    /// ("web-2026-07-b54bbd24", "iphone-2008-11-…") is whole in it.
    private struct Prefix: Equatable {
        let words: (UInt64, UInt64, UInt64, UInt64)
        let count: Int
        let isASCII: Bool

        init(_ text: String) {
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var index = 0
            var isASCII = true
            for byte in text.utf8 {
                let shift = UInt64(56 - 8 * (index % 8))
                switch index / 8 {
                case 0: words.0 |= UInt64(byte) << shift
                case 1: words.1 |= UInt64(byte) << shift
                case 2: words.2 |= UInt64(byte) << shift
                case 3: words.3 |= UInt64(byte) << shift
                default: break
                }
                isASCII = isASCII && byte < 128
                index += 1
            }
            (self.words, self.count, self.isASCII) = (words, index, isASCII)
        }

        static func == (a: Prefix, b: Prefix) -> Bool {
            a.words == b.words && a.count == b.count && a.isASCII == b.isASCII
        }

        /// The whole text is in `words`.
        var isExact: Bool { count <= 32 }

        /// Whether this text's bytes precede the other's; nil when the prefixes cannot tell.
        ///
        /// Where two padded prefixes differ, the first differing byte is a real byte of both texts,
        /// or a padding zero of the shorter one, which then is the start of the longer one: either
        /// way the byte order of the texts. Equal prefixes of two whole texts differ only in length
        /// (the longer one goes on with NUL bytes), and the shorter text precedes.
        func precedes(_ other: Prefix) -> Bool? {
            if words.0 != other.words.0 { return words.0 < other.words.0 }
            if words.1 != other.words.1 { return words.1 < other.words.1 }
            if words.2 != other.words.2 { return words.2 < other.words.2 }
            if words.3 != other.words.3 { return words.3 < other.words.3 }
            guard isExact && other.isExact else { return nil }
            return count < other.count
        }
    }
}
