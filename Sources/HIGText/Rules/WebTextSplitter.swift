/// Splits web text (a guidelines page copied as plain text) into rules.
///
/// The copy lost its markup, so structure is read from layout: blocks are separated by blank
/// lines; a short unpunctuated line alone is a heading ("Best practices"), and a heading made
/// of platform names ("iOS, iPadOS") narrows the platforms of what follows; two blank lines in a
/// row stand where a heading was lost, so they close the section (unless the manifest restores
/// the heading); a block of three lines or more under a header line is a flattened table (its
/// header set aside); `•` lines and indented lines are
/// list items. Each paragraph is a rule titled by its lead sentence.
struct WebTextSplitter {
    let platforms: [String]
    let restoredHeadings: [EditionManifest.RestoredHeading]

    private struct Block {
        var lines: [MarkedLine]
        var blankLinesBefore: Int
        var first: MarkedLine { lines[0] }
    }

    func split(_ lines: [MarkedLine]) -> [RuleDraft] {
        read(lines).drafts
    }

    /// Where the split stands: the rules, headings and set-asides so far, the section and its
    /// platforms, and the rule list items belong to.
    private struct State {
        var reading = SourceReading()
        var builder = RuleBuilder()
        var topSection: String?
        var section: String?
        var scope: [String]
        var listOwner: Int?

        /// A new section (nil: none) with these platforms; list items start over.
        mutating func enter(top: String?, section: String?, scope: [String]) {
            topSection = top
            self.section = section
            self.scope = scope
            listOwner = nil
        }
    }

    /// The rules of `lines`, and their headings and set-aside lines (a flattened table's header).
    func read(_ lines: [MarkedLine]) -> SourceReading {
        var state = State(scope: platforms)
        var previousBlockEnd = 0
        for block in blocks(lines) {
            let restored = restoredHeadings.first { ($0.beforeLine > previousBlockEnd) && ($0.beforeLine <= block.first.number) }
            previousBlockEnd = block.lines.last!.number
            if let restored {
                state.enter(top: restored.title, section: restored.title, scope: restored.platforms ?? platforms)
            } else if block.blankLinesBefore >= 2 {
                state.enter(top: nil, section: nil, scope: platforms)
            }
            var lines = block.lines[...]
            // A heading alone, or over the paragraph it heads with no blank line between.
            if isHeading(block.first), block.lines.count == 1 || !isTable(block) {
                takeHeading(block.first, &state)
                lines = lines.dropFirst()
            } else if isTable(block) {
                state.reading.setAsides.append(SetAside(lineStart: block.first.number, lineEnd: block.first.number, reason: .tableHeader))
                addTable(block.lines, to: &state.builder, parent: state.listOwner, section: state.section, platforms: state.scope)
                continue
            }
            for line in lines { take(line, blankLinesBefore: block.blankLinesBefore, &state) }
        }
        var drafts = state.builder.finish()
        // Only prescriptions get a lead-sentence title: a context paragraph's first sentence is no title.
        for index in drafts.indices where drafts[index].kind != .guideline {
            if let title = drafts[index].title, title == leadSentence(drafts[index].text) { drafts[index].title = nil }
        }
        state.reading.drafts = drafts
        return state.reading
    }

    /// A heading: of platform names, it narrows the platforms under the top section; else it
    /// opens a section of its own.
    private func takeHeading(_ line: MarkedLine, _ state: inout State) {
        let heading = line.text
        if let named = Platforms.heading(heading) {
            let path = [state.topSection, heading].compactMap { $0 }
            state.enter(top: state.topSection, section: path.joined(separator: " › "), scope: named)
            state.reading.headings.append(SectionHeading(line: line.number, path: path))
        } else {
            state.enter(top: heading, section: heading, scope: platforms)
            state.reading.headings.append(SectionHeading(line: line.number, path: [heading]))
        }
    }

    /// A line of a block: a list item, an indented line (a caption or a child), the
    /// continuation of the rule before it, or a rule of its own titled by its lead sentence.
    private func take(_ line: MarkedLine, blankLinesBefore: Int, _ state: inout State) {
        let (section, scope) = (state.section, state.scope)
        if line.isBullet {
            state.builder.add(line, title: nil, parent: state.listOwner, section: section, page: nil, platforms: scope)
        } else if line.indent > 0 {
            if isCaption(line), let last = state.builder.last, last.kind == .figure || isFigureText(last.text) {
                state.builder.setLastTitle(line.text, through: line.number)
            } else {
                let parent = state.builder.last?.parentOrdinal ?? state.listOwner
                state.builder.add(line, title: nil, parent: parent, section: section, page: nil, platforms: scope)
            }
        } else if RuleBuilder.continues(line.text), blankLinesBefore <= 1, state.builder.last != nil {
            state.builder.extendLast(with: line)
        } else {
            state.listOwner = state.builder.add(
                line, title: leadSentence(line.text), parent: nil, section: section, page: nil, platforms: scope)
        }
    }

    /// A flattened table: three lines or more, none a bullet or indented, under a header line
    /// that ends no sentence ("Action Platform"). Two lines are a heading and its paragraph, or
    /// two paragraphs: read as a table, the first was thrown away as a header.
    private func isTable(_ block: Block) -> Bool {
        guard block.lines.count >= 3, block.lines.allSatisfy({ !$0.isBullet && $0.indent == 0 }),
            let last = block.first.text.last
        else { return false }
        return !".:;!?".contains(last)
    }

    private func blocks(_ lines: [MarkedLine]) -> [Block] {
        var result: [Block] = []
        var blanks = 0
        var current: [MarkedLine] = []
        var currentBlanks = 0
        for line in lines {
            if line.isBlank {
                if !current.isEmpty {
                    result.append(Block(lines: current, blankLinesBefore: currentBlanks))
                    current = []
                }
                blanks += 1
            } else {
                if current.isEmpty { currentBlanks = blanks }
                blanks = 0
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(Block(lines: current, blankLinesBefore: currentBlanks)) }
        return result
    }

    /// A short line alone, not indented, no end punctuation, starting with a capital.
    private func isHeading(_ line: MarkedLine) -> Bool {
        guard !line.isBullet, line.indent == 0, let first = line.text.first, first.isUppercase || first == "i" else {
            return false
        }
        guard FastText.countOfSpaceSeparatedWords(line.text) <= 6, let last = line.text.last, !".:;!?,”\"".contains(last) else {
            return false
        }
        return first.isUppercase || Platforms.heading(line.text) != nil
    }

    /// An indented short line under a figure description is its caption ("One-button alert").
    private func isCaption(_ line: MarkedLine) -> Bool {
        guard let last = line.text.last else { return false }
        return FastText.countOfSpaceSeparatedWords(line.text) <= 6 && !".:;!?".contains(last)
    }

    private func isFigureText(_ text: String) -> Bool {
        RuleClassifier.isFigure(FastText.lowercasedStart(text), boldLead: nil)
    }

    /// The lead sentence of a paragraph of several sentences.
    private func leadSentence(_ text: String) -> String? {
        guard let first = Sentences.firstSentence(of: text) else { return nil }
        let title = FastText.trimmingWhitespaces(String(first.dropLast()))
        return FastText.countOfSpaceSeparatedWords(title) <= 16 ? title : nil
    }

    /// A flattened table: the first line is its header, the rest are rows. A row is either one
    /// line ending with a platform list ("Exit to the Home Screen iOS, iPadOS"), or a short
    /// label line followed by its text ("Suppression checkbox" / "You can configure ..."), or a
    /// text line alone (its label cell was lost). A row of the last two kinds lost its platform
    /// matrix with the flattening: when its words or its label name platforms ("macOS
    /// automatically displays your app icon"), it applies to those (`Platforms.named`).
    private func addTable(_ lines: [MarkedLine], to builder: inout RuleBuilder, parent: Int?, section: String?, platforms: [String]) {
        let rows = Array(lines.dropFirst())
        if rows.allSatisfy({ Platforms.trailingList($0.text) != nil }) {
            for row in rows {
                let (rest, named) = Platforms.trailingList(row.text)!
                builder.add(
                    row, text: "\(rest) (\(named.joined(separator: ", ")))", title: nil, parent: parent,
                    section: section, page: nil, platforms: named)
            }
            return
        }
        var index = 0
        while index < rows.count {
            let row = rows[index]
            if isLabel(row), index + 1 < rows.count, !isLabel(rows[index + 1]) {
                let textLine = rows[index + 1]
                var draftLine = textLine
                draftLine.number = row.number
                draftLine.repairs = row.repairs + textLine.repairs
                let named = Platforms.named(inRow: textLine.text, label: row.text, among: platforms)
                builder.add(
                    draftLine, title: row.text, parent: parent, section: section, page: nil,
                    platforms: named ?? platforms, lineEnd: textLine.number)
                index += 2
            } else {
                let named = Platforms.named(inRow: row.text, label: nil, among: platforms)
                builder.add(row, title: nil, parent: parent, section: section, page: nil, platforms: named ?? platforms)
                index += 1
            }
        }
    }

    private func isLabel(_ line: MarkedLine) -> Bool {
        guard let last = line.text.last, let first = line.text.first, first.isUppercase else { return false }
        return FastText.countOfSpaceSeparatedWords(line.text) <= 4 && !".:;!?".contains(last)
    }
}
