/// How web Markdown converters write a page's opening and its heading levels, read by general
/// rules (no rule names a capture):
/// - A page has one title, its first level-1 heading. A later level-1 heading is a section of the
///   page (one converter writes every section as `# **Best practices**`).
/// - A title written as the page's file name under its place (`# **[components-presentation]
///   alerts**`) is read as the page's name: the file name's words, the first capitalised
///   ("Alerts"; a misspelt file name stays misspelt: "Acitivity rings"); a place before a title
///   of words (`# **[Platforms] Designing for iOS**`) is left out of it.
/// - A heading right under the title that is a sentence (`## An alert gives people critical
///   information they need right away.`) is the page's abstract, as the italic line is.
/// - A heading of platform names at the level of the "Platform considerations" heading above it
///   (`# **iOS, iPadOS**` after `# **Platform considerations**`) is a section of it.
/// - A change banner: the change's words with the title glued on as one title heading
///   (`Updated to include guidance for visionOS. Alerts` / `======`), often after a date alone on
///   the page's first line (`June 21, 2023`). A title holds no sentence's end: the words up to the
///   last one are the change note (dated by that line, when there is one), the rest the title.
extension WebMarkdownReader.Walk {
    /// Heading levels are kept doubled, so that a platform heading can sit between a level and
    /// the next (see `nestingLevel`).
    static let levelScale = 2

    /// The level a heading of `level` (as written) nests at, and its text as read.
    func nestingLevel(_ level: Int, _ text: String) -> Int {
        var written = level
        if written == 1, reading.title != nil { written = 2 }
        let scaled = written * Self.levelScale
        guard Platforms.heading(text) != nil,
            let considerations = headings.last(where: { Self.isPlatformConsiderations($0.text) }),
            considerations.level >= scaled
        else { return scaled }
        return considerations.level + 1
    }

    static func isPlatformConsiderations(_ text: String) -> Bool { text.lowercased() == "platform considerations" }

    /// "Alerts" from `[components-presentation] alerts`: a bracketed place then a file name
    /// (letters, digits and hyphens, as `Buttons-and-marks`); "Designing for iOS" from
    /// `[Platforms] Designing for iOS`, the same converter's place before a title of words (the
    /// place is where the page is, not its name); nil for any other title.
    static func titleFromFileName(_ text: String) -> String? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let place = text[text.index(after: text.startIndex)..<close]
        let name = text[text.index(after: close)...].drop(while: { $0 == " " })
        func isSlug(_ s: Substring) -> Bool {
            !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
        guard isSlug(place), let first = name.first, first.isLetter else { return nil }
        if name.contains(" ") {
            let words = name.split(separator: " ")
            return words.allSatisfy(isSlug) ? words.joined(separator: " ") : nil
        }
        guard isSlug(name) else { return nil }
        let words = name.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A heading that reads as a sentence of three words or more: an abstract written as a heading.
    static func isSentenceHeading(_ text: String) -> Bool {
        guard let last = text.last, last == "." || last == "!" || last == "?" else { return false }
        return FastText.countOfSpaceSeparatedWords(text) >= 3
    }

    /// A change banner's heading split into its note and the title: the words after the last
    /// sentence's end are the title. Nil when no sentence ends before words.
    static func bannerParts(_ text: String) -> (note: String, title: String)? {
        guard let end = text.range(of: ". ", options: .backwards) else { return nil }
        let note = String(text[..<end.lowerBound]) + "."
        let title = String(text[end.upperBound...]).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : (note, title)
    }

    /// A paragraph before the title that is a date alone: the date of a change banner.
    mutating func bannerDate(_ first: Int, _ last: Int, _ text: String) -> Bool {
        guard reading.title == nil, headings.isEmpty, let date = ChangeLogDate.iso(text), date.count == 10 else {
            return false
        }
        pendingBannerDate = (date, first)
        setAside(first, last, .changeLog)
        return true
    }

    /// The title of a title heading that holds a change banner; its note is kept as the page's
    /// opening change note (the heading's line stays the page's heading).
    mutating func titleAfterBanner(_ text: String, line: Int) -> String {
        guard let parts = Self.bannerParts(text) else { return text }
        let banner = pendingBannerDate
        pendingBannerDate = nil
        openingNote = ChangeNote(lineStart: banner?.line ?? line, lineEnd: line, date: banner?.date, text: parts.note)
        return parts.title
    }

    /// The abstract written as a heading right under the title.
    mutating func abstractHeading(_ raw: String, line: Int) {
        builder.add(
            marked(line, WebMarkdownInline.clean(raw)), title: nil, parent: nil, section: section, page: nil,
            platforms: scope, lineEnd: line, kind: .context)
        opening = true
    }
}
