/// Everything a reader makes of one source file: its rules, its headings, the lines it set aside
/// and why, the change notes it found, and what the file says of itself (a web page's title and
/// address).
///
/// Every non-blank line of the file ends in exactly one of: a rule's lines (`RuleDraft.lineStart`
/// to `lineEnd`), a heading, or a set-aside. The importer checks this (line accounting) and warns
/// of any line of words that ends in none of them.
public struct SourceReading: Sendable, Equatable {
    public var drafts: [RuleDraft] = []
    public var headings: [SectionHeading] = []
    public var setAsides: [SetAside] = []
    public var changeNotes: [ChangeNote] = []
    /// The page's own title (`# Alerts`), for a web page.
    public var title: String?
    /// The page's address (`*Source: https://...*`), for a web page.
    public var url: String?
    /// For a whole PDF document bundled with its chunk files: where each line of the document
    /// stands in the chunks, indexed by line number - 1 (nil for a line in no chunk: a level 1-3
    /// heading, a blank line).
    public var chunkLines: [ChunkLine?] = []

    public init(drafts: [RuleDraft] = []) {
        self.drafts = drafts
    }

    /// Sets lines `first` to `last` aside for `reason`: the run before them grows when it ends
    /// right above them for the same reason.
    mutating func setAside(_ first: Int, _ last: Int, _ reason: SetAsideReason) {
        if let previous = setAsides.last, previous.reason == reason, previous.lineEnd == first - 1 {
            setAsides[setAsides.count - 1].lineEnd = last
        } else {
            setAsides.append(SetAside(lineStart: first, lineEnd: last, reason: reason))
        }
    }
}

/// A heading of the source, with the whole path of headings it sits under (itself last).
public struct SectionHeading: Sendable, Equatable {
    public var line: Int
    /// Outermost first: ["Human Interface Principles", "Metaphors"]; a web page's path starts
    /// with the page's title.
    public var path: [String]

    public init(line: Int, path: [String]) {
        self.line = line
        self.path = path
    }

    /// How rules store a section: the path joined with " › ".
    public static let separator = " › "
    public var joined: String { path.joined(separator: Self.separator) }
}

/// Lines of the source that hold no guidance, with the reason they hold none.
public struct SetAside: Sendable, Equatable {
    public var lineStart: Int
    public var lineEnd: Int
    public var reason: SetAsideReason

    public init(lineStart: Int, lineEnd: Int, reason: SetAsideReason) {
        self.lineStart = lineStart
        self.lineEnd = lineEnd
        self.reason = reason
    }
}

/// Why lines were set aside. Each reason is a kind of text the guidelines hold that is not
/// guidance; a line of words set aside for no reason listed here is an import warning.
public enum SetAsideReason: String, Sendable, Equatable, CaseIterable, Codable {
    /// A chapter or part label or a chapter title repeated at the top of a PDF page.
    case runningHead = "running-head"
    /// A page number, alone or with the chapter's name, at the foot of a PDF page.
    case pageFooter = "page-footer"
    /// A table of contents, a list of figures or tables, a web section's list of its pages.
    case tableOfContents = "table-of-contents"
    /// A back-of-book index.
    case index
    /// Copyright, trademarks, warranty and other legal text.
    case legalText = "legal-text"
    /// An image, or an anchor or comment that stands for one, holding no words of guidance.
    case image
    /// Lines a converter added: breadcrumbs, chunk comments, `*Source: URL*`, rules of `---`.
    case converterChrome = "converter-chrome"
    /// A revision history or a page's change log: kept as change notes, not rules.
    case changeLog = "change-log"
    /// A "Resources" section: links to related pages, videos and documentation.
    case resources
    /// A statement about platforms, not guidance ("No additional considerations for tvOS.").
    case platformNote = "platform-note"
    /// The front matter of a document that is not guidance: title page, "Contents", "Introduction
    /// to" boilerplate about the document's organisation, "See Also" lists.
    case frontMatter = "front-matter"
    /// A table's header row and the separator row under it (`| Action | Platform |`, `| --- |`):
    /// the names of its columns, not guidance, and no section either (the rows stay under the
    /// heading above the table).
    case tableHeader = "table-header"
    /// A row of a PDF table whose cells hold numbers and symbols but no word ("12 13", "1 — 16":
    /// the values of a picker in a screenshot): no label says what they count, so they say
    /// nothing a reader could take as guidance.
    case tableNumbers = "table-numbers"
}

/// One change Apple noted: a row of a web page's change log, or an entry of a PDF's revision
/// history.
public struct ChangeNote: Sendable, Equatable {
    public var lineStart: Int
    public var lineEnd: Int
    /// `YYYY-MM-DD` (or `YYYY-MM`, `YYYY`) when the note gives a date.
    public var date: String?
    /// The note's words, without markup.
    public var text: String

    public init(lineStart: Int, lineEnd: Int, date: String?, text: String) {
        self.lineStart = lineStart
        self.lineEnd = lineEnd
        self.date = date
        self.text = text
    }
}

/// Where a line of a whole PDF document stands in its chunk files.
public struct ChunkLine: Sendable, Equatable {
    public var chunk: Int
    public var line: Int

    public init(chunk: Int, line: Int) {
        self.chunk = chunk
        self.line = line
    }
}

extension SourceReading {
    /// `reading` with other drafts.
    package init(copying reading: SourceReading, drafts: [RuleDraft]) {
        self = reading
        self.drafts = drafts
    }
}
