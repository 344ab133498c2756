import Foundation

/// Front and back matter: what a book prints besides its guidance.
///
/// - Before the body (see `TableOfContents.bodyStart`): the title page (front matter), the
///   copyright and legal page (from its first `©`, "Copyright" or "Apple Inc." line), the table
///   of contents and the lists of figures and tables (from the `Contents` heading or the first
///   entry on).
/// - Chapters named for what they hold: a revision history (each dated row a `ChangeNote`), a
///   glossary (each entry a definition), an index.
/// - Legal pages printed at the back (2014 ends with its copyright page).
/// - Sections of document boilerplate: "Organization of This Document", "See Also" and the like.
/// - Inside the body, a list that only names other chapters with their pages
///   (`- ["Layout"](#page-29-0) (page 30)`): a table of contents of a part.
enum DocumentMatter {
    static func setAside(_ lines: inout DocumentLines, outline: DocumentOutline) {
        setAsideFront(&lines, before: outline.bodyStart)
        for (position, chapter) in outline.chapters.enumerated() {
            let end = position + 1 < outline.chapters.count ? outline.chapters[position + 1].line : lines.count
            let key = TitleKey.of(chapter.title)
            let body = (chapter.line + 1)..<end
            if key.hasSuffix("revisionhistory") || key == "changehistory" {
                setAsideLegal(&lines, in: body)
                readRevisionHistory(&lines, in: body)
            } else if key == "index" {
                lines.setAside(body, .index)
            } else if key == "glossary" {
                for index in body where lines.isOpen(index) && !lines.isTableRow(index) { lines.roles[index] = .fixedKind(.definition) }
            }
        }
        setAsideBoilerplateSections(&lines)
        setAsideUnchapteredIndex(&lines, outline: outline)
        for index in outline.bodyStart..<lines.count where lines.isOpen(index) && isPageList(lines, index) {
            lines.roles[index] = .setAside(.tableOfContents)
        }
    }

    private static func setAsideFront(_ lines: inout DocumentLines, before end: Int) {
        guard end > 0 else { return }
        let contents =
            (0..<end).first { index in
                lines.isOpen(index)
                    && (TitleKey.of(lines.marked[index].text) == "contents" && lines.isHeadingMarkup(index)
                        || lines.linksToPage(index) || lines.isTableRow(index))
            } ?? end
        let legal = (0..<contents).first { isLegalOpening(lines.marked[$0].text) } ?? contents
        lines.setAside(0..<legal, .frontMatter)
        lines.setAside(legal..<contents, .legalText)
        lines.setAside(contents..<end, .tableOfContents)
    }

    /// "Apple Inc. © 2008 Apple Inc. All rights reserved.", "© 2011 Apple Inc.", "Apple Inc.
    /// Copyright © 2014 ...": where a copyright page starts.
    static func isLegalOpening(_ text: String) -> Bool {
        text.hasPrefix("©") || text.hasPrefix("Apple Inc.") || text.hasPrefix("Copyright")
            || text.range(of: "all rights reserved", options: .caseInsensitive) != nil
    }

    /// A copyright page inside back matter runs from its opening line to the next heading.
    private static func setAsideLegal(_ lines: inout DocumentLines, in range: Range<Int>) {
        guard let start = range.first(where: { lines.isOpen($0) && isLegalOpening(lines.marked[$0].text) }) else { return }
        let end = (start..<range.upperBound).first { lines.roles[$0] == .heading } ?? range.upperBound
        lines.setAside(start..<end, .legalText)
    }

    /// `| 2008-11-21 | Expanded guidelines for using sound ... |`: one change note per dated row;
    /// the rest of the chapter (its sentence of introduction, the table's header) is the same
    /// history.
    private static func readRevisionHistory(_ lines: inout DocumentLines, in range: Range<Int>) {
        for index in range where lines.isOpen(index) {
            lines.roles[index] = .setAside(.changeLog)
            guard lines.isTableRow(index) else { continue }
            let cells = lines.raw[index].split(separator: "|").map { lines.clean($0) }.filter { !$0.isEmpty }
            guard cells.count >= 2, let date = isoDate(cells[0]) else { continue }
            lines.changeNotes.append(
                ChangeNote(lineStart: index + 1, lineEnd: index + 1, date: date, text: cells.dropFirst().joined(separator: " ")))
        }
    }

    /// `2008-11-21`, `2008-11` or `2008`, as the row gives it.
    static func isoDate(_ cell: String) -> String? {
        let parts = cell.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return cell
    }

    /// Document boilerplate sections (`TitleKey`s): they describe the book, not the interface.
    static let boilerplateSections: Set<String> = [
        "organizationofthisdocument", "seealso", "howtousethisdocument", "conventionsusedinthisdocument",
        "whoshouldreadthisdocument",
    ]

    /// The heading of a boilerplate section and its lines, to the next heading.
    private static func setAsideBoilerplateSections(_ lines: inout DocumentLines) {
        var inside = false
        for index in 0..<lines.count {
            if lines.roles[index] == .heading {
                inside = boilerplateSections.contains(TitleKey.of(lines.marked[index].text))
                if inside {
                    lines.roles[index] = .setAside(.frontMatter)
                    lines.paths[index] = nil
                }
            } else if inside {
                lines.setAside(index..<(index + 1), .frontMatter)
            }
        }
    }

    /// An index whose heading the outline read as a section of the last chapter (the 1992 and
    /// 1995 Macintosh HIG, Newton 1996, the Mac OS X editions of 2005-2008): from the last "Index"
    /// heading, in the second half of the document, to the next chapter, or to the first heading
    /// after it that is no index heading (letters, "I, J", or an entry with its pages that the
    /// conversion made a heading: `#### I, J I-beam pointer 270 icon families 234–236`). The
    /// "Index" heading itself stays a heading; the headings inside are set aside with the rest.
    private static func setAsideUnchapteredIndex(_ lines: inout DocumentLines, outline: DocumentOutline) {
        let chapterLines = Set(outline.chapters.map(\.line))
        guard
            let start = (max(outline.bodyStart, lines.count / 2)..<lines.count).last(where: { index in
                lines.roles[index] == .heading && !chapterLines.contains(index) && TitleKey.of(lines.marked[index].text) == "index"
            })
        else { return }
        var index = start + 1
        while index < lines.count && !chapterLines.contains(index) {
            if lines.roles[index] == .heading {
                guard isIndexHeading(lines.marked[index].text) else { break }
                lines.roles[index] = .setAside(.index)
                lines.paths[index] = nil
            } else {
                lines.setAside(index..<(index + 1), .index)
            }
            index += 1
        }
    }

    /// "A", "I, J", "Ζ" (letters alone), or an entry with a page number of two digits or more
    /// ("I-beam pointer 270", "icon families 234–236", "inserting 107."), not a title such as
    /// "Mac OS 8 Human Interface Guidelines" or "In Practice".
    static func isIndexHeading(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        let lettersAlone = words.allSatisfy { word in
            let letters = word.filter { $0 != "," }
            return (1...2).contains(letters.count) && letters.allSatisfy(\.isLetter)
        }
        return !words.isEmpty && lettersAlone
            || words.contains { word in word.prefix { $0.isNumber }.count >= 2 && word.allSatisfy { $0.isNumber || ",.–-".contains($0) } }
    }

    /// `- ["Designing](#page-8-0) for iOS 7" (page 9)`, `**Relevant Chapters:** "App Design
    /// [Strategies"](#page-24-0) (page 25) and ...`: a line that only names chapters and their
    /// pages (after a label ending in a colon, if any).
    static func isPageList(_ lines: DocumentLines, _ index: Int) -> Bool {
        guard lines.linksToPage(index) else { return false }
        var rest = Substring(lines.marked[index].text)
        if let lead = lines.marked[index].boldLead, lead.hasSuffix(":"), rest.hasPrefix(lead) { rest = rest.dropFirst(lead.count) }
        var named = 0
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "." || $0 == ";" }
            if rest.hasPrefix("and ") { rest = rest.dropFirst(4); continue }
            guard let open = rest.first, open == "\"" || open == "“" else { break }
            guard let close = rest.dropFirst().firstIndex(where: { $0 == "\"" || $0 == "”" }) else { return false }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
            guard rest.hasPrefix("(page "), let end = rest.firstIndex(of: ")") else { return false }
            rest = rest[rest.index(after: end)...]
            named += 1
        }
        return named > 0 && rest.isEmpty
    }
}
