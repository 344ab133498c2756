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

    func split(_ lines: [MarkedLine]) -> [RuleDraft] {
        var builder = RuleBuilder()
        var page: Int?
        var section: String?
        var openLead: Int?
        var listOwner: Int?
        var previousWasBullet = false
        let content = lines.filter { !$0.isBlank || !$0.pageMarkers.isEmpty }

        for (position, line) in content.enumerated() {
            let linePage = line.pageMarkers.first ?? page
            if let last = line.pageMarkers.last { page = last }
            // An image line or a bare anchor marks the page and holds no words.
            if line.isBlank { continue }
            if let kind = fixedKinds[line.number] {
                builder.add(line, title: title(of: line), parent: nil, section: section, page: linePage, platforms: platforms, kind: kind)
                openLead = nil
                listOwner = nil
                previousWasBullet = false
                continue
            }
            let nextIsBullet = content[(position + 1)...].first { !$0.isBlank }?.isBullet ?? false

            if line.headingLevel > 0 && !isLeadHeading(line) {
                section = line.text
                openLead = nil
                listOwner = nil
                previousWasBullet = false
                continue
            }

            if line.isBullet {
                if previousWasBullet && RuleBuilder.continues(line.text) {
                    builder.extendLast(with: line)
                } else {
                    builder.add(
                        line, title: title(of: line), parent: listOwner, section: section,
                        page: linePage, platforms: platforms)
                }
                previousWasBullet = true
                continue
            }

            // A plain paragraph.
            if previousWasBullet, line.boldLead == nil, nextIsBullet || RuleBuilder.continues(line.text), builder.last != nil {
                builder.extendLast(with: line)
                continue
            }
            // A list closes the scope of the body-less lead above it: the paragraph after the
            // list is a rule of its own.
            if previousWasBullet { openLead = nil }
            previousWasBullet = false
            // No copy of the last rule is held while it grows: appending to a shared text would
            // copy it each time.
            if RuleBuilder.continues(line.text), builder.last.map({ $0.kind != .figure }) == true, line.boldLead == nil {
                builder.extendLast(with: line)
                continue
            }
            let lead = line.boldLead
            let isFigure = lead.map(RuleClassifier.isFigureLabel) ?? false
            let isNote = lead.map { RuleClassifier.noteLabels.contains($0.lowercased()) } ?? false
            if lead != nil {
                let ordinal = builder.add(
                    line, title: title(of: line), parent: nil, section: section,
                    page: linePage, platforms: platforms)
                openLead = !isFigure && !isNote && !hasBody(line) ? ordinal : nil
                listOwner = isFigure ? nil : ordinal
            } else {
                let ordinal = builder.add(
                    line, title: nil, parent: openLead, section: section,
                    page: linePage, platforms: platforms)
                listOwner = ordinal
            }
        }
        return builder.finish()
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
