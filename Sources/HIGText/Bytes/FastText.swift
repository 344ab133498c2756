import Foundation

/// Small text operations on UTF-8 bytes, for the hot paths of cleaning and classifying, where
/// Foundation's `replacingOccurrences`, `range(of:)` and `trimmingCharacters` (NSString on
/// Linux) cost more than all the rest of the importer.
public enum FastText {
    /// `text` without any occurrence of the ASCII `pattern`.
    ///
    /// Read on the text's contiguous bytes, and a text without the pattern (most) is returned as
    /// it is: the same bytes the copy would have held.
    static func removing(_ pattern: StaticString, from text: String) -> String {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let first = needle.first else { return text }
        return withBytes(text) { bytes -> String? in
            func matches(at index: Int) -> Bool {
                guard bytes[index] == first, index + needle.count <= bytes.count else { return false }
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { return false }
                return true
            }
            // The first match, found with memchr: most texts hold none.
            guard var index = firstOffset(of: needle, in: bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[..<index])
            while index < bytes.count {
                if matches(at: index) {
                    index += needle.count
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// `body` on `text`'s UTF-8 bytes, without a copy for a native String (every text the
    /// importer reads is one). Iterating `String.UTF8View` through generic `Sequence` methods
    /// (`contains`, `contains(where:)`) cost some thirty instructions a byte. Public and
    /// `@inlinable` for the readers of other modules (`NormativeForce`): Swift 6.3 inlines no
    /// `package` function across modules.
    @inlinable @inline(__always)
    public static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return try copy.withUTF8(body)
    }

    /// `text.utf8.contains(byte)`, read on contiguous bytes.
    package static func contains(_ byte: UInt8, in text: String) -> Bool {
        withBytes(text) { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// Whether the UTF-8 bytes of `pattern` occur in `text`'s. This is how the readers look
    /// for markup and marker words ("![", "](", "supported"): Foundation's `contains` and
    /// `range(of:)` (NSString on Linux) compare characters under canonical equivalence, and cost
    /// a tenth of reading the web captures. UTF-8 is self-synchronizing, so the bytes of a whole
    /// pattern never match inside another character's encoding.
    package static func contains(_ pattern: StaticString, in text: some StringProtocol) -> Bool {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard !needle.isEmpty else { return true }
        if let found = text.utf8.withContiguousStorageIfAvailable({ firstOffset(of: needle, in: $0) != nil }) { return found }
        var copy = String(text)
        return copy.withUTF8 { firstOffset(of: needle, in: $0) != nil }
    }

    /// The offset of the first occurrence of the non-empty `needle` in `bytes`: memchr finds
    /// each place its first byte stands, memcmp checks the rest.
    private static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, let base = bytes.baseAddress, bytes.count >= needle.count else { return nil }
        let lastStart = bytes.count - needle.count
        var from = 0
        while from <= lastStart, let hit = memchr(base + from, Int32(first), lastStart - from + 1) {
            let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + start, needle.baseAddress!, needle.count) == 0 { return start }
            from = start + 1
        }
        return nil
    }

    /// `text.utf8.contains(where: predicate)`, read on contiguous bytes.
    @inline(__always)
    static func containsByte(in text: String, where predicate: (UInt8) -> Bool) -> Bool {
        withBytes(text) { bytes in
            for byte in bytes where predicate(byte) { return true }
            return false
        }
    }

    /// The byte offset of the first occurrence of the ASCII `pattern` at or after `start`.
    static func offset(of pattern: StaticString, in bytes: [UInt8], from start: Int = 0) -> Int? {
        let needle = Array(UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount))
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmingSpaces(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 })!
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// Lowercase, with typographic apostrophes and quotes folded to ASCII.
    package static func foldedLowercase(_ text: String) -> String {
        var out = ScalarOutput(capacity: text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 65...90: out.append(Unicode.Scalar(UInt8(ASCII.lowercased(scalar.value))))
            case 0x2018, 0x2019: out.append("'")
            case 0x201C, 0x201D: out.append("\"")
            case 0..<128: out.append(scalar)
            default: out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return out.string
    }

    /// The scalar value that starts at `index` of valid UTF-8 `bytes`, and its length in bytes.
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), 4
        )
    }

    /// The lowercased start of `text`, enough for `hasPrefix` tests of up to `length - 1`
    /// characters and for reading its first `length - 1` characters: when the start is ASCII
    /// (no CR, which joins a following LF into one character), only `length` bytes are
    /// lowercased; otherwise its first `length` characters are.
    ///
    /// Read on contiguous bytes: through `String.UTF8View` this cost some 3,000 instructions a
    /// text, and it is asked of every rule.
    static func lowercasedStart(_ text: String, length: Int = 64) -> String {
        let start = withBytes(text) { bytes -> String? in
            guard bytes.count > length else { return nil }
            for byte in bytes[...length] where byte >= 128 || byte == 13 { return nil }
            return String(unsafeUninitializedCapacity: length) { out in
                for index in 0..<length {
                    let byte = bytes[index]
                    out[index] = ASCII.lowercased(byte)
                }
                return length
            }
        }
        // `lowercased()` maps scalar by scalar, so the lowercased first `length` characters are
        // the start of the whole text lowercased, `length` bytes at least; lowercasing the whole
        // of each long text that opened with a curly quote was 1.3% of the bundle's import.
        return start ?? String(text.prefix(length)).lowercased()
    }

    /// `text.trimmingCharacters(in: .whitespaces)`, without the trip through NSString when
    /// both ends are ASCII characters other than space and tab (nothing to trim then).
    static func trimmingWhitespaces(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, first < 128, last < 128,
            first != 32, first != 9, last != 32, last != 9
        {
            return text
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// True when every Character of `scalars` is one scalar, so that Character-level tests
    /// (`==`, `isLetter`, `isWhitespace`) can be made on scalars: each scalar is ASCII or
    /// Latin (below U+0300, no combining marks) but CR (CR LF is one Character), or general
    /// punctuation, currency, letterlike, arrows, mathematical, box and shape symbols and
    /// dingbats. None of these extends a grapheme cluster or is extended by one of the others.
    static func isOneScalarPerCharacter<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Bool {
        scalars.allSatisfy { scalar in
            switch scalar.value {
            case 13: false
            case 0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20BF, 0x2100...0x214F, 0x2190...0x22FF,
                0x2500...0x27BF:
                true
            default: false
            }
        }
    }

    /// `text.split(separator: " ").count`, counted on bytes when every Character is one
    /// scalar (a space followed by a combining mark is no separator for `split`).
    static func countOfSpaceSeparatedWords(_ text: String) -> Int {
        guard isOneScalarPerCharacter(text.unicodeScalars) else { return text.split(separator: " ").count }
        var count = 0
        var previousWasSpace = true
        for byte in text.utf8 {
            if byte == 32 {
                previousWasSpace = true
            } else {
                if previousWasSpace { count += 1 }
                previousWasSpace = false
            }
        }
        return count
    }
}
