import HIGLineage
import HIGText

/// Gathers a comparison's changes onto pages (`GuidelineChanges`): each rule's page is its
/// source file. A removed rule goes where the linked rule before it on its page went (else the
/// one after it): where a reader of the later page would have found it. A PDF document's
/// removed rules so spread over the web pages its sections became.
struct ChangesPages {
    struct RuleOnPage: Sendable {
        let rule: GuidelineChanges.Rule
        let path: String
        let title: String
        /// The page's title is its own (a web page's), not its document's name.
        let titled: Bool
        let line: Int
    }

    private let rules: [String: RuleOnPage]
    /// Each earlier page's counterpart: the later page most of its rules lead to.
    private(set) var counterpart: [String: String] = [:]
    /// Each earlier page's linked rules by line, with the later page each leads to.
    private var linkedLines: [String: [(line: Int, to: String)]] = [:]
    /// Each later page's earlier pages: those any of whose rules lead to it.
    private var earlierPages: [String: Set<String>] = [:]
    /// Links from each earlier page to each later page.
    private var links: [String: [String: Int]] = [:]
    private var titles: [String: String] = [:]
    /// Pages with a title of their own: a PDF document's name is no former title of a web page.
    private var titled: Set<String> = []
    private var pages: [String: GuidelineChanges.Page] = [:]
    private var later: Set<String> = []

    /// `pairs`: every FROM rule and the TO rule it leads to, changed or not.
    init(rules: [String: RuleOnPage], to: String, pairs: [(from: String, to: String)]) {
        self.rules = rules
        for rule in rules.values {
            titles[rule.path] = rule.title
            if rule.titled { titled.insert(rule.path) }
            if RuleIdentifier.edition(of: rule.rule.id) == to { later.insert(rule.path) }
        }
        for pair in pairs {
            guard let from = rules[pair.from]?.path, let to = rules[pair.to]?.path else { continue }
            links[from, default: [:]][to, default: 0] += 1
            earlierPages[to, default: []].insert(from)
            linkedLines[from, default: []].append((rules[pair.from]!.line, to))
        }
        for path in linkedLines.keys { linkedLines[path]!.sort { $0.line < $1.line } }
        for (from, targets) in links {
            counterpart[from] = targets.max { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }?.key
        }
    }

    mutating func add(_ id: String) {
        guard let rule = rules[id] else { return }
        edit(rule.path) { $0.added.append(rule.rule) }
    }

    /// A removed rule goes where the linked rule before it (else after it) on its page went, or
    /// stays on its page when none of the page's rules went anywhere.
    mutating func remove(_ id: String) {
        guard let rule = rules[id] else { return }
        let linked = linkedLines[rule.path] ?? []
        let before = linked.partitioningIndex { $0.line > rule.line }
        let path = before > 0 ? linked[before - 1].to : linked.first?.to ?? rule.path
        edit(path) { $0.removed.append(rule.rule) }
    }

    mutating func change(_ pair: EditionDiff.Pair) {
        guard let from = rules[pair.from], let to = rules[pair.to] else { return }
        edit(to.path) { $0.changed.append(.init(pair: pair, from: from.rule, to: to.rule)) }
    }

    /// A note of a later page, when `keep` keeps the page.
    mutating func note(_ note: EditionChangeNote, keep: (String) -> Bool) {
        guard keep(note.file) else { return }
        if titles[note.file] == nil { titles[note.file] = note.document }
        later.insert(note.file)
        edit(note.file) { $0.notes.append(.init(note: note)) }
    }

    private mutating func edit(_ path: String, _ change: (inout GuidelineChanges.Page) -> Void) {
        var page = pages[path] ?? page(path)
        change(&page)
        pages[path] = page
    }

    /// A page not yet touched, its status from the links: an earlier page with no counterpart
    /// was removed; a later page no earlier rule leads to was added, unless the earlier
    /// edition is an excerpt, which may not have held it.
    private func page(_ path: String) -> GuidelineChanges.Page {
        let title = titles[path] ?? path
        let status: GuidelineChanges.Page.Status =
            !later.contains(path) ? .removed : earlierPages[path, default: []].isEmpty ? .added : .changed
        // An earlier page most of whose linked rules came here, under another title: renamed, or
        // merged into this one (not a page one rule of which moved here).
        let formerly = Set(
            earlierPages[path, default: []].filter { titled.contains($0) && counterpart[$0] == path }.compactMap { titles[$0] }
        ).filter { $0 != title }.sorted()
        var page = GuidelineChanges.Page(path: path, title: title, status: status, formerly: formerly)
        page.earlier = earlierPages[path, default: []].sorted {
            (-(links[$0]?[path] ?? 0), $0) < (-(links[$1]?[path] ?? 0), $1)
        }
        return page
    }

    /// The pages, newest note first, then those without notes by title; notes newest first.
    func result(fromIsExcerpt: Bool) -> [GuidelineChanges.Page] {
        var result = pages.values.map { page -> GuidelineChanges.Page in
            var page = page
            if fromIsExcerpt && page.status == .added { page.status = .changed }
            page.notes.sort { ($0.note.date ?? "", $1.note.lineStart) > ($1.note.date ?? "", $0.note.lineStart) }
            for index in page.notes.indices {
                let subject = ChangeNoteWords.subject(of: page.notes[index].note.text, page: page.title)
                // A rule's headings count as its words: "visionOS" names the rules under it.
                func texts(_ rule: GuidelineChanges.Rule) -> [String] { [rule.text, rule.section ?? ""] }
                let named =
                    page.added.filter { ChangeNoteWords.names(subject, texts: texts($0)) }.map(\.id)
                    + page.removed.filter { ChangeNoteWords.names(subject, texts: texts($0)) }.map(\.id)
                    + page.changed.filter { ChangeNoteWords.names(subject, texts: texts($0.from) + texts($0.to)) }.map(\.to.id)
                // A rule merged from several is named once.
                var seen: Set<String> = []
                page.notes[index].names = named.filter { seen.insert($0).inserted }
            }
            return page
        }
        result.sort {
            switch ($0.newest, $1.newest) {
            case let (a?, b?) where a != b: a > b
            case (.some, nil): true
            case (nil, .some): false
            default: ($0.title.lowercased(), $0.path) < ($1.title.lowercased(), $1.path)
            }
        }
        return result
    }
}
