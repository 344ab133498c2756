/// The document's own table of contents, read as evidence of its outline: which titles are
/// chapters (and parts), and which titles are entries at all.
///
/// The conversions print it in three forms, often mixed in one document: `<br>` tables whose
/// rows carry a `Chapter N` cell; runs of links to page anchors (`Table [Views](#page-76-1) 77`);
/// and bold or heading entries for chapters (`#### **Chapter 8 Table [Views,](#page-76-0) ... 77**`,
/// `### **UI [Design](#page-7-0) Basics** 8`, `**[Bars](#page-142-0)** 143`).
struct TableOfContents {
    /// The first line of the body: the first heading that carries a page anchor and is not an
    /// entry of the table of contents itself.
    var bodyStart = 0
    /// `TitleKey`s of the titles the table of contents marks as chapters or parts.
    var chapterTitles = Set<String>()
    /// `TitleKey`s of every entry.
    var entryTitles = Set<String>()

    init(_ lines: DocumentLines) {
        bodyStart =
            (0..<lines.count).first { index in
                lines.isHeadingMarkup(index) && FastText.contains("<span id=\"page-", in: lines.raw[index]) && !lines.linksToPage(index)
                    && lines.isOpen(index)
            } ?? 0
        for index in 0..<bodyStart where lines.roles[index] != .blank {
            if lines.isTableRow(index) {
                readRow(lines, index)
            } else if lines.linksToPage(index) {
                readLinkLine(lines, index)
            }
        }
    }

    /// `| Chapter 7 | Alerts,<br>Action | Sheets,<br>and<br>Modal<br>Views<br>69 |`: the cells
    /// after the label make the title (the table split it), the page number closes it.
    private mutating func readRow(_ lines: DocumentLines, _ index: Int) {
        let cells = lines.raw[index].split(separator: "|").map { lines.clean($0) }.filter { !$0.isEmpty }
        for cell in cells { addEntries(cell) }
        guard let label = cells.firstIndex(where: Self.isChapterLabel) else { return }
        var rest = cells
        rest.remove(at: label)
        let title = TitleKey.withoutPageNumber(rest.joined(separator: " "))
        if !title.isEmpty, !rest.contains(where: { $0.hasPrefix("Figure") || $0.hasPrefix("Table") }) {
            chapterTitles.insert(TitleKey.of(title))
        }
    }

    /// Entries as links; a bold entry (or one on a heading line) is a chapter's or a part's.
    private mutating func readLinkLine(_ lines: DocumentLines, _ index: Int) {
        addEntries(lines.marked[index].text)
        let raw = lines.raw[index]
        for segment in Self.boldSegments(raw) where FastText.contains("](#page-", in: segment) {
            // The page number is inside the bold on a heading line (`**Chapter 8 ... 77**`),
            // outside it elsewhere (`**[Designing](#page-8-0) for iOS 7** 9`): both readings count.
            let title = Self.withoutChapterLabel(lines.clean(segment))
            for reading in [title, TitleKey.withoutPageNumber(title)] where !reading.isEmpty {
                chapterTitles.insert(TitleKey.of(reading))
            }
        }
    }

    /// "Multitasking 71 Printing 73 iAd Rich Media Ads 74": each page number closes an entry.
    private mutating func addEntries(_ text: String) {
        var words: [Substring] = []
        for word in text.split(separator: " ") {
            if word.allSatisfy(\.isNumber) {
                if !words.isEmpty { entryTitles.insert(TitleKey.of(Self.withoutChapterLabel(words.joined(separator: " ")))) }
                words = []
            } else {
                words.append(word)
            }
        }
        if !words.isEmpty { entryTitles.insert(TitleKey.of(Self.withoutChapterLabel(words.joined(separator: " ")))) }
    }

    /// "Chapter 7", "Part II", "Appendix A".
    static func isChapterLabel(_ cell: String) -> Bool {
        let words = cell.split(separator: " ")
        guard words.count == 2, let first = words.first?.lowercased() else { return false }
        return ["chapter", "part", "appendix"].contains(first)
    }

    /// "Chapter 8 Table Views, Text Views, and Web Views" → "Table Views, Text Views, and Web Views".
    static func withoutChapterLabel(_ title: String) -> String {
        let words = title.split(separator: " ", maxSplits: 2)
        guard words.count == 3, isChapterLabel(words[0] + " " + words[1]) else { return title }
        return String(words[2])
    }

    /// The texts between `**` pairs of a line.
    static func boldSegments(_ raw: Substring) -> [Substring] {
        var segments: [Substring] = []
        var rest = raw[...]
        while let open = rest.range(of: "**"), let close = rest[open.upperBound...].range(of: "**") {
            segments.append(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return segments
    }
}
