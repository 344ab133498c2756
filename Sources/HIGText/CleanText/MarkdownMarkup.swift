import Foundation

/// The pieces of `MarkupStripper` that read PDF-derived Markdown only: HTML comments, page
/// anchors and page images (with their page numbers), other tags, heading markers and links.
extension MarkupStripper {
    /// Removes every `<!-- ... -->` (an unclosed one runs to the end of the line).
    ///
    /// One pass over the bytes: a comment's markers are ASCII, so cutting them out leaves valid
    /// UTF-8, and a line of many comments costs no more than one of a few.
    static func removeComments(_ s: String) -> String {
        guard FastText.contains(UInt8(ascii: "<"), in: s) else { return s }
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            out.append(bytes[index])
            index += 1
            // An opening marker may be completed by the bytes after a removed comment: "<!<!---->--".
            if out.count >= 4, out[out.count - 4] == UInt8(ascii: "<"), out[out.count - 3] == UInt8(ascii: "!"),
                out[out.count - 2] == UInt8(ascii: "-"), out[out.count - 1] == UInt8(ascii: "-")
            {
                out.removeLast(4)
                index = find(Array("-->".utf8), in: bytes, from: index).map { $0 + 3 } ?? bytes.count
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The offset of the first `needle` in `bytes` at or after `start`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matches = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// Page anchors `<span id="page-72-1">` and image names `_page_116_Picture_13` count pages
    /// from zero; the document's own cross-references ("#page-70-0" → "(page 71)") show the
    /// printed page is one more.
    static func pageMarkers(in s: String) -> [Int] {
        FastText.withBytes(s, pageMarkers(ascii:)) ?? pageMarkers(readingCharactersOf: s)
    }

    /// `pageMarkers`, defined on Characters: a marker's number is the digits (`isNumber`, six
    /// at most) right after it.
    static func pageMarkers(readingCharactersOf s: String) -> [Int] {
        var pages: [Int] = []
        var index = s.startIndex
        while index < s.endIndex {
            let rest = s[index...]
            if rest.hasPrefix("id=\"page-") || rest.hasPrefix("_page_") {
                let digitsStart = s.index(index, offsetBy: rest.hasPrefix("_page_") ? 6 : 9)
                let digits = s[digitsStart...].prefix(while: \.isNumber)
                if let value = Int(digits), digits.count <= 6 { pages.append(value + 1) }
                index = digits.endIndex
            } else {
                index = s.index(after: index)
            }
        }
        return pages
    }

    /// `pageMarkers` on bytes, or nil when only the Character reading can tell. Reading by
    /// Character cost ~100 instructions a byte. Without either marker's bytes there is no
    /// marker: no scalar but themselves is canonically equal to the markers' characters (only
    /// U+037E, U+1FEF and U+212A equal an ASCII character, ";", "`" and "K"). In ASCII without
    /// CR every byte is a Character, and only 0 to 9 are numbers.
    private static func pageMarkers(ascii bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        func starts(_ marker: StaticString, at index: Int) -> Bool {
            let count = marker.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != marker.utf8Start[offset] { return false }
            return true
        }
        let mayHoldMarker = bytes.indices.contains { index in
            (bytes[index] == UInt8(ascii: "i") && starts("id=\"page-", at: index))
                || (bytes[index] == UInt8(ascii: "_") && starts("_page_", at: index))
        }
        guard mayHoldMarker else { return [] }
        guard bytes.allSatisfy({ $0 < 128 && $0 != 13 }) else { return nil }
        var pages: [Int] = []
        var index = 0
        while index < bytes.count {
            let digitsStart: Int
            if starts("id=\"page-", at: index) {
                digitsStart = index + 9
            } else if starts("_page_", at: index) {
                digitsStart = index + 6
            } else {
                index += 1
                continue
            }
            var end = digitsStart
            var value = 0
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                // Only up to six digits are read: seven or more are no page.
                if end - digitsStart < 7 { value = value * 10 + Int(bytes[end] - UInt8(ascii: "0")) }
                end += 1
            }
            let count = end - digitsStart
            if count >= 1, count <= 6 { pages.append(value + 1) }
            index = end
        }
        return pages
    }

    /// Removes `![alt](target)` images. An image left unclosed stops the removal: the rest of the
    /// line is kept as it is.
    static func removeImages(_ s: String) -> String {
        guard FastText.contains(UInt8(ascii: "!"), in: s) else { return s }
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "!"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                guard let close = find(Array("](".utf8), in: bytes, from: index + 2),
                    let end = find([UInt8(ascii: ")")], in: bytes, from: close + 2)
                else {
                    out.append(contentsOf: bytes[index...])
                    break
                }
                index = end + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Removes `<span ...>`, `</span>` and other tags: a "<" before a letter or "/", up to the
    /// next ">". Read scalar by scalar, so a combining mark after ">" cannot hide it.
    static func removeTags(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        // Searching for a closing ">" only where one is left keeps a line of many "<a" linear.
        guard let lastClose = scalars.lastIndex(of: ">") else { return s }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            if c == "<", index + 1 < lastClose, scalars[index + 1].properties.isAlphabetic || scalars[index + 1] == "/",
                let end = scalars[(index + 1)...].firstIndex(of: ">")
            {
                index = end + 1
            } else {
                out.append(c)
                index += 1
            }
        }
        return String(out)
    }

    static func removeHeadingMarker(_ s: String) -> (String, Int) {
        let hashes = s.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return (s, 0) }
        let rest = s.dropFirst(hashes)
        guard rest.first == " " || rest.isEmpty else { return (s, 0) }
        return (FastText.trimmingSpaces(String(rest)), hashes)
    }

    /// `[text](target)` becomes `text`; so does the misplaced form PDF conversion leaves,
    /// `["Using](#page-70-0) Action [Sheets"](#page-70-0)`.
    static func removeLinks(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var index = 0
        var openBrackets: [Int] = []
        var remove = Set<Int>()
        // A target is looked for only where a ")" is left, so a line of many "](" stays linear.
        let lastClose = scalars.lastIndex(of: ")") ?? -1
        while index < scalars.count {
            let c = scalars[index]
            if c == "[" {
                openBrackets.append(index)
            } else if c == "]", index + 1 < scalars.count, scalars[index + 1] == "(", index + 2 <= lastClose,
                let close = scalars[(index + 2)...].firstIndex(of: ")")
            {
                if let open = openBrackets.popLast() { remove.insert(open) }
                for i in index...close { remove.insert(i) }
                index = close
            } else if c == "]" {
                _ = openBrackets.popLast()
            }
            index += 1
        }
        guard !remove.isEmpty else { return s }
        var out = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where !remove.contains(offset) { out.append(scalar) }
        return String(out)
    }
}
