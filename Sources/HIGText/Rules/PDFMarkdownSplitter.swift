/// Splits a PDF-derived Markdown file into rules.
///
/// Each line of these files is a paragraph, a bullet or a heading. A bold-lead paragraph is a
/// rule titled by its lead; a bold lead with no words after it ("**Use capitalization and
/// punctuation appropriately**.") adopts the plain paragraphs that follow as its children, up
/// to the end of the first list after it.
/// Bullets are children of the paragraph above them. A paragraph caught between two bullets,
/// or one that opens with "Instead," and the like, is the explanation of the bullet before it:
/// the extraction broke it off, the guidance did not.
struct PDFMarkdownSplitter {
    let platforms: [String]
    /// Lines whose rule has a kind settled before splitting (figure text, glossary entries, as
    /// `PDFDocumentReader` finds them): each is a rule of its own, whatever its words say.
    var fixedKinds: [Int: RuleKind] = [:]

    /// Where the split stands: the rules so far, the page and section, and which rule a plain
    /// paragraph or a bullet would belong to.
    private struct State {
        var builder = RuleBuilder()
        var page: Int?
        var section: String?
        /// A body-less bold lead whose plain paragraphs are its children.
        var openLead: Int?
        /// The rule the next bullets are children of.
        var listOwner: Int?
        var previousWasBullet = false

        /// A heading or a rule of a fixed kind ends every scope.
        mutating func closeScopes() {
            openLead = nil
            listOwner = nil
            previousWasBullet = false
        }
    }

    func split(_ lines: [MarkedLine]) -> [RuleDraft] {
        var state = State()
        let content = lines.filter { !$0.isBlank || !$0.pageMarkers.isEmpty }
        for (position, line) in content.enumerated() {
            let linePage = line.pageMarkers.first ?? state.page
            if let last = line.pageMarkers.last { state.page = last }
            // An image line or a bare anchor marks the page and holds no words.
            if line.isBlank { continue }
            if let kind = fixedKinds[line.number] {
                state.builder.add(
                    line, title: title(of: line), parent: nil, section: state.section, page: linePage, platforms: platforms,
                    kind: kind)
                state.closeScopes()
            } else if isSectionHeading(line) {
                state.section = line.text
                state.closeScopes()
            } else if line.isBullet {
                takeBullet(line, page: linePage, &state)
            } else {
                let nextIsBullet = content[(position + 1)...].first { !$0.isBlank }?.isBullet ?? false
                takeParagraph(line, page: linePage, nextIsBullet: nextIsBullet, &state)
            }
        }
        return state.builder.finish()
    }

    /// A chunk file read alone (not with its whole document): its rules, its headings (each its
    /// own path: the chunk does not say what encloses it, and its rules' sections name the heading
    /// alone too), and its lines of markup with no words (the converter's comment, images, page
    /// anchors) set aside. `raw`: the file's lines as written, one per marked line.
    func read(_ lines: [MarkedLine], raw: [String]) -> SourceReading {
        var reading = SourceReading(drafts: split(lines))
        for (line, text) in zip(lines, raw) {
            if !line.isBlank, fixedKinds[line.number] == nil, isSectionHeading(line) {
                reading.headings.append(SectionHeading(line: line.number, path: [line.text]))
            } else if let reason = PageFurniture.markupOnlyReason(raw: Substring(text), marked: line) {
                reading.setAside(line.number, line.number, reason)
            }
        }
        return reading
    }

    /// A heading that opens a section; a bold lead the extraction made a heading is a rule.
    private func isSectionHeading(_ line: MarkedLine) -> Bool {
        line.headingLevel > 0 && !isLeadHeading(line)
    }

    /// A bullet: a child of the list's owner, or the continuation of the bullet before it.
    private func takeBullet(_ line: MarkedLine, page: Int?, _ state: inout State) {
        if state.previousWasBullet && RuleBuilder.continues(line.text) {
            state.builder.extendLast(with: line)
        } else {
            state.builder.add(
                line, title: title(of: line), parent: state.listOwner, section: state.section, page: page, platforms: platforms)
        }
        state.previousWasBullet = true
    }

    /// A paragraph: the explanation of the bullet or rule before it, or a rule of its own.
    private func takeParagraph(_ line: MarkedLine, page: Int?, nextIsBullet: Bool, _ state: inout State) {
        if state.previousWasBullet, line.boldLead == nil, nextIsBullet || RuleBuilder.continues(line.text),
            state.builder.last != nil
        {
            state.builder.extendLast(with: line)
            return
        }
        // A list closes the scope of the body-less lead above it: the paragraph after the
        // list is a rule of its own.
        if state.previousWasBullet { state.openLead = nil }
        state.previousWasBullet = false
        // No copy of the last rule is held while it grows: appending to a shared text would
        // copy it each time.
        if RuleBuilder.continues(line.text), state.builder.last.map({ $0.kind != .figure }) == true, line.boldLead == nil {
            state.builder.extendLast(with: line)
            return
        }
        if let lead = line.boldLead {
            let isFigure = RuleClassifier.isFigureLabel(lead)
            let isNote = RuleClassifier.noteLabels.contains(lead.lowercased())
            let ordinal = state.builder.add(
                line, title: title(of: line), parent: nil, section: state.section, page: page, platforms: platforms)
            state.openLead = !isFigure && !isNote && !hasBody(line) ? ordinal : nil
            state.listOwner = isFigure ? nil : ordinal
        } else {
            state.listOwner = state.builder.add(
                line, title: nil, parent: state.openLead, section: state.section, page: page, platforms: platforms)
        }
    }

    /// "#### **Avoid creating unnecessary alerts**.": the extraction made a bold lead a heading.
    private func isLeadHeading(_ line: MarkedLine) -> Bool {
        guard let lead = line.boldLead else { return false }
        return line.text.hasSuffix(".") && line.text.hasPrefix(lead)
    }

    private func hasBody(_ line: MarkedLine) -> Bool {
        guard let lead = line.boldLead, line.text.hasPrefix(lead) else { return true }
        return line.text.dropFirst(lead.count).contains { $0.isLetter || $0.isNumber }
    }

    /// The bold lead, unless it is a label ("Note:") rather than a title.
    private func title(of line: MarkedLine) -> String? {
        guard let lead = line.boldLead else { return nil }
        if RuleClassifier.noteLabels.contains(lead.lowercased()) { return nil }
        return lead
    }
}
