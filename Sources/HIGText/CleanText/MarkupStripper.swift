import Foundation

/// Turns raw source lines into `MarkedLine`s: strips image lines, HTML comments and anchors
/// (reading their page numbers), Markdown links, headings, bold and italic markers and every
/// bullet style, then repairs OCR misreadings (in a scanned document) and glued words.
///
/// Markdown is read only in PDF-derived files and web Markdown (whose inline markup
/// `WebMarkdownInline` reads): web text has no markup, and an asterisk there is a real asterisk.
public struct MarkupStripper: Sendable {
    public let form: EditionManifest.Form
    public let repairer: GluedWordRepairer?
    /// Given for a scanned document only: its words are read again before glued words are
    /// split, so that a misreading is not cut into pieces ("inportant" is no "in port ant").
    public let ocrRepairer: OCRMisreadingRepairer?

    /// Bullet markers in the styles the sources use, each followed by white space.
    static let bulletMarkers: [Character] = ["-", "*", "+", "●", "❏", "•", "◦", "▪", "‣", "–", "○", "■", "□"]

    public init(form: EditionManifest.Form, repairer: GluedWordRepairer?, ocrRepairer: OCRMisreadingRepairer? = nil) {
        self.form = form
        self.repairer = repairer
        self.ocrRepairer = ocrRepairer
    }

    public func mark(_ raw: String, number: Int) -> MarkedLine {
        if form == .webMarkdown { return Self.markWebMarkdown(raw, number: number) }
        var (line, s) = Self.indented(raw, number: number)
        // One scan of the line answers whether it holds control characters, which markup it may
        // hold, and (mostly) whether it has content.
        var present = MarkupBytes(s)
        // NUL and other control characters carry no words; a tab inside a line separates two.
        if present.hasControlCharacter {
            s = Self.withoutControlCharacters(s)
            present = MarkupBytes(s)
        }
        let hadContent = present.hasASCIIOtherThanWhitespace || Self.hasNonWhitespaceCharacter(s)
        // The passes only remove characters (or add spaces), so a character absent from the
        // line as read stays absent, and one scan of the line answers for most of them.
        strip(s, into: &line, hadContent: hadContent) { byte, s in present.contains(byte) && FastText.contains(byte, in: s) }
        return line
    }

    /// The line's indent (a space counts one, a tab four) and the text after it.
    static func indented(_ raw: String, number: Int) -> (MarkedLine, String) {
        var line = MarkedLine(number: number)
        var text = Substring(raw)
        while let first = text.first, first == " " || first == "\t" {
            line.indent += first == "\t" ? 4 : 1
            text = text.dropFirst()
        }
        return (line, String(text))
    }

    /// Removes the markup of `s`, a line without control characters, into `line`. `has(byte, s)`
    /// tells whether `s` holds the ASCII character `byte`.
    func strip(_ s: String, into line: inout MarkedLine, hadContent: Bool, has: (UInt8, String) -> Bool) {
        var s = s
        // An escaped character is a character of the words, which no markup pass may read.
        var protected = false
        if form == .pdfMarkdown, has(UInt8(ascii: "\\"), s), let escaped = MarkdownEscapes.protect(s) {
            s = escaped
            protected = true
        }
        // Each markup pass runs only when its opening character is there: most lines hold none.
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "<"), s) { s = Self.removeComments(s) }
            // Page anchors are tags, page images are image links.
            if has(UInt8(ascii: "<"), s) || has(UInt8(ascii: "!"), s) { line.pageMarkers = Self.pageMarkers(in: s) }
            if has(UInt8(ascii: "!"), s) { s = Self.removeImages(s) }
            if has(UInt8(ascii: "<"), s) { s = Self.removeTags(s) }
            s = FastText.trimmingSpaces(s)
            (s, line.headingLevel) = Self.removeHeadingMarker(s)
        }
        (s, line.bulletDepth) = Self.removeBullets(s, markdown: form == .pdfMarkdown)
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "]"), s) { s = Self.removeLinks(s) }
        }
        s = Self.collapseWhitespace(s)
        if let ocrRepairer {
            let repaired = ocrRepairer.repair(s, line: line.number)
            s = repaired.text
            line.repairs = repaired.repairs
        }
        if let repairer {
            let repaired = repairer.repair(s, line: line.number)
            s = repaired.text
            line.repairs += repaired.repairs
        }
        if form == .pdfMarkdown, FastText.contains(UInt8(ascii: "*"), in: s) || FastText.contains(UInt8(ascii: "_"), in: s) {
            (s, line.boldLead) = Self.removeEmphasis(s)
            s = Self.collapseWhitespace(s)
        }
        if form == .pdfMarkdown {
            s = Self.removeResidue(s)
            line.boldLead = line.boldLead.map { Self.removeResidue(Self.collapseWhitespace($0)) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if protected {
            s = MarkdownEscapes.restore(s)
            line.boldLead = line.boldLead.map { MarkdownEscapes.restore($0) }
            line.repairs = line.repairs.map { MarkdownEscapes.restore($0) }
        } else if form == .pdfMarkdown, has(UInt8(ascii: "\\"), s) {
            s = MarkdownEscapes.unescaped(s)
            line.boldLead = line.boldLead.map { MarkdownEscapes.unescaped($0) }
        }
        line.text = s
        line.isMarkupOnly = hadContent && s.isEmpty
    }

    /// What `mark`'s byte scan (`MarkupBytes`) and `collapseWhitespace` must equal, read on
    /// Characters and scalars.
    enum Definition {
        /// `mark`, each question of the line answered by reading its scalars or Characters.
        static func mark(_ raw: String, number: Int, by stripper: MarkupStripper) -> MarkedLine {
            if stripper.form == .webMarkdown { return markWebMarkdown(raw, number: number) }
            var (line, s) = indented(raw, number: number)
            if hasControlCharacter(s) { s = withoutControlCharacters(s) }
            stripper.strip(s, into: &line, hadContent: s.contains { !$0.isWhitespace }, has: holds)
            return line
        }

        /// Whether `s` holds the ASCII character `byte` (`MarkupBytes.contains`).
        static func holds(_ byte: UInt8, _ s: String) -> Bool {
            s.unicodeScalars.contains(Unicode.Scalar(byte))
        }

        /// A C0 control character or DEL: what `withoutControlCharacters` changes.
        static func hasControlCharacter(_ s: String) -> Bool {
            s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }

        /// An ASCII character other than space and tab to CR (`MarkupBytes.hasASCIIOtherThanWhitespace`).
        static func hasASCIIOtherThanWhitespace(_ s: String) -> Bool {
            s.unicodeScalars.contains { $0.isASCII && $0 != " " && !(9...13).contains($0.value) }
        }

        /// The runs of scalars other than white space, joined by single spaces. Per scalar, as
        /// `collapseWhitespace` reads: a mark after a space stays, though the two are one Character.
        static func collapseWhitespace(_ s: String) -> String {
            s.unicodeScalars.split(whereSeparator: \.properties.isWhitespace)
                .map { String(String.UnicodeScalarView($0)) }
                .joined(separator: " ")
        }
    }

    /// `s` with each tab made a space and every other control character (C0, DEL) dropped.
    static func withoutControlCharacters(_ s: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar == "\t" {
                kept.append(" ")
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// `s.contains { !$0.isWhitespace }`, settled on bytes when an ASCII character other than
    /// white space is there: such a byte begins a Character of its own, or continues one whose
    /// first scalar (a prepended mark) is no white space either.
    static func hasNonWhitespaceCharacter(_ s: String) -> Bool {
        if FastText.containsByte(in: s, where: { $0 < 128 && $0 != 32 && !($0 >= 9 && $0 <= 13) }) { return true }
        return s.contains { !$0.isWhitespace }
    }

    /// Which ASCII characters a line holds, from one scan: those that open markup, control
    /// characters, and characters other than white space.
    struct MarkupBytes {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ s: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            FastText.withBytes(s) { bytes in
                for byte in bytes where byte < 128 {
                    if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
                }
            }
            self.low = low
            self.high = high
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        /// A byte below 0x20 or DEL.
        var hasControlCharacter: Bool { low & 0xFFFF_FFFF != 0 || high & (1 << 63) != 0 }

        /// An ASCII byte other than space and 9 to 13 (tab to CR): `hasNonWhitespaceCharacter`'s
        /// first test.
        var hasASCIIOtherThanWhitespace: Bool {
            let whitespace: UInt64 = 1 << 32 | 0b11111 << 9
            return low & ~whitespace != 0 || high != 0
        }
    }

    // MARK: - Pieces (the PDF Markdown ones: MarkdownMarkup.swift)

    /// Strips bullet markers, however many are stacked ("- ❏ ", "- ●"). In web text only the
    /// typographic bullets count: a leading "-" there is a dash of the text.
    static func removeBullets(_ s: String, markdown: Bool) -> (String, Int) {
        // White space the indent does not count (a line separator, a no-break space) hides no bullet.
        var rest = Substring(s).unicodeScalars.drop(while: \.properties.isWhitespace)
        var depth = 0
        while let first = rest.first {
            let isMarker = markdown ? bulletScalars.contains(first) : webBulletScalars.contains(first)
            guard isMarker else { break }
            let after = rest.dropFirst()
            // "**bold" and "*italic*" are not bullets; "-dash" glued to a word is not either.
            guard after.isEmpty || after.first == " " || after.first == "\t" || unspacedBulletScalars.contains(first) else { break }
            rest = after.drop(while: { $0 == " " || $0 == "\t" })
            depth += 1
        }
        return (String(Substring(rest)), depth)
    }

    static let bulletScalars = Set(bulletMarkers.flatMap(\.unicodeScalars))
    static let webBulletScalars = Set("•●◦▪‣".unicodeScalars)
    /// Markers that are bullets even with no space after them.
    static let unspacedBulletScalars = Set("●❏•◦▪".unicodeScalars)

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
        if FastText.contains(UInt8(ascii: "*"), in: out) { out = removeItalics(out) }
        return (out, lead.map(removeItalics))
    }

    /// `*UIAlertView Class Reference*` → `UIAlertView Class Reference`. An asterisk that does not
    /// open or close a word (a footnote mark, "5 * 3") stays.
    static func removeItalics(_ s: String) -> String {
        guard FastText.contains(UInt8(ascii: "*"), in: s) else { return s }
        let scalars = Array(s.unicodeScalars)
        func isWordScalar(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        var remove = Set<Int>()
        var open: Int?
        for (i, c) in scalars.enumerated() where c == "*" {
            let before: Unicode.Scalar? = i > 0 ? scalars[i - 1] : nil
            let after: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
            if let o = open {
                if let before, !before.properties.isWhitespace, !isWordScalar(after) {
                    remove.insert(o)
                    remove.insert(i)
                    open = nil
                }
            } else if let after, !after.properties.isWhitespace, !isWordScalar(before) {
                open = i
            }
        }
        guard !remove.isEmpty else { return s }
        var out = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where !remove.contains(offset) { out.append(scalar) }
        return String(out)
    }

    /// Markup that only the removal of other markup brought together (`<!<b>--`, `**- x**`) is
    /// removed by further passes over the clean text, until a pass changes nothing.
    static func removeResidue(_ s: String) -> String {
        var s = s
        for _ in 0..<maximumResiduePasses {
            let mayHoldMarkup =
                FastText.containsByte(
                    in: s,
                    where: {
                        $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "*")
                            || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "!")
                    })
                || s.unicodeScalars.first.map(bulletScalars.contains) == true
            guard mayHoldMarkup else { return s }
            var next = removeImages(removeComments(s))
            next = removeLinks(removeTags(next))
            next = removeBullets(removeEmphasis(next).0, markdown: true).0
            next = collapseWhitespace(next)
            if next == s { return s }
            s = next
        }
        return s
    }

    /// Each pass removes at least one marker; nesting deeper than this is left as it is.
    static let maximumResiduePasses = 8

    /// White space (any Unicode white space) collapsed to single spaces, none at either end.
    ///
    /// Read on UTF-8 bytes, and a text that is already collapsed (most are) is returned as it is:
    /// building the result scalar by scalar was the largest cost of cleaning.
    static func collapseWhitespace(_ s: String) -> String {
        var s = s
        return s.withUTF8 { bytes -> String? in
            // The white space of UTF-8 lead byte `lead` at `index`, and its length.
            func scalar(at index: Int) -> (isWhitespace: Bool, length: Int) {
                let (value, length) = FastText.decodeScalar(bytes, at: index)
                return (Unicode.Scalar(value)?.properties.isWhitespace ?? false, length)
            }
            func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }
            // Already collapsed: no white space but single spaces between other characters.
            var clean = true
            var index = 0
            var previousWasSpace = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 128 {
                    if byte == 32 {
                        if previousWasSpace { clean = false; break }
                        previousWasSpace = true
                    } else if isASCIIWhitespace(byte) {
                        clean = false; break
                    } else {
                        previousWasSpace = false
                    }
                    index += 1
                } else {
                    let (isWhitespace, length) = scalar(at: index)
                    if isWhitespace { clean = false; break }
                    previousWasSpace = false
                    index += length
                }
            }
            if clean && !(previousWasSpace && bytes.count > 0) { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingSpace = false
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    let length: Int
                    let isWhitespace: Bool
                    if byte < 128 {
                        (isWhitespace, length) = (isASCIIWhitespace(byte), 1)
                    } else {
                        (isWhitespace, length) = scalar(at: index)
                    }
                    if isWhitespace {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace { out[count] = 32; count += 1 }
                        for offset in 0..<length { out[count + offset] = bytes[index + offset] }
                        count += length
                        pendingSpace = false
                    }
                    index += length
                }
                return count
            }
        } ?? s
    }

}
