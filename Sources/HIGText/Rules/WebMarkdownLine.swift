/// What one line of web Markdown opens, read from its first characters: a heading, a list item,
/// a quote, a table row, an image alone, a code fence, a line of markup only, or paragraph text.
struct WebMarkdownLine {
    enum Kind: Equatable {
        case blank
        case heading(level: Int, raw: String)
        case listItem(content: String)
        case quote(content: String)
        case tableRow
        case image(raw: String)
        case fence(marker: String)
        case thematicBreak
        /// HTML tags or comments with no words, or a link reference definition.
        case markupOnly
        case paragraph
    }

    /// Leading spaces (a tab counts as four).
    let indent: Int
    /// The line without its indent and trailing white space.
    let content: String
    let kind: Kind

    init(_ raw: String) {
        var indent = 0
        var rest = Substring(raw)
        while let first = rest.first, first == " " || first == "\t" {
            indent += first == "\t" ? 4 : 1
            rest = rest.dropFirst()
        }
        while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
        self.indent = indent
        content = String(rest)
        kind = Self.kind(of: rest)
    }

    static func isBlank(_ raw: String) -> Bool { raw.allSatisfy(\.isWhitespace) }

    private static func kind(of s: Substring) -> Kind {
        guard let first = s.first else { return .blank }
        switch first {
        case "#":
            let hashes = s.prefix(while: { $0 == "#" }).count
            let rest = s.dropFirst(hashes)
            if hashes <= 6, rest.isEmpty || rest.first == " " {
                var text = rest.drop(while: { $0 == " " })
                // A closing run of #s (`## Title ##`) is markup too.
                let closing = text.reversed().prefix(while: { $0 == "#" }).count
                if closing > 0, closing < text.count, text.dropLast(closing).last == " " { text = text.dropLast(closing) }
                return .heading(level: hashes, raw: String(text))
            }
        case ">":
            var content = s.dropFirst()
            if content.first == " " { content = content.dropFirst() }
            return .quote(content: String(content))
        case "|":
            return .tableRow
        case "`", "~":
            let run = s.prefix(while: { $0 == first })
            if run.count >= 3 { return .fence(marker: String(run)) }
        case "!":
            if isImageAlone(s) { return .image(raw: String(s)) }
        case "<":
            if WebMarkdownInline.clean(s).isEmpty { return .markupOnly }
        case "[":
            if isLinkDefinition(s) { return .markupOnly }
        default:
            break
        }
        if isThematicBreak(s) { return .thematicBreak }
        if let content = listItemContent(s) { return .listItem(content: content) }
        return .paragraph
    }

    /// `---`, `***`, `___`, `- - -`: three or more of one mark and spaces.
    static func isThematicBreak(_ s: Substring) -> Bool {
        guard let mark = s.first, mark == "-" || mark == "*" || mark == "_" else { return false }
        return s.allSatisfy { $0 == mark || $0 == " " } && s.filter({ $0 == mark }).count >= 3
    }

    /// The words after a bullet (`-`, `*`, `+`, `•`) or a number (`1.`, `2)`) and a space.
    static func listItemContent(_ s: Substring) -> String? {
        guard let first = s.first else { return nil }
        if "-*+•".contains(first) {
            let rest = s.dropFirst()
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            return String(rest.drop(while: { $0 == " " || $0 == "\t" }))
        }
        let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
        guard (1...9).contains(digits.count) else { return nil }
        let rest = s.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " else { return nil }
        return String(after.drop(while: { $0 == " " }))
    }

    /// The underline of a setext heading: `===` (level 1) or `---` (level 2).
    static func setextLevel(_ raw: String) -> Int? {
        let line = WebMarkdownLine(raw)
        guard line.indent <= 3, let first = line.content.first, first == "=" || first == "-",
            line.content.allSatisfy({ $0 == first })
        else { return nil }
        return first == "=" ? 1 : 2
    }

    /// `![alt](target)` and nothing else on the line.
    private static func isImageAlone(_ s: Substring) -> Bool {
        guard s.hasPrefix("!["), s.hasSuffix(")") else { return false }
        // The alt text ends at the first "](", and the target runs to the line's end.
        guard let middle = s.range(of: "](") else { return false }
        return !s[middle.upperBound...].contains(" ")
    }

    /// `[label]: target`.
    private static func isLinkDefinition(_ s: Substring) -> Bool {
        guard let close = s.firstIndex(of: "]") else { return false }
        let after = s[s.index(after: close)...]
        return after.hasPrefix(":") && after.dropFirst().contains { !$0.isWhitespace }
    }
}
