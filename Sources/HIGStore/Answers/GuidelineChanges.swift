import HIGLineage
import HIGText

/// What changed in the guidelines between two editions, page by page (`hig changes`): Apple's
/// own change-log entries that are new since the earlier edition, beside the rule-level changes
/// lineage finds on the same page; pages added and removed; newest first.
///
/// A page is a source file: a web page of a capture, or a whole document of a PDF edition. A
/// page's rules are grouped where a reader finds them now: a changed or added rule under its
/// page in the later edition; a removed rule under the later page most of its earlier page's
/// rules went to, or under its earlier page when none did (a page removed).
public struct GuidelineChanges: Sendable, Equatable, Encodable {
    /// A rule as a change shows it: its words and where they are written.
    public struct Rule: Sendable, Equatable, Encodable {
        public let id: String
        public let text: String
        /// `file:line` or `file:first-last`.
        public let citation: String
        /// The headings it stands under, ` › ` between them.
        public let section: String?

        public init(id: String, text: String, citation: String, section: String? = nil) {
            self.id = id
            self.text = text
            self.citation = citation
            self.section = section
        }
    }

    /// A rule of the earlier edition and what it became (`EditionDiff.Pair`), with both texts.
    public struct Change: Sendable, Equatable, Encodable {
        public let pair: EditionDiff.Pair
        public let from: Rule
        public let to: Rule
    }

    /// An entry of Apple's change log, with the changes of its page whose words it names
    /// (`ChangeNoteWords`): a guess by words, for a reader to check.
    public struct Note: Sendable, Equatable, Encodable {
        public let note: EditionChangeNote
        /// Ids of the rules added, removed, or changed into, whose words the entry names.
        public var names: [String] = []

        enum Keys: String, CodingKey { case names }

        public func encode(to encoder: any Encoder) throws {
            try note.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(names, forKey: .names)
        }
    }

    public struct Page: Sendable, Equatable, Encodable {
        public enum Status: String, Sendable, Equatable, Encodable {
            /// No rule of the earlier edition leads to any of its rules.
            case added
            /// None of its rules leads to the later edition.
            case removed
            case changed
        }

        /// The page's file, in the later edition (in the earlier one when removed).
        public let path: String
        public let title: String
        public var status: Status
        /// Titles of the earlier pages its rules come from, where they differ from its own: a
        /// page renamed, or merged from others.
        public var formerly: [String] = []
        /// The earlier edition's pages its rules come from, most linked rules first.
        public var earlier: [String] = []
        /// Apple's change-log entries of the page that are new since the earlier edition,
        /// newest first.
        public var notes: [Note] = []
        public var added: [Rule] = []
        public var removed: [Rule] = []
        public var changed: [Change] = []

        /// The date of the page's newest note: what orders the pages.
        public var newest: String? { notes.compactMap(\.note.date).max() }

        enum CodingKeys: String, CodingKey {
            case path, title, status, formerly, earlier, notes, added, removed, changed
        }
    }

    public let from: String
    public let to: String
    /// The editions between, oldest first, whose links the comparison follows.
    public let through: [String]
    /// The date asked with `--since`, when one was.
    public let since: String?
    /// Pages with a change or a note, newest note first, then pages without notes by title.
    public var pages: [Page]
    /// Rules of TO that no FROM rule reaches when FROM is an excerpt: not called added.
    public var notInFromExcerpt: Int = 0

    enum CodingKeys: String, CodingKey {
        case from, to, through, since, pages
        case notInFromExcerpt = "not_in_from_excerpt"
    }

    /// Pages and rules by what happened to them, for a summary line.
    public var counts: (pages: [Page.Status: Int], added: Int, removed: Int, changed: Int, notes: Int) {
        var pages: [Page.Status: Int] = [:]
        for page in self.pages { pages[page.status, default: 0] += 1 }
        return (
            pages, self.pages.reduce(0) { $0 + $1.added.count }, self.pages.reduce(0) { $0 + $1.removed.count },
            self.pages.reduce(0) { $0 + $1.changed.count }, self.pages.reduce(0) { $0 + $1.notes.count }
        )
    }
}
