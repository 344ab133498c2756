import Foundation

/// Turns raw source lines into `MarkedLine`s: strips image lines, HTML comments and anchors
/// (reading their page numbers), Markdown links, headings, bold and italic markers and every
/// bullet style, then repairs glued words.
///
/// Markdown is read only in PDF-derived files: web text has no markup, and an asterisk there is
/// a real asterisk.
public struct MarkupStripper: Sendable {
    public let form: EditionManifest.Form
    public let repairer: GluedWordRepairer?

    /// Bullet markers in the styles the sources use, each followed by white space.
    static let bulletMarkers: [Character] = ["-", "*", "+", "●", "❏", "•", "◦", "▪", "‣", "–", "○", "■", "□"]

    public init(form: EditionManifest.Form, repairer: GluedWordRepairer?) {
        self.form = form
        self.repairer = repairer
    }

    public func mark(_ raw: String, number: Int) -> MarkedLine {
        var line = MarkedLine(number: number)
        var text = Substring(raw)
        while let first = text.first, first == " " || first == "\t" {
            line.indent += first == "\t" ? 4 : 1
            text = text.dropFirst()
        }
        var s = String(text)
        // NUL and other control characters carry no words.
        s = String(s.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        let hadContent = s.contains { !$0.isWhitespace }
        // Each markup pass runs only when its opening character is there: most lines hold none.
        let has = { (byte: UInt8) in s.utf8.contains(byte) }
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "<")) { s = Self.removeComments(s) }
            // Page anchors are tags, page images are image links.
            if has(UInt8(ascii: "<")) || has(UInt8(ascii: "!")) { line.pageMarkers = Self.pageMarkers(in: s) }
            if has(UInt8(ascii: "!")) { s = Self.removeImages(s) }
            if has(UInt8(ascii: "<")) { s = Self.removeTags(s) }
            s = FastText.trimmingSpaces(s)
            (s, line.headingLevel) = Self.removeHeadingMarker(s)
        }
        (s, line.bulletDepth) = Self.removeBullets(s, markdown: form == .pdfMarkdown)
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "]")) { s = Self.removeLinks(s) }
            if has(UInt8(ascii: "\\")) { s = s.replacingOccurrences(of: "\\*", with: "*") }
        }
        s = Self.collapseWhitespace(s)
        if let repairer {
            let repaired = repairer.repair(s, line: number)
            s = repaired.text
            line.repairs = repaired.repairs
        }
        if form == .pdfMarkdown, s.utf8.contains(UInt8(ascii: "*")) || s.utf8.contains(UInt8(ascii: "_")) {
            (s, line.boldLead) = Self.removeEmphasis(s)
            s = Self.collapseWhitespace(s)
        }
        line.text = s
        line.isMarkupOnly = hadContent && s.isEmpty
        return line
    }

    // MARK: - Pieces

    static func removeComments(_ s: String) -> String {
        var s = s
        while let open = s.range(of: "<!--") {
            if let close = s.range(of: "-->", range: open.upperBound..<s.endIndex) {
                s.removeSubrange(open.lowerBound..<close.upperBound)
            } else {
                s.removeSubrange(open.lowerBound..<s.endIndex)
            }
        }
        return s
    }

    /// Page anchors `<span id="page-72-1">` and image names `_page_116_Picture_13` count pages
    /// from zero; the document's own cross-references ("#page-70-0" → "(page 71)") show the
    /// printed page is one more.
    static func pageMarkers(in s: String) -> [Int] {
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

    static func removeImages(_ s: String) -> String {
        var s = s
        var searchStart = s.startIndex
        while let open = s.range(of: "![", range: searchStart..<s.endIndex) {
            guard let close = s.range(of: "](", range: open.upperBound..<s.endIndex),
                  let end = s[close.upperBound...].firstIndex(of: ")") else { break }
            s.removeSubrange(open.lowerBound...end)
            searchStart = open.lowerBound
        }
        return s
    }

    static func removeTags(_ s: String) -> String {
        var out = ""
        var index = s.startIndex
        while index < s.endIndex {
            let c = s[index]
            if c == "<", let end = s[index...].firstIndex(of: ">"),
               let next = s.index(index, offsetBy: 1, limitedBy: s.endIndex), next < s.endIndex,
               s[next].isLetter || s[next] == "/" {
                index = s.index(after: end)
            } else {
                out.append(c)
                index = s.index(after: index)
            }
        }
        return out
    }

    static func removeHeadingMarker(_ s: String) -> (String, Int) {
        let hashes = s.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return (s, 0) }
        let rest = s.dropFirst(hashes)
        guard rest.first == " " || rest.isEmpty else { return (s, 0) }
        return (FastText.trimmingSpaces(String(rest)), hashes)
    }

    /// Strips bullet markers, however many are stacked ("- ❏ ", "- ●"). In web text only the
    /// typographic bullets count: a leading "-" there is a dash of the text.
    static func removeBullets(_ s: String, markdown: Bool) -> (String, Int) {
        var s = Substring(s)
        var depth = 0
        while let first = s.first {
            let isMarker = markdown ? bulletMarkers.contains(first) : "•●◦▪‣".contains(first)
            guard isMarker else { break }
            let after = s.dropFirst()
            // "**bold" and "*italic*" are not bullets; "-dash" glued to a word is not either.
            guard after.isEmpty || after.first == " " || after.first == "\t" || "●❏•◦▪".contains(first) else { break }
            s = after.drop(while: { $0 == " " || $0 == "\t" })
            depth += 1
        }
        return (String(s), depth)
    }

    /// `[text](target)` becomes `text`; so does the misplaced form PDF conversion leaves,
    /// `["Using](#page-70-0) Action [Sheets"](#page-70-0)`.
    static func removeLinks(_ s: String) -> String {
        var chars = Array(s)
        var index = 0
        var openBrackets: [Int] = []
        var remove = Set<Int>()
        while index < chars.count {
            let c = chars[index]
            if c == "[" {
                openBrackets.append(index)
            } else if c == "]", index + 1 < chars.count, chars[index + 1] == "(",
                      let close = chars[(index + 2)...].firstIndex(of: ")") {
                if let open = openBrackets.popLast() { remove.insert(open) }
                for i in index...close { remove.insert(i) }
                index = close
            } else if c == "]" {
                _ = openBrackets.popLast()
            }
            index += 1
        }
        guard !remove.isEmpty else { return s }
        chars = chars.enumerated().filter { !remove.contains($0.offset) }.map(\.element)
        return String(chars)
    }

    /// Removes `**bold**`, `__bold__` and `*italic*` markers; returns the leading bold words.
    static func removeEmphasis(_ s: String) -> (String, String?) {
        var lead: String?
        if s.hasPrefix("**") {
            let bytes = Array(s.utf8)
            if let close = FastText.offset(of: "**", in: bytes, from: 2) {
                let words = FastText.trimmingSpaces(String(decoding: bytes[2..<close], as: UTF8.self))
                if !words.isEmpty { lead = words }
            }
        }
        var out = FastText.removing("__", from: FastText.removing("**", from: s))
        if out.utf8.contains(UInt8(ascii: "*")) { out = removeItalics(out) }
        return (out, lead.map(removeItalics))
    }

    /// `*UIAlertView Class Reference*` → `UIAlertView Class Reference`. An asterisk that does not
    /// open or close a word (a footnote mark, "5 * 3") stays.
    static func removeItalics(_ s: String) -> String {
        let chars = Array(s)
        var remove = Set<Int>()
        var open: Int?
        for (i, c) in chars.enumerated() where c == "*" {
            let before: Character? = i > 0 ? chars[i - 1] : nil
            let after: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if let o = open {
                if let before, !before.isWhitespace, after.map({ !$0.isLetter && !$0.isNumber }) ?? true {
                    remove.insert(o)
                    remove.insert(i)
                    open = nil
                }
            } else if let after, !after.isWhitespace, before.map({ !$0.isLetter && !$0.isNumber }) ?? true {
                open = i
            }
        }
        guard !remove.isEmpty else { return s }
        return String(chars.enumerated().filter { !remove.contains($0.offset) }.map(\.element))
    }

    static func collapseWhitespace(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            if scalar.value < 128 ? (scalar.value == 32 || (scalar.value >= 9 && scalar.value <= 13)) : scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                out.append(scalar)
                pendingSpace = false
            }
        }
        return String(out)
    }
}
