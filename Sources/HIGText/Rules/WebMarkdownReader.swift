/// Reads a web page converted to Markdown (form `web-markdown`): the pages of the web HIG and
/// pages other converters made.
///
/// - `# Title` is the page's title and the first element of every heading path; headings nest
///   by level, and a heading made of platform names (`### iOS, iPadOS`) narrows the platforms of
///   what it holds.
/// - Paragraphs and list items are rules; a `**bold lead**` is the rule's title, and a bold lead
///   that is a sentence makes its paragraph a guideline (`isGuidanceLead`); a list's lead-in
///   paragraph is the parent of its items, an item the parent of the items nested under it, and a
///   bold lead with no words after it the parent of the paragraphs that follow it. A paragraph
///   opening with "For example," and the like is the explanation of the paragraph right above.
/// - The italic line right under the title is the page's abstract: a rule of kind context (it
///   describes the subject, and is what index pages quote for the page).
/// - `> **Note**` asides (Note, Important, Tip, Developer note) are rules of kind note titled by
///   their label, except the note right under the title: Apple's note of the page's last change,
///   set aside with the change log (and a change note when the log does not already hold it).
/// - An image alone on its line is a figure (its alt text; the caption under it is its title).
/// - Pipe tables: `WebMarkdownReader+Tables.swift`.
/// - Set aside: the breadcrumb, `---`, `*Source: URL*` and other markup-only lines (converter
///   chrome), "Resources" and "Change log" sections (with their headings), "No additional
///   considerations for ..." and "Not supported in ..." (platform notes: the platforms a page's
///   subject is not supported in are taken out of all its rules' platforms), and lists of links to
///   pages (`- [Alerts](Alerts.md) — ...`: tables of contents).
struct WebMarkdownReader {
    let platforms: [String]

    func read(_ lines: [String]) -> SourceReading {
        let blocks = WebMarkdownBlock.blocks(lines)
        var walk = Walk(platforms: Self.supported(platforms, byPageWith: blocks))
        for block in blocks { walk.take(block) }
        return walk.finish()
    }

    /// The platforms a page's guidance is for: the edition's, less those its platform note says
    /// the page's subject is "Not supported in" (`*No additional considerations for macOS. Not
    /// supported in watchOS.*` under "Platform considerations": tab bars do not exist on watchOS,
    /// so no rule of the page is watchOS guidance). The note comes last on the page, so it is
    /// read before the walk. A note that would leave no platform is not applied.
    static func supported(_ platforms: [String], byPageWith blocks: [WebMarkdownBlock]) -> [String] {
        var unsupported = Set<String>()
        // Cleaning every paragraph of a page twice costs a tenth of the import: only a paragraph
        // holding the note's words can be the note.
        for case .paragraph(_, _, let raw) in blocks where FastText.contains("supported", in: raw) {
            let text = WebMarkdownInline.clean(raw)
            guard Walk.isPlatformNote(text) else { continue }
            for sentence in text.split(separator: ".") {
                let sentence = sentence.trimmingCharacters(in: .whitespaces)
                if sentence.hasPrefix("Not supported in ") { unsupported.formUnion(Platforms.mentioned(in: sentence)) }
            }
        }
        let kept = platforms.filter { !unsupported.contains($0) }
        return kept.isEmpty ? platforms : kept
    }

    /// The state of one reading, block after block.
    struct Walk {
        let platforms: [String]
        var reading = SourceReading()
        var builder = RuleBuilder()
        /// The headings the next block sits under, outermost first (the title, at level 1, first).
        var headings: [(level: Int, text: String)] = []
        var scope: [String]
        var zone = Zone.guidance
        /// Right after the title: the abstract and the change note may come.
        var opening = false
        /// The paragraph a list that follows belongs to.
        var listOwner: Int?
        /// Items of the list being read, innermost last.
        var items: [(indent: Int, ordinal: Int)] = []
        /// A bold lead with no words after it: the parent of the paragraphs that follow.
        var openLead: Int?
        /// The paragraph rule the previous block was, which a "For example," paragraph extends.
        var previousParagraph: Int?
        var openingNote: ChangeNote?
        /// The date alone on a page's first line, whose change words open the title heading.
        var pendingBannerDate: (date: String, line: Int)?
        /// An aside's label alone on its line (`Note`), whose words are the paragraph after it.
        var pendingAside: (label: String, line: Int)?

        enum Zone { case guidance, resources, changeLog }

        init(platforms: [String]) {
            self.platforms = platforms
            scope = platforms
        }

        var section: String? { headings.isEmpty ? nil : headings.map(\.text).joined(separator: SectionHeading.separator) }

        mutating func setAside(_ first: Int, _ last: Int, _ reason: SetAsideReason) {
            reading.setAside(first, last, reason)
        }

        mutating func take(_ block: WebMarkdownBlock) {
            if let aside = pendingAside, !(zone == .guidance && Self.isParagraph(block)) {
                pendingAside = nil
                setAside(aside.line, aside.line, .converterChrome)
            }
            if case .heading(let level, let raw, let line, let underline) = block {
                let text = WebMarkdownInline.clean(raw)
                if opening, zone == .guidance, Self.isSentenceHeading(text) {
                    opening = false
                    abstractHeading(raw, line: line)
                    if let underline { setAside(underline, underline, .converterChrome) }
                    return
                }
                heading(level: level, text: text, line: line, underline: underline)
                return
            }
            // The page's closing `---` and `*Source: URL*` follow its last section.
            if case .markup(let first, let last) = block {
                setAside(first, last, .converterChrome)
                return
            }
            if case .paragraph(let first, let last, let raw) = block, let url = Self.sourceAddress(raw) {
                reading.url = reading.url ?? url
                setAside(first, last, .converterChrome)
                return
            }
            switch zone {
            case .resources:
                setAside(block.first, block.last, .resources)
                return
            case .changeLog:
                changeLog(block)
                return
            case .guidance:
                break
            }
            let wasOpening = opening
            opening = false
            var paragraph: Int?
            switch block {
            case .heading: break
            case .paragraph(let first, let last, let raw):
                paragraph =
                    Self.holdsInlinePieces(raw)
                    ? paragraphWithPieces(first, last, raw, opening: wasOpening)
                    : self.paragraph(first, last, raw, opening: wasOpening)
            case .listItem(let first, let last, let indent, let raw):
                listItem(first, last, indent, raw)
            case .quote(let first, let last, let raw):
                quote(first, last, raw, opening: wasOpening)
            case .table(let rows):
                table(rows)
            case .image(let line, let raw, let caption, let captionRaw):
                image(line, raw, caption, captionRaw)
            case .code(let first, let last, let raw):
                let text = MarkupStripper.collapseWhitespace(raw.joined(separator: " "))
                builder.add(
                    marked(first, text), title: nil, parent: listOwner, section: section, page: nil,
                    platforms: scope, lineEnd: last, kind: .context)
            case .markup(let first, let last):
                setAside(first, last, .converterChrome)
            }
            if case .listItem = block {} else { items = [] }
            previousParagraph = paragraph
        }

        mutating func heading(level written: Int, text: String, line: Int, underline: Int?) {
            var text = text
            let level = nestingLevel(written, text)
            opening = false
            listOwner = nil
            openLead = nil
            items = []
            previousParagraph = nil
            while let last = headings.last, last.level >= level { headings.removeLast() }
            if headings.isEmpty, written == 1, reading.title == nil {
                text = Self.titleFromFileName(text) ?? titleAfterBanner(text, line: line)
                reading.title = text
                opening = true
            }
            headings.append((level, text))
            // The zone is named by the heading right under the title ("## Resources").
            let named = headings.count >= 2 ? headings[1].text.lowercased() : ""
            zone = named == "resources" ? .resources : named == "change log" ? .changeLog : .guidance
            scope = headings.reversed().lazy.compactMap { Platforms.heading($0.text) }.first ?? platforms
            switch zone {
            case .resources: setAside(line, underline ?? line, .resources)
            case .changeLog: setAside(line, underline ?? line, .changeLog)
            case .guidance:
                reading.headings.append(SectionHeading(line: line, path: headings.map(\.text)))
                if let underline { setAside(underline, underline, .converterChrome) }
            }
        }

        /// A line as the rule builder takes it.
        func marked(_ number: Int, _ text: String, boldLead: String? = nil) -> MarkedLine {
            var line = MarkedLine(number: number)
            line.text = text
            line.boldLead = boldLead
            return line
        }

        /// A bold lead as a title: without the period or colon that ends it.
        static func title(_ lead: String?) -> String? {
            guard var lead else { return nil }
            if let last = lead.last, last == "." || last == ":" { lead.removeLast() }
            return lead.isEmpty ? nil : lead
        }

        mutating func paragraph(_ first: Int, _ last: Int, _ raw: String, opening: Bool) -> Int? {
            let text = WebMarkdownInline.clean(raw)
            if text.isEmpty {
                setAside(first, last, .converterChrome)
                return nil
            }
            if bannerDate(first, last, text) { return nil }
            if reading.title == nil, reading.headings.isEmpty, FastText.contains("›", in: text) || FastText.contains(" > ", in: text) {
                setAside(first, last, .converterChrome)  // the breadcrumb
                return nil
            }
            if let aside = pendingAside {
                pendingAside = nil
                return builder.add(
                    marked(aside.line, text), title: aside.label, parent: nil, section: section, page: nil, platforms: scope,
                    lineEnd: last, kind: .note)
            }
            let lead = WebMarkdownInline.boldLead(raw)
            if lead == nil, Self.isAsideLabel(text) {
                pendingAside = (text, first)
                return nil
            }
            if Self.isPlatformNote(text) {
                setAside(first, last, .platformNote)
                return nil
            }
            if opening, Self.isItalic(raw) {
                // The abstract: the change note may still follow it.
                self.opening = true
                return builder.add(
                    marked(first, text), title: nil, parent: nil, section: section, page: nil,
                    platforms: scope, lineEnd: last, kind: .context)
            }
            if lead == nil, RuleBuilder.continues(text), let previous = previousParagraph, previous == builder.last?.ordinal {
                builder.extendLast(with: marked(last, text))
                return previous
            }
            let ordinal = builder.add(
                marked(first, text, boldLead: lead), title: Self.title(lead), parent: lead == nil ? openLead : nil,
                section: section, page: nil, platforms: scope, lineEnd: last,
                kind: lead.map(Self.isGuidanceLead) == true ? .guideline : nil)
            if let lead { openLead = text.count <= lead.count + 1 ? ordinal : nil }
            listOwner = ordinal
            return ordinal
        }

        mutating func listItem(_ first: Int, _ last: Int, _ indent: Int, _ raw: String) {
            var content = WebMarkdownLine.listItemContent(Substring(WebMarkdownLine(raw).content)) ?? raw
            if Self.holdsInlinePieces(content) {
                // Controls (`[iOS](#)`, a tab) are no words; an image in an item is read as the item's words.
                content = Self.inlinePieces(content).map {
                    switch $0 {
                    case .words(let words): return words
                    case .image(let alt): return Self.isAddress(alt) ? "" : alt
                    case .card: return ""
                    }
                }.joined()
            }
            if Self.isPageLink(content) {
                setAside(first, last, .tableOfContents)
                return
            }
            let text = WebMarkdownInline.clean(content)
            guard !text.isEmpty else {
                setAside(first, last, .converterChrome)
                return
            }
            while let top = items.last, top.indent >= indent { items.removeLast() }
            let lead = WebMarkdownInline.boldLead(content)
            let ordinal = builder.add(
                marked(first, text, boldLead: lead), title: Self.title(lead), parent: items.last?.ordinal ?? listOwner,
                section: section, page: nil, platforms: scope, lineEnd: last)
            items.append((indent, ordinal))
        }

        mutating func image(_ line: Int, _ raw: String, _ caption: Int?, _ captionRaw: String?) {
            let alt = Self.isAddress(Self.altText(raw)) ? "" : WebMarkdownInline.clean(raw)
            let captionText = captionRaw.map(WebMarkdownInline.clean) ?? ""
            guard !alt.isEmpty || !captionText.isEmpty else {
                setAside(line, caption ?? line, .image)
                return
            }
            builder.add(
                marked(line, alt.isEmpty ? captionText : alt), title: alt.isEmpty || captionText.isEmpty ? nil : captionText,
                parent: nil, section: section, page: nil, platforms: scope, lineEnd: caption ?? line, kind: .figure)
        }

        static func isParagraph(_ block: WebMarkdownBlock) -> Bool {
            if case .paragraph = block { return true }
            return false
        }

        mutating func finish() -> SourceReading {
            if let aside = pendingAside { setAside(aside.line, aside.line, .converterChrome) }
            if let note = openingNote, !reading.changeNotes.contains(where: { $0.text.lowercased() == note.text.lowercased() }) {
                reading.changeNotes.append(note)
                reading.changeNotes.sort { $0.lineStart < $1.lineStart }
            }
            reading.drafts = builder.finish()
            return reading
        }

        // MARK: - Readings of a line's words

        /// A paragraph's bold lead that is a sentence of three words or more: the page's way of
        /// stating a guideline ("**Augment audio cues with visual cues.** This is ..."), whose
        /// verb the cue words may not know. A short label ("**Style.**") or a bold phrase without
        /// a sentence's end is left to the classifier.
        static func isGuidanceLead(_ lead: String) -> Bool {
            guard let last = lead.last, last == "." || last == "?" || last == "!" else { return false }
            guard FastText.countOfSpaceSeparatedWords(lead) >= 3 else { return false }
            let lower = lead.lowercased()
            return !RuleClassifier.noteLabels.contains { lower.hasPrefix($0) }
        }

        /// "No additional considerations for tvOS or watchOS.", "Not supported in macOS.".
        static func isPlatformNote(_ text: String) -> Bool {
            text.hasPrefix("No additional considerations for ") || text.hasPrefix("Not supported in ")
        }

        /// `*An alert gives people critical information they need right away.*`
        static func isItalic(_ raw: String) -> Bool {
            let line = WebMarkdownLine(raw).content
            guard let first = line.first, first == "*" || first == "_", !line.hasPrefix("**"), !line.hasPrefix("__") else {
                return false
            }
            return line.count > 2 && line.last == first
        }

        /// The alt text of `![alt](target)`, as written.
        static func altText(_ raw: String) -> String {
            guard raw.hasPrefix("!["), let middle = raw.range(of: "](") else { return raw }
            return String(raw[raw.index(raw.startIndex, offsetBy: 2)..<middle.lowerBound])
        }

        /// `[Alerts](Alerts.md)`, alone or followed by " — what the page is about": an entry of a
        /// list of pages.
        static func isPageLink(_ content: String) -> Bool {
            guard content.hasPrefix("["), let middle = content.range(of: "]("),
                let close = content[middle.upperBound...].firstIndex(of: ")")
            else { return false }
            let target = content[middle.upperBound..<close]
            guard !FastText.contains("://", in: target), target.hasSuffix(".md") || FastText.contains(".md#", in: target) else {
                return false
            }
            let rest = content[content.index(after: close)...].drop(while: { $0 == " " })
            return rest.isEmpty || rest.hasPrefix("—") || rest.hasPrefix("–") || rest.hasPrefix("- ")
        }

        /// The address of `*Source: [https://...](https://...)*` or `*Source: https://...*`, when
        /// the paragraph is that line.
        static func sourceAddress(_ raw: String) -> String? {
            // `contains` first: cleaning every paragraph to look for this one line is slow.
            guard FastText.contains("Source", in: raw), WebMarkdownInline.clean(raw).hasPrefix("Source: "),
                let start = raw.range(of: "http")
            else { return nil }
            let address = raw[start.lowerBound...].prefix(while: { !" )]*>\"".contains($0) })
            return address.isEmpty ? nil : String(address)
        }
    }
}
