import Foundation
import HIGText

/// Cuts rule texts into the tokens the search index's tokenizer would make (`unicode61`: runs of
/// letters and digits, everything else a separator), each distinct token given a number.
///
/// The lineage matcher reads tokens this way instead of through `fts5vocab`: walking every
/// instance of the index cost most of the time of linking a pair of large editions, and reads
/// every edition when a pair needs two. The tokens are stemmed afterwards, once per distinct
/// token, by SQLite's own Porter tokenizer (`Stemmer`), so the terms are still the index's.
struct TermScanner {
    /// The tokens in the order they were first seen: `tokens[n]` is token number n.
    private(set) var tokens: [String] = []
    /// Each token's bytes (ASCII letters lowercased; other scalars as written: the stemmer
    /// folds case and diacritics), one after another: token n's are `bytes[start[n]..<start[n + 1]]`.
    private var bytes: [UInt8] = []
    private var start: [Int] = [0]
    /// Each token's number, by its bytes.
    private var numbers = OpenAddressingTable<Int32>(minimumCapacity: 1 << 11)

    /// The token numbers of `text`, in order.
    mutating func scan(_ text: String, into numbers: inout [Int32]) {
        var text = text
        // Bytes, not scalars (decoding every scalar cost most of the scan): ASCII by a table, the
        // rest decoded where a scalar starts. A string's UTF-8 is valid, and contiguous here
        // (`withUTF8` makes it so if need be).
        text.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { token in
                scan(utf8, token: token, into: &numbers)
            }
        }
    }

    /// `token`: room for the longest token, the whole text.
    private mutating func scan(
        _ utf8: UnsafeBufferPointer<UInt8>, token: UnsafeMutableBufferPointer<UInt8>,
        into numbers: inout [Int32]
    ) {
        let asciiTokenByte = Self.asciiTokenByte
        var length = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let width = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if width == 1 && asciiTokenByte[Int(byte)] != 0 {
                token[length] = asciiTokenByte[Int(byte)]
                length += 1
            } else if width > 1 && Self.isTokenScalar(utf8, at: index, width: width) {
                for offset in 0..<width { token[length + offset] = utf8[index + offset] }
                length += width
            } else if length > 0 {
                numbers.append(number(of: UnsafeBufferPointer(rebasing: token[..<length])))
                length = 0
            }
            index += width
        }
        if length > 0 { numbers.append(number(of: UnsafeBufferPointer(rebasing: token[..<length]))) }
    }

    /// For each ASCII byte, the byte it stands for in a token (letters lowercased), or 0 for a
    /// separator.
    private static let asciiTokenByte: [UInt8] = (0..<128).map { value in
        switch value {
        case 65...90: ASCII.lowercased(UInt8(value))
        case 97...122, 48...57: UInt8(value)
        default: 0
        }
    }

    /// Whether the scalar whose `width` UTF-8 bytes start at `index` is part of a token: a
    /// letter or a number, as `unicode61` reads them.
    private static func isTokenScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, width: Int) -> Bool {
        var value = UInt32(utf8[index]) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for offset in 1..<width { value = value << 6 | UInt32(utf8[index + offset]) & 0x3F }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The number of the token of these bytes, a new one if they were not seen before.
    private mutating func number(of token: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = fnv1aHash(token)
        let slot = numbers.slot(for: hash) { number in
            let (from, to) = (start[Int(number)], start[Int(number) + 1])
            // memcmp: `elementsEqual` between an array slice and a buffer went through the
            // generic `Sequence` path, some 200 instructions a look-up.
            guard to - from == token.count else { return false }
            return token.isEmpty || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + from, token.baseAddress!, token.count) == 0 }
        }
        if let number = numbers[slot] { return number }
        let number = Int32(tokens.count)
        numbers.insert(number, hash: hash, at: slot)
        bytes.append(contentsOf: token)
        start.append(bytes.count)
        tokens.append(String(decoding: token, as: UTF8.self))
        return number
    }
}
