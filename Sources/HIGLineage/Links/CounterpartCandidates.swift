import HIGDatabase

/// A rule's likely counterparts in another edition, as the lineage matcher weighs them: for a
/// rule called removed, the rules of the newer edition that had it among their nearest
/// candidates and its own nearest newer rules by words; for a rule called added, its own
/// nearest candidates in the older edition. Each
/// with the matcher's score of the pair, which a link needs at 0.25 at least (0.45 unless the
/// two are each other's best): a candidate is what the matcher looked at and turned down, for a
/// reader to judge.
///
/// Made at query time from the two editions (any two, not only consecutive ones), the same way
/// the import makes them, so the scores are the import's for a consecutive pair; the order also
/// reads where the links between them took the rule's neighbours (`NeighbourPlaces`). A pair a
/// decision rejects (`hig link reject`) is no candidate.
public struct CounterpartCandidate: Sendable, Equatable, Encodable {
    public let rule: String
    /// The matcher's score of the pair: words, lead, topics, place, kind, subjects.
    public let score: Double
    /// The cosine of the two rules' words (the `similarity` of a link).
    public let similarity: Double
    /// The candidate's text, where the answer does not give it otherwise (`hig evolution`).
    public var text: String? = nil
    /// True when the other edition holds a rule of the candidate's very words: it kept them, so
    /// it has its counterpart already, and comes after the candidates that did not (nil otherwise).
    public var keptWordForWord: Bool? = nil
    /// True when the candidate stands where the rule's neighbours went (`NeighbourPlaces`): it
    /// comes before the candidates that do not, unless they score `NeighbourPlaces.lead` more
    /// (nil otherwise).
    public var whereNeighboursWent: Bool? = nil
    /// True when the candidate is a bare label and its rule a sentence, or the other way round
    /// (`UnlikeLengths`): it comes after the others, whatever its score (nil otherwise).
    public var unlikeInLength: Bool? = nil

    enum CodingKeys: String, CodingKey {
        case rule, score, similarity, text
        case keptWordForWord = "kept_word_for_word"
        case whereNeighboursWent = "where_neighbours_went"
        case unlikeInLength = "unlike_in_length"
    }
}

public enum CounterpartCandidates {
    /// The most candidates one rule is given, on the command line and over MCP alike: the
    /// matcher keeps about 8 nearest rules of each, so more would add little but length.
    public static let mostPerRule = 10

    /// The best `limit` candidates of each rule of `removed` (rules of `older`) among the rules of
    /// `newer`, and of each rule of `added` (rules of `newer`) among the rules of `older`, best
    /// first, those the other edition keeps word for word after the others (`keptLast`), those
    /// unlike the rule in length after all (`UnlikeLengths`); a rule no candidate
    /// reaches has none. Only candidates scored above 0: below, the
    /// penalties outweigh what the two share. `anchors`: pairs of the two editions' rules that
    /// are counterparts (a diff's); a candidate standing where the rule's neighbours went, by
    /// them, ranks `NeighbourPlaces.lead` higher.
    package static func find(
        _ db: Database, older: String, newer: String, removed: [String], added: [String], limit: Int,
        anchors: [(from: String, to: String)] = []
    ) throws -> [String: [CounterpartCandidate]] {
        guard limit > 0, !removed.isEmpty || !added.isEmpty else { return [:] }
        var corpus = try LinkCorpus(db, lexicon: .bundled)
        guard let olderIndex = corpus.editions.firstIndex(where: { $0.id == older }),
            let newerIndex = corpus.editions.firstIndex(where: { $0.id == newer })
        else { return [:] }
        let olderTerms = try corpus.load(edition: olderIndex, db)
        let newerTerms = try corpus.load(edition: newerIndex, db)
        let (earlier, later) = LinkCorpus.vectors(olderTerms, newerTerms, termCount: corpus.termCount)
        let matcher = RuleMatcher()
        let forbidden = try rejected(db, earlier: earlier, later: later)
        let lists = matcher.candidateLists(
            earlier: earlier, later: later, termCount: corpus.termCount, nearest: nil, forbidden: forbidden)
        var found: [String: [CounterpartCandidate]] = [:]
        let kept = KeptWords(earlier: earlier, later: later, forbidden: forbidden)
        let places = NeighbourPlaces(earlier: earlier, later: later, anchors: anchors, widest: matcher.widestPlace)
        let addedIDs = Set(added)
        for l in later.rules.indices where addedIDs.contains(later.rules[l].id) {
            let place = places.earlier(whereNeighboursOf: l)
            let words = UnlikeLengths.words(later.rules[l].text)
            let best = lists.list(l).filter { $0.score > 0 }.map { candidate in
                CounterpartCandidate(
                    rule: earlier.rules[candidate.earlier].id, score: candidate.score, similarity: candidate.cosine,
                    keptWordForWord: kept.isKept(earlier: candidate.earlier, candidateOf: l) ? true : nil,
                    whereNeighboursWent: place.contains(candidate.earlier) ? true : nil,
                    unlikeInLength: UnlikeLengths.areUnlike(words, UnlikeLengths.words(earlier.rules[candidate.earlier].text)) ? true : nil)
            }
            found[later.rules[l].id] = Array(ordered(best).prefix(limit))
        }
        let removedIDs = Set(removed)
        let byEarlier = lists.byEarlier(count: earlier.count)
        // A removed rule is among few newer rules' nearest when the newer edition is much
        // smaller (an excerpt's page against a whole book): its own nearest newer rules by
        // words are scored too, as the matcher scores a pair.
        let removedPlaces = earlier.rules.indices.filter { removedIDs.contains(earlier.rules[$0].id) }
        let ownNearest = matcher.nearest(earlier: later, later: earlier, termCount: corpus.termCount, only: removedPlaces)
        for (p, own) in zip(removedPlaces, ownNearest) {
            var scored = byEarlier.list(p).map { (later: $0.later, score: $0.score, cosine: $0.cosine) }
            for index in own {
                let l = Int(index)
                guard !forbidden.contains(earlier: p, later: l), !scored.contains(where: { $0.later == l }) else { continue }
                let (cosine, score) = matcher.score(later, l, earlier, p)
                scored.append((l, score, cosine))
            }
            // Best first; of equal scores, the newer rule read first.
            let place = places.later(whereNeighboursOf: p)
            let words = UnlikeLengths.words(earlier.rules[p].text)
            let best = scored.filter { $0.score > 0 }.sorted { ($1.score, $0.later) < ($0.score, $1.later) }.map { candidate in
                CounterpartCandidate(
                    rule: later.rules[candidate.later].id, score: candidate.score, similarity: candidate.cosine,
                    keptWordForWord: kept.isKept(later: candidate.later, candidateOf: p) ? true : nil,
                    whereNeighboursWent: place.contains(candidate.later) ? true : nil,
                    unlikeInLength: UnlikeLengths.areUnlike(words, UnlikeLengths.words(later.rules[candidate.later].text)) ? true : nil)
            }
            found[earlier.rules[p].id] = Array(ordered(best).prefix(limit))
        }
        return found.filter { !$0.value.isEmpty }
    }

    /// `candidates` (best first) in the order a reader is shown them: those where the rule's
    /// neighbours went raised, those the other edition keeps word for word after the rest, and
    /// those unlike the rule in length last.
    static func ordered(_ candidates: [CounterpartCandidate]) -> [CounterpartCandidate] {
        UnlikeLengths.unlikeLast(keptLast(NeighbourPlaces.placedFirst(candidates)))
    }

    /// `candidates` (best first) with those the other edition keeps word for word after the
    /// others, each part in its order: a rule the other edition holds with the same words already
    /// has its counterpart there, so it is rarely the one a rule called removed or added became or
    /// came from (docs/lineage.md measures it on the gold sets).
    static func keptLast(_ candidates: [CounterpartCandidate]) -> [CounterpartCandidate] {
        candidates.filter { $0.keptWordForWord != true } + candidates.filter { $0.keptWordForWord == true }
    }

    /// Which rules of two editions the other one keeps word for word: every rule of their words
    /// (`EditionTerms.Rule.sameWordsKey`) in one edition has one in the other, as many there as
    /// here (of two copies where the newer edition has one, one is not kept), and at least one
    /// of them is no pair a decision rejects. A candidate of the same words as the rule it is a
    /// candidate of is no counterpart found elsewhere: it is never called kept.
    struct KeptWords {
        private let earlier: LinkableRules
        private let later: LinkableRules
        private let forbidden: ForbiddenPairs
        private let earlierByWords: [Int: [Int]]
        private let laterByWords: [Int: [Int]]

        init(earlier: LinkableRules, later: LinkableRules, forbidden: ForbiddenPairs) {
            self.earlier = earlier
            self.later = later
            self.forbidden = forbidden
            earlierByWords = Dictionary(grouping: earlier.rules.indices) { earlier.rules[$0].sameWordsKey }
            laterByWords = Dictionary(grouping: later.rules.indices) { later.rules[$0].sameWordsKey }
        }

        /// Whether the older rule `e`, a candidate of the newer rule `l`, is kept in the newer edition.
        func isKept(earlier e: Int, candidateOf l: Int) -> Bool {
            isKept(words: earlier.rules[e].sameWordsKey, besides: later.rules[l].sameWordsKey, here: earlierByWords, there: laterByWords) {
                !forbidden.contains(earlier: e, later: $0)
            }
        }

        /// Whether the newer rule `l`, a candidate of the older rule `e`, is kept from the older edition.
        func isKept(later l: Int, candidateOf e: Int) -> Bool {
            isKept(words: later.rules[l].sameWordsKey, besides: earlier.rules[e].sameWordsKey, here: laterByWords, there: earlierByWords) {
                !forbidden.contains(earlier: $0, later: l)
            }
        }

        /// A candidate's `words`, not those of the rule it is a candidate of (`besides`), held by
        /// as many rules `there` as `here`, one of them in a pair `allowed`.
        private func isKept(
            words: Int, besides: Int, here: [Int: [Int]], there: [Int: [Int]], allowed: (Int) -> Bool
        ) -> Bool {
            guard words != besides, let copies = there[words] else { return false }
            return copies.count >= here[words, default: []].count && copies.contains(where: allowed)
        }
    }

    /// The pairs of the two editions a decision rejects: a rejected counterpart is no candidate.
    private static func rejected(_ db: Database, earlier: LinkableRules, later: LinkableRules) throws -> ForbiddenPairs {
        let rejections = try LinkDecisions.inForce(db).filter { $0.verdict == .reject }
        guard !rejections.isEmpty else { return .none }
        let earlierPlace = Dictionary(uniqueKeysWithValues: earlier.rules.indices.map { (earlier.rules[$0].id, $0) })
        return ForbiddenPairs(
            rejectedInto: Dictionary(grouping: rejections, by: \.to).mapValues { $0.map(\.from) },
            laterIDs: later.rules.lazy.map(\.id)
        ) { earlierPlace[$0] }
    }
}
