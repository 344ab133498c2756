/// Small text operations on UTF-8 bytes, for the hot paths of cleaning and classifying, where
/// Foundation's `replacingOccurrences`, `range(of:)` and `trimmingCharacters` (NSString on
/// Linux) cost more than all the rest of the importer.
enum FastText {
    /// `text` without any occurrence of the ASCII `pattern`.
    static func removing(_ pattern: StaticString, from text: String) -> String {
        let needle = Array(UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount))
        let bytes = Array(text.utf8)
        guard let first = needle.first, bytes.contains(first) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
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
    static func foldedLowercase(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 65...90: out.append(Unicode.Scalar(scalar.value + 32)!)
            case 0x2018, 0x2019: out.append("'")
            case 0x201C, 0x201D: out.append("\"")
            case 0..<128: out.append(scalar)
            default: for lower in scalar.properties.lowercaseMapping.unicodeScalars { out.append(lower) }
            }
        }
        return String(out)
    }
}
