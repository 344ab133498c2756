import Foundation
import Testing
@testable import HIGDatabase
@testable import HIGStore

/// The search finds its best hits without ranking every match with its row (`BestScores`, an
/// early stop, rows read for a few candidates): whatever way it takes, its hits must be the
/// ones the plain definition gives. The definition, written here from the documentation and
/// nothing of the search's own: every rule the expression matches and the filters pass, FTS5's
/// own `bm25` (text only) times the kind's weight (figure 0.5, context 0.75) times the subject's
/// (0.85 when the rule's section lacks a term of the words that carry the search), ordered by
/// that rank, ties by id; the versions linked as unchanged (in one component of the `unchanged`
/// links, through any rule) are one hit, led by their best-ranked version.
@Suite("Search against its plain definition, on the bundle")
struct SearchDefinitionTests {
    /// Questions a designer asks (`hig-bench bundled` asks the same kind).
    static let designerQueries = [
        "alert", "tab bar", "button placement", "app icon", "destructive action", "cancel button", "navigation bar", "toolbar",
        "text field", "dark mode", "color contrast", "accessibility", "dynamic type", "launch screen", "badge", "action sheet",
        "popover", "split view", "segmented control", "switch", "pull to refresh", "swipe to delete", "undo", "sign in with apple",
        "watch complications", "icon size pixels", "title capitalization", "wording error message", "default button trailing side",
        "the", "a the of", "don't use OK", "menu menus", "zzzqqq button",
    ]

    /// One to three words drawn from the bundle's own rules: neighbours in a sentence, or words
    /// of two rules (which often match no rule together, and fall back to any word).
    static func generatedQueries(_ store: RuleStore, count: Int, seed: UInt64) throws -> [String] {
        var random = SeededRandom(seed: seed)
        let texts = try store.db.rows("SELECT text FROM rules ORDER BY rowid").map { $0.string("text") }
        func words() -> [String] { SearchExpression.words(random.pick(texts)).filter { $0.count > 1 } }
        return (0..<count).map { _ in
            var from = words()
            while from.isEmpty { from = words() }
            let length = random.int(1...3)
            if random.chance(0.6) {
                let start = random.int(below: from.count)
                return from[start..<min(from.count, start + length)].joined(separator: " ")
            }
            return (0..<length).map { _ in random.pick(random.chance(0.5) ? from : words().isEmpty ? from : words()) }
                .joined(separator: " ")
        }
    }

    /// A hit as the definition gives it: its lead's rank and bm25, and the ids of its versions
    /// (the one rule of a hit when versions are not put together).
    struct Expected: Equatable, CustomStringConvertible {
        let rank: Double
        let bm25: Double
        let versions: Set<String>

        var description: String { "\(versions.sorted()) \(rank) \(bm25)" }
    }

    /// Every `unchanged` link's component, by rule id.
    static func unchangedComponents(_ db: Database) throws -> [String: Int] {
        var parent: [String: String] = [:]
        func root(_ id: String) -> String {
            var id = id
            while let up = parent[id], up != id { id = up }
            return id
        }
        for row in try db.rows("SELECT from_rule, to_rule FROM rule_links WHERE change = 'unchanged'") {
            let (a, b) = (root(row.string("from_rule")), root(row.string("to_rule")))
            parent[a] = parent[a] ?? a
            parent[b] = parent[b] ?? b
            if a != b { parent[a] = b }
        }
        var numbers: [String: Int] = [:]
        var component: [String: Int] = [:]
        for id in parent.keys {
            let top = root(id)
            if numbers[top] == nil { numbers[top] = numbers.count }
            component[id] = numbers[top]
        }
        return component
    }

    static func expected(
        _ store: RuleStore, expression: String, carrying: [String], filter: RuleFilter, limit: Int, sameWords: Bool,
        components: [String: Int]
    ) throws -> (hits: [Expected], total: Int) {
        let tokenizer = try #require(store.searchRanking).tokenizer
        let subject = Set(carrying.flatMap { tokenizer.terms($0) })
        let matches = try store.db.rows(
            """
            SELECT r.id, r.kind, r.section, bm25(rules_fts, 0.0, 1.0) AS bm25 FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
            WHERE rules_fts MATCH ?1
              AND (?2 IS NULL OR r.edition_id = ?2) AND (?3 IS NULL OR r.kind = ?3)
              AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
            """, expression, filter.edition, filter.kind?.rawValue, filter.topic
        ).map { row -> (id: String, rank: Double, bm25: Double) in
            guard case .real(let bm25) = row["bm25"] else { return (row.string("id"), .nan, .nan) }
            let kind: Double = ["figure": 0.5, "context": 0.75][row.string("kind")] ?? 1
            let section: Set<String> = row.optionalString("section").map { Set(tokenizer.terms($0)) } ?? []
            let onSubject = subject.isEmpty || subject.isSubset(of: section)
            return (row.string("id"), bm25 * kind * (onSubject ? 1 : 0.85), bm25)
        }.sorted { a, b in a.rank != b.rank ? a.rank < b.rank : a.id.utf8.lexicographicallyPrecedes(b.id.utf8) }
        guard sameWords else {
            return (matches.prefix(limit).map { Expected(rank: $0.rank, bm25: $0.bm25, versions: [$0.id]) }, matches.count)
        }
        var groups: [(lead: (id: String, rank: Double, bm25: Double), versions: Set<String>)] = []
        var groupOfComponent: [Int: Int] = [:]
        for match in matches {
            if let component = components[match.id], let group = groupOfComponent[component] {
                groups[group].versions.insert(match.id)
            } else {
                if let component = components[match.id] { groupOfComponent[component] = groups.count }
                groups.append((match, [match.id]))
            }
        }
        return (groups.prefix(limit).map { Expected(rank: $0.lead.rank, bm25: $0.lead.bm25, versions: $0.versions) }, matches.count)
    }

    static func check(_ store: RuleStore, _ text: String, filter: RuleFilter, limit: Int, components: [String: Int]) throws {
        for sameWords in [false, true] {
            // Debug builds on a busy machine: the time limit is not what is tested here.
            let result = try RuleStore.$searchTimeLimit.withValue(.seconds(60)) {
                try store.search(SearchRequest(text: text, filter: filter, limit: limit, sameWordsAsOneHit: sameWords))
            }
            let words = SearchExpression.words(text)
            let tokenizer = try #require(store.searchRanking).tokenizer
            let (expected, total) = try Self.expected(
                store, expression: result.expression, carrying: SearchStopwords.carrying(words), filter: filter, limit: limit,
                sameWords: sameWords, components: components)
            let found = result.hits.map { Expected(rank: $0.rank, bm25: $0.bm25, versions: Set($0.versions.map(\.id))) }
            #expect(found == expected, "\(text) (\(result.expression)), \(filter), limit \(limit), same words \(sameWords)")
            #expect(result.total == total, "\(text), \(filter), limit \(limit)")
            // The hit stands for its versions with the newest of them.
            for hit in result.hits {
                #expect(hit.record == hit.versions.last, "\(text): \(hit.record.id)")
            }
            // Each snippet is FTS5's own, of the words that carry the search where the rule holds them.
            let carrying = SearchStopwords.carrying(try SearchExpression.distinct(words, of: text, fold: tokenizer.terms))
            if !result.hits.isEmpty {
                try SearchRankingTests.expectFTS5Snippets(
                    result, store, highlight: result.matchedAnyWord ? SearchExpression.any(carrying) : SearchExpression.all(carrying))
            }
        }
    }

    @Test("The designer's questions give the hits of the plain definition, with and without filters")
    func designerQuestions() throws {
        let store = try BundleDatabase.store
        let components = try Self.unchangedComponents(store.db)
        let edition = try #require(try store.db.scalar("SELECT id FROM editions ORDER BY position DESC LIMIT 1")?.string)
        let topic = try #require(
            try store.db.scalar("SELECT topic_slug FROM rule_topics GROUP BY topic_slug ORDER BY count(*) DESC")?.string)
        for text in Self.designerQueries {
            for limit in [1, 10, 40] {
                try Self.check(store, text, filter: RuleFilter(), limit: limit, components: components)
            }
            for filter in [RuleFilter(edition: edition), RuleFilter(kind: .guideline), RuleFilter(topic: topic)] {
                try Self.check(store, text, filter: filter, limit: 10, components: components)
            }
        }
    }

    @Test("Generated queries of the bundle's own words give the hits of the plain definition")
    func generatedQueries() throws {
        try Self.checkGenerated(count: 40, seed: 33)
    }

    @Test("Many more generated queries give the hits of the plain definition", .tags(.endToEnd), .fullRunOnly)
    func manyGeneratedQueries() throws {
        try Self.checkGenerated(count: 400, seed: 34)
    }

    /// `count` queries of the bundle's own words (`generatedQueries`), each against the definition.
    static func checkGenerated(count: Int, seed: UInt64) throws {
        let store = try BundleDatabase.store
        let components = try unchangedComponents(store.db)
        for text in try generatedQueries(store, count: count, seed: seed) {
            try check(store, text, filter: RuleFilter(), limit: 10, components: components)
        }
    }
}
