/// The document's outline: which heading lines are chapters, sections and subsections, and the
/// path of each.
///
/// Markdown heading levels are not reliable in the conversions (siblings get `#` and `###` in
/// one chapter; a chapter and its sections all get `#`), so chapters come from evidence: the
/// titles the table of contents marks as chapters or parts, and the titles the running heads
/// repeat under their `CHAPTER N` or `PART I` labels. A part is a chapter of its own: its
/// chapters do not nest under it, so a path stays chapter > section > subsection.
///
/// Inside a chapter the levels are read relative to each other:
/// - a document that puts a fifth or more of its headings at level 4+ gives levels 1-3 to its
///   sections and 4+ to their subsections (the conversion of 2008 mixes `#`, `##`, `###` for
///   sibling sections; its subsections are all `####`);
/// - otherwise a heading nests under the nearest heading above it of a lower level, two deep;
/// - a title that recurs as a heading 3 or more times in the document ("Appearance and Behavior",
///   "Guidelines") is a generic subheading: it nests under the last other heading, whatever its
///   level (a third level below the chapter).
///
/// Heading lines that are not headings are read as text: a bold lead made a heading
/// (`#### **Avoid creating unnecessary alerts**.`), a list lead (`#### A navigation bar:`), a
/// bullet (`#### ■ Black`), and figure labels (a short title no table of contents lists, next to
/// an image: `### Recommended Not Recommended`).
struct DocumentOutline {
    struct Chapter {
        var line: Int
        var title: String
    }

    var bodyStart: Int
    var chapters: [Chapter] = []

    init(_ lines: inout DocumentLines) {
        let runningTitles = PageFurniture.setAside(&lines)
        let contents = TableOfContents(lines)
        bodyStart = contents.bodyStart
        let chapterTitles = runningTitles.union(contents.chapterTitles)
        PageFurniture.setAsideRepeatedTitles(&lines, chapterTitles: chapterTitles, from: bodyStart)

        var sections: [(index: Int, level: Int, key: String)] = []
        for index in bodyStart..<lines.count where lines.isOpen(index) && lines.isHeadingMarkup(index) {
            if Self.isTextMadeHeading(lines, index) {
                lines.marked[index].headingLevel = 0
                continue
            }
            let key = TitleKey.of(lines.marked[index].text)
            if let current = chapters.last, TitleKey.of(current.title) == key {
                // The chapter's title again, at the top of a later page.
                lines.roles[index] = .setAside(.runningHead)
            } else if chapterTitles.contains(key) || (chapterTitles.isEmpty && lines.marked[index].headingLevel == 1) {
                chapters.append(Chapter(line: index, title: lines.marked[index].text))
            } else if !contents.entryTitles.contains(key), Self.isFigureLabel(lines, index) {
                lines.marked[index].headingLevel = 0
                lines.roles[index] = .fixedKind(.figure)
            } else {
                sections.append((index, lines.marked[index].headingLevel, key))
            }
        }
        assignPaths(&lines, sections: sections)
    }

    typealias Member = (index: Int, level: Int, key: String)

    /// Gives every chapter and section heading its role and path.
    private func assignPaths(_ lines: inout DocumentLines, sections: [Member]) {
        let occurrences = Dictionary(sections.map { ($0.key, 1) }, uniquingKeysWith: +)
        let isGeneric = { (member: Member) in occurrences[member.key, default: 0] >= 3 }
        // Whole documents whose subsections are level 4 read levels 1-3 as one (the 2008
        // conversion): a fifth of the headings or more at level 4+ is that convention.
        let deep = sections.filter { $0.level >= 4 && !isGeneric($0) }.count
        let banded = deep * 5 >= sections.filter { !isGeneric($0) }.count && deep > 0
        for chapter in chapters {
            lines.roles[chapter.line] = .heading
            lines.paths[chapter.line] = [chapter.title]
        }
        var next = 0
        for (position, chapter) in ([Chapter(line: bodyStart, title: "")] + chapters).enumerated() {
            let end = position < chapters.count ? chapters[position].line : lines.count
            var members: [Member] = []
            while next < sections.count, sections[next].index < end {
                if sections[next].index >= chapter.line { members.append(sections[next]) }
                next += 1
            }
            let root = chapter.title.isEmpty ? [] : [chapter.title]
            for (member, path) in zip(members, Self.paths(members, lines: lines, banded: banded, isGeneric: isGeneric)) {
                lines.roles[member.index] = .heading
                lines.paths[member.index] = root + path
            }
        }
    }

    /// The paths below the chapter of one chapter's section headings.
    ///
    /// Generic subheadings also show the chapter's ranks: a heading that owns them (its next
    /// heading is generic: "Alert", then "Appearance and Behavior") is an element, and a heading
    /// whose next heading is such an owner, owning none itself, groups the elements that follow
    /// ("Alerts, Action Sheets, and Modal Views", "Controls"): a section above them, whatever
    /// the levels say.
    static func paths(_ members: [Member], lines: DocumentLines, banded: Bool, isGeneric: (Member) -> Bool) -> [[String]] {
        let isOwner = members.indices.map { $0 + 1 < members.count && isGeneric(members[$0 + 1]) && !isGeneric(members[$0]) }
        var nextOwner = [Bool](repeating: false, count: members.count)
        var following = false
        for position in members.indices.reversed() {
            nextOwner[position] = following
            if !isGeneric(members[position]) { following = isOwner[position] }
        }
        var stack: [(level: Int, title: String)] = []
        var groupOpen = false
        var paths: [[String]] = []
        for (position, member) in members.enumerated() {
            let title = lines.marked[member.index].text
            if isGeneric(member) {
                paths.append(stack.map(\.title) + [title])
                continue
            }
            if !isOwner[position] && nextOwner[position] {
                stack = [(0, title)]
                groupOpen = true
            } else if isOwner[position] && groupOpen {
                stack = [stack[0], (1, title)]
            } else {
                if groupOpen { stack.removeAll() }
                groupOpen = false
                let level = banded ? (member.level <= 3 ? 1 : 2) : member.level
                while let top = stack.last, top.level >= level { stack.removeLast() }
                if stack.count == 2 { stack.removeLast() }
                stack.append((level, title))
            }
            paths.append(stack.map(\.title))
        }
        return paths
    }

    /// A bold lead, a bullet or a list lead that the conversion marked as a heading.
    static func isTextMadeHeading(_ lines: DocumentLines, _ index: Int) -> Bool {
        var text = lines.raw[index].drop { $0 == "#" }
        text = text.drop { $0 == " " }
        if text.hasPrefix("**") { return true }
        if let first = text.unicodeScalars.first, MarkupStripper.bulletScalars.contains(first), text.dropFirst().first == " " {
            return true
        }
        let clean = lines.marked[index].text
        return clean.isEmpty || clean.hasSuffix(":") || lines.marked[index].isBullet
    }

    /// A short title next to an image, with no sentence end: words printed in a figure.
    static func isFigureLabel(_ lines: DocumentLines, _ index: Int) -> Bool {
        let text = lines.marked[index].text
        guard text.split(separator: " ").count <= 10, let last = text.last, !".!?:".contains(last) else { return false }
        let before = lines.previousNonBlank(before: index).map(lines.isImage) ?? false
        let after = lines.nextNonBlank(after: index).map(lines.isImage) ?? false
        return before || after
    }
}
