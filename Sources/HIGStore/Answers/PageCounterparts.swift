/// The pages of a web capture, each with its counterparts in the captures before and after it
/// (`hig pages`): the same page renamed, moved, re-slugged or re-cased, split into sub-pages or
/// merged from them.
///
/// A page's identity is its title and place, then its words, never its file name:
/// - same title (case, hyphens and spaces aside: `pop-up-buttons` is "Pop-up buttons"), in the
///   same place (`components/presentation`), or the only page of that title;
/// - a change note of the later page that says it was renamed ("Changed page title from
///   Onscreen keyboards", "changed title from Game controllers") names the earlier page's title;
/// - lineage: the pages whose rules most of a page's linked rules come from or go to (a 2022
///   sub-page of Machine learning whose rules went into the 2023 page, the 2023 Navigation bars
///   whose rules went into 2026's Toolbars), when no title names a counterpart.
/// A title match whose page's rules all went to another page is no match (a capture that holds
/// one page's words under another's name).
public struct PageCounterparts: Sendable, Equatable, Encodable {
    public struct Page: Sendable, Equatable, Encodable {
        public let path: String
        public let title: String?
        public let rules: Int
    }

    public struct Counterpart: Sendable, Equatable, Encodable {
        public let path: String
        public let title: String?
        /// `same-title`, `renamed` (a change note names the old title) or `lineage`.
        public let how: String
        /// Links between the two pages' rules.
        public let links: Int
    }

    public struct Entry: Sendable, Equatable, Encodable {
        public let page: Page
        public var previous: [Counterpart]
        public var next: [Counterpart]
    }

    public let edition: String
    public let previousEdition: String?
    public let nextEdition: String?
    public var pages: [Entry]

    enum CodingKeys: String, CodingKey {
        case edition, pages
        case previousEdition = "previous_edition"
        case nextEdition = "next_edition"
    }
}

/// One page as the matcher sees it.
struct PageFacts: Sendable {
    let id: Int
    let path: String
    let title: String?
    let rules: Int
    /// Change notes of the page, lowercased.
    let notes: [String]

    /// The title's words: lowercased, hyphens and runs of spaces as one space.
    var titleKey: String? { title.map(Self.key) }

    /// The folder the page sits in, lowercased, spaces and hyphens alike.
    var place: String {
        let folder = path.split(separator: "/").dropFirst().dropLast().joined(separator: "/")
        return Self.key(folder).replacingOccurrences(of: " ", with: "-")
    }

    static func key(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "-", with: " ").split(separator: " ").joined(separator: " ")
    }

    /// The old title a change note names ("changed page title from onscreen keyboards and ...").
    var formerTitles: [String] {
        notes.compactMap { note in
            guard let range = note.range(of: "title from ") else { return nil }
            var rest = note[range.upperBound...]
            for end in [" and ", ".", ";", ","] { if let cut = rest.range(of: end) { rest = rest[..<cut.lowerBound] } }
            let title = Self.key(String(rest))
            return title.isEmpty ? nil : title
        }
    }
}

/// The matching itself, on facts read from the database (`RuleStore.pageCounterparts`).
enum PageMatcher {
    /// The share of a page's linked rules that must come from (or go to) one page for lineage
    /// alone to make them counterparts.
    static let lineageShare = 0.5
    /// The fewest links lineage alone needs.
    static let lineageLinks = 2

    /// For each page of `earlier`, its counterparts among `later` (and the reverse is read from
    /// the same pairs). `links[a][b]`: links from page a's rules to page b's.
    static func pairs(earlier: [PageFacts], later: [PageFacts], links: [Int: [Int: Int]]) -> [(earlier: Int, later: Int, how: String)] {
        var result: [(Int, Int, String)] = []
        var matchedLater = Set<Int>()
        var matchedEarlier = Set<Int>()
        let earlierByTitle = Dictionary(grouping: earlier.filter { $0.titleKey != nil }, by: { $0.titleKey! })
        var incoming: [Int: [Int: Int]] = [:]
        for (from, row) in links { for (to, n) in row { incoming[to, default: [:]][from] = n } }
        func contradicted(_ e: PageFacts, _ l: PageFacts) -> Bool {
            // Every linked rule of the earlier page went elsewhere, or every linked rule of the later page came from elsewhere.
            let out = links[e.id] ?? [:]
            let into = incoming[l.id] ?? [:]
            return out.values.reduce(0, +) >= lineageLinks && out[l.id] == nil
                && into.values.reduce(0, +) >= lineageLinks && into[e.id] == nil
        }
        for page in later {
            guard let key = page.titleKey, let same = earlierByTitle[key] else { continue }
            let placed = same.filter { $0.place == page.place }
            let chosen = !placed.isEmpty ? placed : same.count == 1 ? same : []
            for e in chosen where !contradicted(e, page) {
                result.append((e.id, page.id, "same-title"))
                matchedLater.insert(page.id)
                matchedEarlier.insert(e.id)
            }
        }
        for page in later where !matchedLater.contains(page.id) {
            for former in page.formerTitles {
                for e in earlierByTitle[former] ?? [] {
                    result.append((e.id, page.id, "renamed"))
                    matchedLater.insert(page.id)
                    matchedEarlier.insert(e.id)
                }
            }
        }
        // Lineage: a page left unmatched on one side, whose linked rules mostly meet one page.
        for e in earlier {
            let out = links[e.id] ?? [:]
            let total = out.values.reduce(0, +)
            guard total >= lineageLinks else { continue }
            for (l, n) in out where n >= lineageLinks && Double(n) >= lineageShare * Double(total) {
                guard !result.contains(where: { $0.0 == e.id && $0.1 == l }) else { continue }
                if !matchedEarlier.contains(e.id) || !matchedLater.contains(l) { result.append((e.id, l, "lineage")) }
            }
        }
        for l in later {
            let into = incoming[l.id] ?? [:]
            let total = into.values.reduce(0, +)
            guard total >= lineageLinks else { continue }
            for (e, n) in into where n >= lineageLinks && Double(n) >= lineageShare * Double(total) {
                guard !result.contains(where: { $0.0 == e && $0.1 == l.id }) else { continue }
                if !matchedEarlier.contains(e) || !matchedLater.contains(l.id) { result.append((e, l.id, "lineage")) }
            }
        }
        return result
    }
}
