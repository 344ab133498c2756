/// The lines of a whole PDF document while `PDFDocumentReader` decides what each one is: every
/// stage settles some lines (a running head, a heading, figure text) and leaves the rest to the
/// next; what no stage claims is guidance, read into rules by `PDFMarkdownSplitter`.
struct DocumentLines {
    enum Role: Equatable {
        case blank
        /// Not claimed yet: guidance unless a later stage says otherwise.
        case content
        case heading
        case setAside(SetAsideReason)
        /// A line read as a rule of this kind whatever its words say (figure text, a glossary entry).
        case fixedKind(RuleKind)
    }

    /// Each line without its indentation or trailing white space.
    let raw: [Substring]
    var marked: [MarkedLine]
    var roles: [Role]
    /// Heading lines' paths, outermost first.
    var paths: [Int: [String]] = [:]
    var changeNotes: [ChangeNote] = []
    let stripper: MarkupStripper

    init(lines: [String], marked: [MarkedLine], stripper: MarkupStripper) {
        raw = lines.map { ChunkAlignment.trimmed($0) }
        self.marked = marked
        self.stripper = stripper
        roles = raw.map { $0.isEmpty ? .blank : .content }
    }

    var count: Int { raw.count }

    func isOpen(_ index: Int) -> Bool { roles[index] == .content }

    /// The clean words of a piece of raw Markdown (a table cell, a bold segment).
    func clean(_ markdown: some StringProtocol) -> String {
        stripper.mark(String(markdown).replacingOccurrences(of: "<br>", with: " "), number: 0).text
    }

    /// The index of the next non-blank line after `index`, if any.
    func nextNonBlank(after index: Int) -> Int? {
        var next = index + 1
        while next < count, roles[next] == .blank { next += 1 }
        return next < count ? next : nil
    }

    func previousNonBlank(before index: Int) -> Int? {
        var previous = index - 1
        while previous >= 0, roles[previous] == .blank { previous -= 1 }
        return previous >= 0 ? previous : nil
    }

    func isImage(_ index: Int) -> Bool { roles[index] == .setAside(.image) }

    /// A Markdown heading line (`#` to `######` then a space).
    func isHeadingMarkup(_ index: Int) -> Bool { marked[index].headingLevel > 0 }

    /// A row of a pipe table.
    func isTableRow(_ index: Int) -> Bool { raw[index].hasPrefix("|") }

    /// A line holding a link to a page anchor: tables of contents and cross-references.
    func linksToPage(_ index: Int) -> Bool { FastText.contains("](#page-", in: raw[index]) }

    /// Sets `role` on each line of `range` still open (or on every line when `overriding`).
    mutating func setAside(_ range: Range<Int>, _ reason: SetAsideReason, overriding: Bool = false) {
        for index in range where roles[index] == .content || (overriding && roles[index] != .blank) {
            roles[index] = .setAside(reason)
        }
    }
}

/// How titles are compared: letters and digits only, lowercased, so that glued words
/// ("Usersshould"), `<br>` breaks and punctuation do not keep a heading from its table of
/// contents entry.
enum TitleKey {
    static func of(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
            .lowercased()
    }

    /// "Metaphors 31" → "Metaphors": a table of contents entry's trailing page number dropped.
    static func withoutPageNumber(_ text: String) -> String {
        var words = text.split(separator: " ")
        while let last = words.last, last.allSatisfy(\.isNumber) { words.removeLast() }
        return words.joined(separator: " ")
    }
}
