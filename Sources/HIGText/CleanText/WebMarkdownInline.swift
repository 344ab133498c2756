/// The words of one piece of web Markdown (a paragraph's lines, a list item, a table cell)
/// without its inline markup: emphasis (`**`, `*`, `__`, `_`), code spans, inline and reference
/// links and images (their words kept, their addresses dropped), HTML tags and comments, entities
/// (`&amp;` is "&") and backslash escapes (`\*` is "*").
///
/// One pass over the scalars, in the spirit of CommonMark: a run of `*` is emphasis when it
/// flanks words (so "5 * 3" keeps its asterisk), a run of `_` when it flanks words and has its
/// partner (so `snake_case` and `alert(_:)` keep their underscores), a link's target
/// may hold balanced parentheses (`alert(_:isPresented:)`), and a code span's words are taken as
/// they are written.
enum WebMarkdownInline {
    /// The clean words of `text`: markup removed, white space collapsed.
    static func clean(_ text: some StringProtocol) -> String {
        let plain = String(text)
        // Most lines of a page hold no markup at all: told on their bytes.
        if !FastText.containsByte(in: plain, where: { markupBytes.contains($0) }) {
            return MarkupStripper.collapseWhitespace(plain)
        }
        let scalars = Array(plain.unicodeScalars)
        var out = ScalarOutput(capacity: plain.utf8.count)
        render(scalars, scalars.startIndex, scalars.endIndex, into: &out)
        return MarkupStripper.collapseWhitespace(out.string)
    }

    /// The words of a leading `**bold**` (or `__bold__`) run, cleaned, when `text` opens with one.
    ///
    /// Read on the bytes: every mark it looks for is ASCII, and UTF-8 never repeats an ASCII
    /// byte inside another scalar. Copying each paragraph's scalars first cost more than the
    /// rest of this test.
    static func boldLead(_ text: some StringProtocol) -> String? {
        let bytes = Array(text.utf8.drop(while: { $0 == 32 || $0 == 9 }))
        guard bytes.count > 4, bytes[0] == bytes[1], bytes[0] == UInt8(ascii: "*") || bytes[0] == UInt8(ascii: "_") else {
            return nil
        }
        let mark = bytes[0]
        return bytes.withUnsafeBufferPointer { bytes -> String? in
            var index = 2
            while index + 1 < bytes.count {
                // An escape: the escaped scalar's other bytes, if any, are no mark.
                if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
                if bytes[index] == mark, bytes[index + 1] == mark, !isWhitespace(endingBefore: index, in: bytes) {
                    let words = clean(String(decoding: bytes[2..<index], as: UTF8.self))
                    return words.isEmpty ? nil : words
                }
                index += 1
            }
            return nil
        }
    }

    /// Whether the scalar whose bytes end just before `end` is white space.
    private static func isWhitespace(endingBefore end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let value = FastText.decodeScalar(bytes, at: start).value
        return Unicode.Scalar(value)?.properties.isWhitespace ?? false
    }

    // MARK: - The pass

    private static func render(_ s: [Unicode.Scalar], _ start: Int, _ end: Int, into out: inout ScalarOutput) {
        let underscores = s[start..<end].contains("_") ? pairedUnderscores(s, start, end) : []
        let range = s[start..<end]
        let partners = range.contains("[") || range.contains("`") ? InlinePartners(s, start, end) : InlinePartners()
        let lastClose = s[start..<end].lastIndex(of: ">") ?? -1
        var index = start
        while index < end {
            let c = s[index]
            switch c {
            case "\\" where index + 1 < end && isASCIIPunctuation(s[index + 1]):
                out.append(s[index + 1])
                index += 2
            case "`":
                index = codeSpan(s, at: index, partners, into: &out)
            case "!" where index + 1 < end && s[index + 1] == "[":
                if let link = link(s, at: index + 1, end: end, partners) {
                    render(s, link.words.lowerBound, link.words.upperBound, into: &out)
                    index = link.end
                } else {
                    out.append(c)
                    index += 1
                }
            case "[":
                if let link = link(s, at: index, end: end, partners) {
                    render(s, link.words.lowerBound, link.words.upperBound, into: &out)
                    index = link.end
                } else {
                    out.append(c)
                    index += 1
                }
            case "<":
                index = tag(s, at: index, end: end, lastClose: lastClose, into: &out)
            case "&":
                index = entity(s, at: index, end: end, into: &out)
            case "*", "_":
                var runEnd = index
                while runEnd < end, s[runEnd] == c { runEnd += 1 }
                let isMarkup = c == "*" ? isEmphasis(s, run: index..<runEnd, start: start, end: end) : underscores.contains(index)
                if !isMarkup {
                    out.append(contentsOf: s[index..<runEnd])
                }
                index = runEnd
            default:
                out.append(c)
                index += 1
            }
        }
    }

    /// A run of `*` that opens or closes emphasis (CommonMark's flanking rules): any such run is
    /// markup, paired or not, so that no stray `**` is left in the words.
    private static func isEmphasis(_ s: [Unicode.Scalar], run: Range<Int>, start: Int, end: Int) -> Bool {
        let (canOpen, canClose) = flanking(s, run: run, start: start, end: end)
        return canOpen || canClose
    }

    /// Whether a run of `*` or `_` may open and may close emphasis.
    private static func flanking(_ s: [Unicode.Scalar], run: Range<Int>, start: Int, end: Int) -> (Bool, Bool) {
        let before: Unicode.Scalar? = run.lowerBound > start ? s[run.lowerBound - 1] : nil
        let after: Unicode.Scalar? = run.upperBound < end ? s[run.upperBound] : nil
        func isSpace(_ x: Unicode.Scalar?) -> Bool { x.map { $0.properties.isWhitespace } ?? true }
        func isPunctuation(_ x: Unicode.Scalar?) -> Bool {
            guard let x else { return false }
            return isASCIIPunctuation(x) || x.properties.generalCategory.isPunctuation
        }
        let leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
        let rightFlanking = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
        if s[run.lowerBound] == "*" { return (leftFlanking, rightFlanking) }
        return (
            leftFlanking && (!rightFlanking || isPunctuation(before)),
            rightFlanking && (!leftFlanking || isPunctuation(after))
        )
    }

    /// The starts of the `_` runs that open or close emphasis and have their partner: an
    /// underscore with none (`alert(_:isPresented:)`) is a character of the words.
    private static func pairedUnderscores(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Set<Int> {
        var paired = Set<Int>()
        var openers: [Int] = []
        var index = start
        while index < end {
            guard s[index] == "_" else { index += 1; continue }
            var runEnd = index
            while runEnd < end, s[runEnd] == "_" { runEnd += 1 }
            let (canOpen, canClose) = flanking(s, run: index..<runEnd, start: start, end: end)
            if canClose, let opener = openers.popLast() {
                paired.insert(opener)
                paired.insert(index)
            } else if canOpen {
                openers.append(index)
            }
            index = runEnd
        }
        return paired
    }

    /// A code span's words, as written; a run of backticks with no partner is backticks of the
    /// words, as CommonMark reads it (`Grave accent (`)`, the key).
    private static func codeSpan(
        _ s: [Unicode.Scalar], at index: Int, _ partners: InlinePartners, into out: inout ScalarOutput
    ) -> Int {
        var runEnd = index
        while runEnd < s.count, s[runEnd] == "`" { runEnd += 1 }
        guard let close = partners.backticks[index] else {
            out.append(contentsOf: s[index..<runEnd])
            return runEnd
        }
        out.append(contentsOf: s[runEnd..<close])
        return close + (runEnd - index)
    }

    /// `[words](target "title")`, `[words][label]`, `[words][]` starting at the `[`: the range of
    /// the words and the index after the link, or nil when no link starts there.
    private static func link(
        _ s: [Unicode.Scalar], at open: Int, end: Int, _ partners: InlinePartners
    ) -> (words: Range<Int>, end: Int)? {
        guard let close = partners.brackets[open], close + 1 < end else { return nil }
        let words = (open + 1)..<close
        if s[close + 1] == "(", let targetEnd = partners.parentheses[close + 1] {
            return (words, targetEnd + 1)
        }
        if s[close + 1] == "[", let labelEnd = partners.brackets[close + 1] {
            return (words, labelEnd + 1)
        }
        return nil
    }

    /// An HTML comment or tag (dropped, as a space), an autolink (its address kept), or a "<".
    private static func tag(
        _ s: [Unicode.Scalar], at index: Int, end: Int, lastClose: Int, into out: inout ScalarOutput
    ) -> Int {
        guard index + 1 < end else { out.append("<"); return index + 1 }
        if s[index + 1] == "!", index + 3 < end, s[index + 2] == "-", s[index + 3] == "-" {
            var search = index + 4
            while search + 2 < end {
                if s[search] == "-", s[search + 1] == "-", s[search + 2] == ">" { return search + 3 }
                search += 1
            }
            return end
        }
        let next = s[index + 1]
        // Only a ">" still ahead can close a tag: a line of many unclosed "<a" stays linear.
        guard next.properties.isAlphabetic || next == "/", lastClose > index,
            let close = s[(index + 1)..<end].firstIndex(of: ">")
        else {
            out.append("<")
            return index + 1
        }
        let inside = String(String.UnicodeScalarView(s[(index + 1)..<close]))
        if inside.hasPrefix("http://") || inside.hasPrefix("https://") || inside.hasPrefix("mailto:") {
            out.append(contentsOf: inside.unicodeScalars)
        } else {
            out.append(" ")
        }
        return close + 1
    }

    /// `&amp;`, `&#39;`, `&#x2019;` and the other entities converters leave, as the character they
    /// stand for; an "&" that starts none stays.
    private static func entity(_ s: [Unicode.Scalar], at index: Int, end: Int, into out: inout ScalarOutput) -> Int {
        let limit = min(end, index + 12)
        guard let semicolon = s[(index + 1)..<limit].firstIndex(of: ";"), semicolon > index + 1 else {
            out.append("&")
            return index + 1
        }
        let name = String(String.UnicodeScalarView(s[(index + 1)..<semicolon]))
        var value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
            value = UInt32(name.dropFirst())
        } else {
            value = namedEntities[name]
        }
        guard let value, let scalar = Unicode.Scalar(value) else {
            out.append("&")
            return index + 1
        }
        out.append(scalar == "\u{A0}" ? " " : scalar)
        return semicolon + 1
    }

    /// The bytes that open inline markup; a text with none of them is its own words.
    private static let markupBytes: Set<UInt8> = Set("\\`![<&*_".utf8)

    static let namedEntities: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0, "mdash": 0x2014,
        "ndash": 0x2013, "hellip": 0x2026, "lsquo": 0x2018, "rsquo": 0x2019, "ldquo": 0x201C, "rdquo": 0x201D,
        "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "bull": 0x2022, "middot": 0xB7, "times": 0xD7,
    ]

    static func isASCIIPunctuation(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (0x21...0x2F ~= c.value || 0x3A...0x40 ~= c.value || 0x5B...0x60 ~= c.value || 0x7B...0x7E ~= c.value)
    }
}

private extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
