import HIGLineage
import HIGStore
import HIGText

/// The tools `hig mcp` offers. Their descriptions are written for an assistant deciding which to
/// call: what it answers, when to use it, and what each answer cites.
///
/// Every example in them is a real id of the bundled editions (AssistantTests resolves each),
/// and every limit is read from where it is enforced.
public enum AssistantCatalog {
    static let kinds = RuleKind.allCases.map(\.rawValue)

    /// An edition id the descriptions show, and the alias of the newest edition.
    public static let exampleEdition = "ios-2011-03"
    static let newest = EditionManifest.newestAlias
    /// A rule id the descriptions show: "The infrequency with which alerts appear helps users
    /// take them seriously", ios-2011-03's alerts section.
    public static let exampleRule = "ios-2011-03-f3470dca"
    /// The search words' argument, `query` as search tools commonly name it (see README).
    static let queryName = "query"
    /// The score a link needs, which candidates' scores are read against.
    static let linkScore = RuleMatcher.leastLinkScore
    /// What moves a likely counterpart out of score order (`CounterpartCandidates.ordered`), and
    /// its JSON mark: said alike by every tool that lists candidates.
    static let candidateOrder = """
        where_neighbours_went: true marks one standing where the rule's neighbours went, ranked \
        \(NeighbourPlaces.lead) higher; kept_word_for_word: true marks, after the others, a rule the other \
        edition keeps word for word; unlike_in_length: true marks, last, a bare label of \
        \(UnlikeLengths.labelMostWords) words or fewer (numbers left out) for a sentence of \
        \(UnlikeLengths.sentenceLeastWords) or more not opening with it, or the other way round.
        """

    static let edition = AssistantParameter(
        name: "edition", kind: .string, required: false,
        description: "Only this edition: an id from list_editions, e.g. \(exampleEdition), or \(newest) for the newest.")
    static let topic = AssistantParameter(
        name: "topic", kind: .string, required: false,
        description:
            "Only this topic: a slug from list_topics (e.g. button-placement), its name, an alias or a close spelling (\"button colours\")."
    )

    public static let searchRules = AssistantTool(
        name: "search_rules", title: "Search HIG rules",
        description: """
            Full-text search over every rule of every edition of Apple's Human Interface Guidelines, \
            ranked by relevance (bm25). Use it first to find what the HIG says about a subject; \
            then get_rule for one rule's full text and history, or rule_evolution for how it changed. \
            Each hit gives the rule id, its edition, its text, a snippet with the matched words \
            between ** and its citation (file:lines of the edition's source) to quote. Words are \
            stemmed (tap finds tapping); when no rule holds every word, rules holding any are given \
            and matched_any_word is true.
            """,
        parameters: [
            AssistantParameter(
                name: queryName, kind: .string, required: true,
                description: """
                    The words to look for, e.g. "destructive button": at most \(SearchExpression.maxWords) different \
                    words and \(SearchExpression.maxBytes) bytes.
                    """),
            edition, topic,
            AssistantParameter(
                name: "section", kind: .string, required: false,
                description:
                    "Only rules under these headings: one heading or several consecutive ones of the rule's section path, whole headings, ASCII case ignored (e.g. \"Tab bars\", \"Platform considerations › macOS\"; list_sections gives an edition's headings)."
            ),
            AssistantParameter(
                name: "platform", kind: .string, required: false,
                description: "Only rules that apply to this platform, e.g. iOS, macOS, watchOS."),
            AssistantParameter(
                name: "kind", kind: .choice(kinds), required: false,
                description: "Only rules of this kind; guideline is a normative statement."),
            AssistantParameter(
                name: "limit", kind: .integer(minimum: 1, maximum: 100, defaultValue: 10), required: false,
                description: "At most this many rules."),
        ])

    public static let getRule = AssistantTool(
        name: "get_rule", title: "Get one HIG rule",
        description: """
            One rule by its id (e.g. \(exampleRule), from search_rules): its clean text, the verbatim \
            source lines, the word repairs made to them, its provenance (edition, document, file, \
            lines, page, SHA-256), its parent and children, and its previous versions (earlier \
            editions) and next versions (later editions), each with the change class and flags \
            (reversal, change of normative force, curated link). Quote the citation (file:lines).
            """,
        parameters: [
            AssistantParameter(
                name: "id", kind: .string, required: true,
                description: "A rule id: an edition id, a dash and 8 hex digits, e.g. \(exampleRule).")
        ])

    public static let ruleEvolution = AssistantTool(
        name: "rule_evolution", title: "How a HIG rule or subject evolved",
        description: """
            The lineages of a rule or a subject across editions, oldest first: every version with \
            its edition, text and citation, and the links between versions (change class: unchanged, \
            reworded, revised, replaced, split, merged, restored; similarity, confidence; reversal and normative-force \
            flags; a curated link's reason). The query is read as a rule id, else a topic named \
            exactly (slug, name or alias, e.g. "button colors"), else words to search for; \
            `reading` says which. `after` says, by rule id, what became of a version no later \
            edition continues (not_in_excerpts; left_out_of, those of them that hold the page of \
            its subject; removed_in). Use it for "what did the HIG say about \
            X in 2008, and now?".
            """,
        parameters: [
            AssistantParameter(
                name: queryName, kind: .string, required: true,
                description: "A rule id, a topic, or words, e.g. \"button colors\" or tap."),
            AssistantParameter(
                name: "limit", kind: .integer(minimum: 1, maximum: 50, defaultValue: 5), required: false,
                description: "At most this many lineages; `omitted` counts the rest."),
            AssistantParameter(
                name: "candidates", kind: .integer(minimum: 0, maximum: CounterpartCandidates.mostPerRule, defaultValue: 0),
                required: false,
                description: """
                    For each version removed in a later edition, up to this many likely counterparts there \
                    (`after[id].candidates`: rule, the matcher's score, similarity, text; a link needs a \
                    score of \(linkScore)), rules the matcher weighed and turned down, best first; \(candidateOrder) 0: none.
                    """),
        ])

    public static let editionDiff = AssistantTool(
        name: "edition_diff", title: "What changed between two HIG editions",
        description: """
            What changed from one edition to a later one: rules removed, added, changed (with change \
            class, similarity and flags) and unchanged (id pairs), plus rules absent from an excerpt \
            edition, never counted as removed: left_out (the excerpt holds the page of their subject, \
            which does not continue them; given candidates as removed rules are) and not_in_excerpt (the \
            rest). `rules` gives the text and citation \
            of every rule listed; `change_notes`, Apple's own dated notes (a PDF's revision history, \
            a web page's change log) in the newer edition's files with changes. Editions come from list_editions; give the older one as from.
            """,
        parameters: [
            AssistantParameter(name: "from", kind: .string, required: true, description: "The older edition id, e.g. \(exampleEdition)."),
            AssistantParameter(name: "to", kind: .string, required: true, description: "The newer edition id, e.g. \(newest)."),
            AssistantParameter(
                name: "topic", kind: .string, required: false,
                description: "Only rules of this topic on either side (slug, name, alias or close spelling)."),
            AssistantParameter(
                name: "reversals_only", kind: .boolean, required: false,
                description: "Only changes flagged as reversals (advice turned around)."),
            AssistantParameter(
                name: "force_changes_only", kind: .boolean, required: false,
                description: "Only changes of normative force (e.g. prefer → generally use)."),
            AssistantParameter(
                name: "low_confidence_only", kind: .boolean, required: false,
                description: """
                    Only changes whose links are of low confidence (under \(LinkConfidence.lowBelow), the threshold under which links shown without a flag stop being right 95 times in 100) \
                    or possible counterparts (`doubt`: guidance linked to a figure, across pages, or with a rival \
                    nearly as good). Every changed pair carries `confidence`, the chance its links are right.
                    """),
            AssistantParameter(
                name: "candidates", kind: .integer(minimum: 0, maximum: CounterpartCandidates.mostPerRule, defaultValue: 0),
                required: false,
                description: """
                    For each removed and added rule, up to this many likely counterparts in the other edition \
                    (`candidates`: rule, the matcher's score, similarity; a link needs a score of \(linkScore)), \
                    rules the matcher weighed and turned down, best first; \(candidateOrder) 0: none.
                    """),
        ])

    public static let listEditions = AssistantTool(
        name: "list_editions", title: "List HIG editions",
        description: """
            The editions in the knowledge base, oldest first: id, name, date, platforms, coverage \
            (an excerpt holds only part of its document: a rule missing from it is not removed), \
            rule counts per kind, and each source file with its document, chunk and SHA-256. \
            Call it to learn the edition ids the other tools take.
            """,
        parameters: [])

    public static let listTopics = AssistantTool(
        name: "list_topics", title: "List HIG topics",
        description: """
            The topic taxonomy: per topic its slug, name, description, aliases and how many rules \
            each edition has on it (a missing edition: it says nothing on the topic). Call it to \
            learn the topics search_rules, rule_evolution and edition_diff filter on.
            """,
        parameters: [])

    public static let listSections = AssistantTool(
        name: "list_sections", title: "List an edition's sections",
        description: """
            An edition's table of contents: every heading of its sources (a PDF's chapters, \
            sections and subsections; a web page's title, sections and platform headings) with its \
            depth, path, file and line, and how many rules it holds, its subsections' included. \
            A heading or a path can be given back as search_rules' section.
            """,
        parameters: [
            AssistantParameter(
                name: "edition", kind: .string, required: false,
                description: "The edition: an id from list_editions, e.g. \(exampleEdition), or \(newest), the newest and the default."),
            AssistantParameter(
                name: "section", kind: .string, required: false,
                description: "Only the sections under these headings (as search_rules' section), e.g. \"Tab bars\"."),
            AssistantParameter(
                name: "depth", kind: .integer(minimum: 1, maximum: 10, defaultValue: 10), required: false,
                description: "Only headings down to this depth (1: chapters or pages)."),
        ])

    public static let whatChanged = AssistantTool(
        name: "what_changed", title: "What changed in the HIG since a date or an edition",
        description: """
            What changed in the guidelines since the user last read them, page by page, newest first: \
            Apple's own change-log entries new since then (dated), beside the rules added, removed and \
            changed on that page (each with id, text and citation; a change has its class, similarity, \
            confidence and flags), and pages added or removed. Give 'since' (a date) or 'from' (an \
            edition); 'to' is the newest edition unless given. Use edition_diff for every rule of two \
            editions, rule_evolution for one rule's whole history.
            """,
        parameters: [
            AssistantParameter(
                name: "since", kind: .string, required: false,
                description:
                    "A date, YYYY, YYYY-MM or YYYY-MM-DD: compare the newest edition dated on or before it with 'to', and keep Apple's entries dated on or after it."
            ),
            AssistantParameter(
                name: "from", kind: .string, required: false,
                description: "The earlier edition (instead of 'since'), e.g. \(exampleEdition)."),
            AssistantParameter(
                name: "to", kind: .string, required: false,
                description: "The later edition, e.g. \(newest) (the default, the newest)."),
            AssistantParameter(
                name: "page", kind: .string, required: false,
                description: "Only this page: its title (e.g. Alerts) or its file's path."),
            topic,
            AssistantParameter(
                name: "platform", kind: .string, required: false,
                description: "Only rules that apply to this platform (e.g. visionOS), and Apple's entries that name it."),
        ])

    public static let tools = [searchRules, getRule, ruleEvolution, editionDiff, whatChanged, listEditions, listTopics, listSections]

    public static func tool(named name: String) -> AssistantTool? {
        tools.first { $0.name == name }
    }
}
