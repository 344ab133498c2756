import Foundation
import HIGDatabase
import HIGText

/// Lineage's terms of every edition of a corpus, made from the rules in memory instead of read
/// back from the database, so that they can be made on another core while the importer writes
/// (`Importer`, through `BackgroundWork`).
///
/// They are what `LinkCorpus.load` makes, byte for byte: the editions in the order
/// `LinkCorpus.editions(in:)` gives, each one's rules in the order of its query (chunk, with
/// none last, then path in SQLite's BINARY order, then ordinal), words stemmed by SQLite's own
/// Porter tokenizer in a connection of their own, and tokens and terms numbered in the same
/// order. Topics are left out: they are assigned after the rules are written
/// (`LinkCorpus.attachTopics`). They are good only for a database holding exactly the corpus's
/// rules, which `sourceIDs(in:)` checks; `Linker` reads the database when it does not (an
/// edition the manifest does not name, left in the database by an earlier import).
package struct PreparedLinkTerms: Sendable {
    /// The term numbering after the last edition.
    let corpus: LinkCorpus
    /// In `corpus.editions` order. A rule's `source` is an index into `sourcePaths`, until
    /// `Linker` puts the database's source id in its place.
    let editions: [EditionTerms?]
    let sourcePaths: [String]
    /// For each edition k with a predecessor, `RuleMatcher.nearest` of its rules among those of
    /// its first predecessor (found with `nearestPerRule` candidates a rule): the matcher's costliest
    /// step, which needs words only, found here before topics are known.
    let nearest: [Int: [[Int32]]]
    let nearestPerRule: Int
    let ruleCount: Int
    let lexiconDigest: String
    /// How long making them took (on the other core; `HIG_TIMING`).
    let duration: Duration

    /// Nil when `isCancelled` said stop.
    package static func make(from corpus: Corpus, lexicon: LineageLexicon, isCancelled: () -> Bool) throws -> PreparedLinkTerms? {
        let started = ContinuousClock.now
        let sources = corpus.sources
        let withSources = corpus.manifest.orderedEditions.filter { edition in sources.contains { $0.edition.id == edition.id } }
        let editions = LinkCorpus.withPredecessors(
            withSources.map { edition in
                LinkCorpus.EditionInfo(
                    id: edition.id,
                    isExcerpt: sources.contains { $0.edition.id == edition.id && $0.file.entry.coverage == .excerpt })
            }, withSources.map(\.predecessors))
        let stemming = try Database(path: ":memory:", mode: .create)
        var linkCorpus = try LinkCorpus(editions: editions, lexicon: lexicon, stemmingIn: stemming)
        var prepared: [EditionTerms?] = []
        var nearest: [Int: [[Int32]]] = [:]
        let matcher = RuleMatcher()
        var ruleCount = 0
        for info in editions {
            var scanned = LinkCorpus.ScannedEdition(info)
            for index in readingOrder(sources.indices.filter { sources[$0].edition.id == info.id }, of: sources) {
                guard !isCancelled() else { return nil }
                for rule in sources[index].rules.sorted(by: { $0.draft.ordinal < $1.draft.ordinal }) {
                    let draft = rule.draft
                    linkCorpus.scan(
                        id: rule.id, source: index, ordinal: draft.ordinal, parent: rule.parentID,
                        kind: draft.kind.rawValue, title: draft.title.map(asReadBack), text: asReadBack(draft.text),
                        section: draft.section.map(asReadBack), into: &scanned)
                }
                ruleCount += sources[index].rules.count
            }
            guard !isCancelled() else { return nil }
            let later = try linkCorpus.terms(of: scanned, stemmingIn: stemming)
            if let first = editions[prepared.count].predecessors.first, let earlier = prepared[first] {
                // As `Linker` will weigh them (topics play no part in finding the nearest), with
                // the term count it will have then; on this core alone, the other one writes.
                let (earlierRules, laterRules) = LinkCorpus.vectors(earlier, later, termCount: linkCorpus.termCount)
                guard !isCancelled() else { return nil }
                nearest[prepared.count] = matcher.nearest(
                    earlier: earlierRules, later: laterRules,
                    termCount: linkCorpus.termCount, onEveryCore: false)
            }
            prepared.append(later)
        }
        return PreparedLinkTerms(
            corpus: linkCorpus, editions: prepared, sourcePaths: sources.map(\.file.path), nearest: nearest,
            nearestPerRule: matcher.candidatesPerRule, ruleCount: ruleCount, lexiconDigest: lexicon.digest,
            duration: ContinuousClock.now - started)
    }

    /// The database's source id for each of `sourcePaths`, or nil when the database does not hold
    /// exactly these editions and rules (then the terms are read from it instead).
    func sourceIDs(in db: Database, lexicon: LineageLexicon) throws -> [Int]? {
        guard lexicon.digest == lexiconDigest, try LinkCorpus.editions(in: db) == corpus.editions,
            try db.scalar("SELECT count(*) FROM rules")?.int == ruleCount
        else { return nil }
        var idOfPath: [String: Int] = [:]
        try db.forEachRow("SELECT id, path FROM sources") { row in idOfPath[row.string(1)] = row.int(0) }
        guard idOfPath.count == sourcePaths.count else { return nil }
        var ids: [Int] = []
        for path in sourcePaths {
            guard let id = idOfPath[path] else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// An edition's sources in the order of `LinkCorpus.load`'s query:
    /// `coalesce(s.chunk, 1e9), s.path`. SQLite compares an integer chunk with 1e9 exactly, as
    /// the integer 1,000,000,000 is compared here; paths compare by their bytes (BINARY).
    private static func readingOrder(_ indices: [Int], of sources: [Corpus.Source]) -> [Int] {
        indices.sorted { a, b in
            let (chunkA, chunkB) = (sources[a].file.entry.chunk ?? 1_000_000_000, sources[b].file.entry.chunk ?? 1_000_000_000)
            return chunkA != chunkB ? chunkA < chunkB : KeyOrder.precedes(sources[a].file.path, sources[b].file.path)
        }
    }

    /// A text as it comes back from the database: `RowCursor.string` reads up to the first NUL.
    private static func asReadBack(_ text: String) -> String {
        // memchr first: a NUL is rare, and `firstIndex(of:)` on the UTF-8 view went byte by byte
        // through the generic `Collection` path (1% of an import's instructions).
        guard FastText.contains(0, in: text), let nul = text.utf8.firstIndex(of: 0) else { return text }
        return String(text[..<nul])
    }
}
