import Foundation

/// Links every rule to its counterparts in earlier editions and stores the links, inside the
/// import's transaction.
///
/// Each edition is matched against the one before it. A rule left without a counterpart there
/// is looked for further back while the editions in between are excerpts: an excerpt that
/// lacks a rule says nothing about it (2008 → 2011 skips the 2010 excerpt). Only earlier rules
/// with no descendant in the skipped editions are candidates then.
enum Linker {
    static let digestKey = "lineage_sha256"

    static func digest(_ lexicon: LineageLexicon, _ curated: [CuratedLink]) -> String {
        SHA256.hex(of: lexicon.digest + "|" + CuratedLink.digest(curated))
    }

    static func isStale(_ db: Database, lexicon: LineageLexicon, curated: [CuratedLink]) throws -> Bool {
        try db.scalar("SELECT value FROM store_facts WHERE key = ?", digestKey)?.string != digest(lexicon, curated)
    }

    /// `prepared`: the editions' terms made while the rules were written, used when they match
    /// the database (`PreparedLinkTerms.sourceIDs`); else the terms are read from it.
    static func link(_ db: Database, curated: [CuratedLink] = [], lexicon: LineageLexicon = .bundled,
                     matcher: RuleMatcher = RuleMatcher(), prepared: consuming PreparedLinkTerms? = nil) throws {
        try db.execute("DELETE FROM rule_links")
        try db.execute("DELETE FROM rule_force")
        var corpus: LinkCorpus
        // Each prepared edition is let go once loaded, like an edition read from the database.
        var preparedEditions: [EditionTerms?] = []
        var preparedSourceIDs: [Int] = []
        var state = LinkState(curatedTo: Dictionary(grouping: curated, by: \.to))
        if let terms = prepared, let sourceIDs = try terms.sourceIDs(in: db, lexicon: lexicon) {
            corpus = terms.corpus
            preparedEditions = terms.editions
            preparedSourceIDs = sourceIDs
            if matcher.candidatesPerRule == terms.nearestPerRule { state.nearest = terms.nearest }
            StageTimer.report("lineage: term preparation, while writing", terms.duration)
        } else {
            corpus = try LinkCorpus(db, lexicon: lexicon)
        }
        // `preparedEditions` is then the only holder of the editions' terms.
        prepared = nil
        let editions = corpus.editions
        let curatedIDs = Set(curated.flatMap { [$0.from, $0.to] })
        var termVectors: Duration = .zero, matching: Duration = .zero, classifying: Duration = .zero, writing: Duration = .zero
        var forces = BatchInsert(db, into: "rule_force", columns: ["rule_id", "force"])
        var linkRows = BatchInsert(db, into: "rule_links", columns: [
            "from_rule", "to_rule", "change", "similarity", "method", "force_from", "force_to", "force_changed", "reversal", "rationale",
        ])
        /// Reads an edition into `state.loaded` (topics need the database) and gives its forces.
        func load(_ index: Int) throws -> [(rule: String, force: NormativeForce)] {
            let started = ContinuousClock.now
            var edition: EditionTerms
            // Rows go in in key order: each insert then lands next to the one before, in pages
            // already at hand (a third less time than in reading order). Topics are read in it.
            let keyOrder: [Int]
            if index < preparedEditions.count, let prepared = preparedEditions[index] {
                preparedEditions[index] = nil
                edition = prepared
                for rule in edition.rules.indices { edition.rules[rule].source = preparedSourceIDs[edition.rules[rule].source] }
                keyOrder = KeySort.order(count: edition.rules.count, by: { edition.rules[$0].id })
                try corpus.attachTopics(to: &edition, db, keyOrder: keyOrder)
            } else {
                edition = try corpus.load(edition: index, db)
                keyOrder = KeySort.order(count: edition.rules.count, by: { edition.rules[$0].id })
            }
            termVectors += ContinuousClock.now - started
            if !curatedIDs.isEmpty {
                for place in edition.rules.indices where curatedIDs.contains(edition.rules[place].id) {
                    state.curatedPlace[edition.rules[place].id] = (index, place)
                }
            }
            state.loaded[index] = edition
            return keyOrder.map { (edition.rules[$0].id, edition.rules[$0].force) }
        }
        // Edition k's links are found on the other cores while this thread writes what is known
        // before them (forces, the links of edition k - 1) and reads edition k + 1: writing uses
        // one core, and finding links needs no database.
        var pendingForces = editions.isEmpty ? [] : try load(0)
        if editions.count > 1 { pendingForces += try load(1) }
        var pendingLinks: [LinkRow] = []
        func writePending() throws {
            let started = ContinuousClock.now
            for (rule, force) in pendingForces { try forces.append(values: [.text(rule), .text(force.rawValue)]) }
            for row in pendingLinks { try linkRows.append(values: row.values) }
            (pendingForces, pendingLinks) = ([], [])
            writing += ContinuousClock.now - started
        }
        for k in editions.indices.dropFirst() {
            let finding = BackgroundWork { [state, termCount = corpus.termCount] isCancelled in
                try state.links(into: k, editions: editions, termCount: termCount, matcher: matcher, isCancelled: isCancelled)
            }
            // Joined before anything is thrown out of here.
            defer { finding.cancelAndWait() }
            try writePending()
            if k + 1 < editions.count { pendingForces += try load(k + 1) }
            let found = try finding.take().get()
            state.hasDescendant = found.hasDescendant
            state.namedTerms[k] = found.namedTerms
            state.nearest[k] = nil
            pendingLinks = found.rows
            termVectors += found.termVectors
            matching += found.matching
            classifying += found.classifying
            // An edition stays while a later one may still look back to it: across excerpts only.
            for index in state.loaded.keys where index < k && !(index + 1...k).allSatisfy({ editions[$0].isExcerpt }) {
                state.loaded[index] = nil
                state.hasDescendant[index] = nil
                state.namedTerms[index] = nil
            }
        }
        try writePending()
        try forces.finish()
        try linkRows.finish()
        // Reading editions into term vectors is interleaved with matching them, so its time is
        // summed and reported apart, like the import's stages (HIG_TIMING). Writing runs beside
        // the matching of the next edition.
        for (name, duration) in [("term vectors", termVectors), ("matching", matching), ("classifying links", classifying),
                                 ("writing forces and links, beside matching", writing)] {
            StageTimer.report("lineage: \(name)", duration)
        }
        try db.execute("""
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, digest(lexicon, curated))
    }

    /// What linking an edition needs from the editions before it, handed to the thread that
    /// finds its links and back.
    private struct LinkState: Sendable {
        let curatedTo: [String: [CuratedLink]]
        /// Where each rule a curated link names is: (edition, place in it).
        var curatedPlace: [String: (edition: Int, rule: Int)] = [:]
        /// Editions are read when a pair first needs them and dropped when no later pair can.
        var loaded: [Int: EditionTerms] = [:]
        /// hasDescendant[k][i]: rule i of edition k already continues in a later edition.
        var hasDescendant: [Int: [Bool]] = [:]
        /// `PreparedLinkTerms.nearest`: for edition k, its rules' nearest in edition k - 1.
        var nearest: [Int: [[Int32]]] = [:]
        /// namedTerms[k][i]: the words rule i of edition k names to use and to avoid, when it
        /// was linked into (read from its text, or from its earlier rule's when the two are the
        /// same bytes): the earlier side of the next pair, without reading most texts again.
        var namedTerms: [Int: [NamedTerms?]] = [:]

        init(curatedTo: [String: [CuratedLink]]) { self.curatedTo = curatedTo }

        struct Found: Sendable {
            /// `rule_links` rows, in key order per earlier edition.
            let rows: [LinkRow]
            let hasDescendant: [Int: [Bool]]
            /// `namedTerms` of edition k.
            let namedTerms: [NamedTerms?]
            let termVectors: Duration, matching: Duration, classifying: Duration
        }

        /// The links into edition `k` from the one before it and, for rules left without a
        /// counterpart there, from the editions before that while those in between are excerpts.
        /// Needs edition `k` and those it looks back to in `loaded`.
        func links(into k: Int, editions: [LinkCorpus.EditionInfo], termCount: Int, matcher: RuleMatcher,
                   isCancelled: () -> Bool) throws -> Found {
            var hasDescendant = self.hasDescendant
            var rows: [LinkRow] = []
            var laterNamedTerms = [NamedTerms?](repeating: nil, count: loaded[k]!.rules.count)
            var termVectors: Duration = .zero, matching: Duration = .zero, classifying: Duration = .zero
            let laterEdition = loaded[k]!
            var unmatched = Array(laterEdition.rules.indices)
            var back = k - 1
            while back >= 0 && !unmatched.isEmpty {
                guard !isCancelled() else { throw CancellationError() }
                let earlierEdition = loaded[back]!
                var descendants = hasDescendant[back] ?? [Bool](repeating: false, count: earlierEdition.rules.count)
                let started = ContinuousClock.now
                let (earlierRules, laterRules) = LinkCorpus.vectors(earlierEdition, laterEdition, termCount: termCount)
                termVectors += ContinuousClock.now - started
                var found: [FoundLink] = []
                // Curated links into this edition from that one are taken as they are (none to look
                // for when nothing is curated: each look-up hashes a rule's id).
                var pinnedEarlier = Set<Int>()
                if !curatedTo.isEmpty {
                    unmatched = unmatched.filter { laterIndex in
                        let pins = (curatedTo[laterEdition.rules[laterIndex].id] ?? []).filter { curatedPlace[$0.from]?.edition == back }
                        for pin in pins {
                            let from = curatedPlace[pin.from]!.rule
                            descendants[from] = true
                            pinnedEarlier.insert(from)
                            found.append(FoundLink(from: from, to: laterIndex, change: pin.change,
                                                   similarity: earlierRules.cosine(from, laterRules, laterIndex), method: "curated",
                                                   forces: (earlierEdition.rules[from].force, laterEdition.rules[laterIndex].force),
                                                   rationale: pin.why))
                        }
                        return pins.isEmpty
                    }
                }
                let eligible = earlierEdition.rules.indices.filter {
                    !pinnedEarlier.contains($0) && (back == k - 1 || !descendants[$0])
                }
                // All of an edition's rules in play (the usual case): its vectors as they are.
                let earlier = eligible.count == earlierRules.count ? earlierRules : earlierRules.subset(eligible)
                let later = unmatched.count == laterRules.count ? laterRules : laterRules.subset(unmatched)
                let matchStarted = ContinuousClock.now
                // Found before when every rule of both editions is in play (no curated link took any).
                let known = back == k - 1 && earlier.count == earlierRules.count && later.count == laterRules.count ? nearest[k] : nil
                let links = matcher.match(earlier: earlier, later: later, termCount: termCount, nearest: known)
                matching += ContinuousClock.now - matchStarted
                var matchedLater = Set<Int>()
                for link in links {
                    let earlierIndex = eligible[link.earlier]
                    descendants[earlierIndex] = true
                    matchedLater.insert(link.later)
                    let change: ChangeClass? = switch link.shape {
                    case .split: .split
                    case .merged: .merged
                    case .single: nil
                    }
                    found.append(FoundLink(from: earlierIndex, to: unmatched[link.later], change: change, similarity: link.cosine,
                                           method: "matcher",
                                           forces: (earlierEdition.rules[earlierIndex].force, laterEdition.rules[unmatched[link.later]].force),
                                           rationale: nil))
                }
                // Classifying a link reads both texts word by word: on every core; in key order.
                let classifyStarted = ContinuousClock.now
                let sortedLinks = KeySort.order(count: found.count) {
                    (earlierEdition.rules[found[$0].from].id, laterEdition.rules[found[$0].to].id)
                }.map { found[$0] }
                let earlierNamedTerms = namedTerms[back]
                let classified = ParallelChunks.map(count: sortedLinks.count) {
                    sortedLinks[$0].row(earlierRules, laterRules, fromNamedTerms: earlierNamedTerms?[sortedLinks[$0].from])
                }
                rows += classified.map(\.row)
                for (link, classified) in zip(sortedLinks, classified) { laterNamedTerms[link.to] = classified.toNamedTerms }
                classifying += ContinuousClock.now - classifyStarted
                hasDescendant[back] = descendants
                unmatched = unmatched.enumerated().filter { !matchedLater.contains($0.offset) }.map(\.element)
                // Look further back only across an excerpt.
                guard earlierEdition.isExcerpt else { break }
                back -= 1
            }
            return Found(rows: rows, hasDescendant: hasDescendant, namedTerms: laterNamedTerms, termVectors: termVectors,
                         matching: matching, classifying: classifying)
        }
    }

    /// A link found between two rules, its class still to be read from their texts when the
    /// matcher paired them one to one (`change` nil).
    private struct FoundLink: Sendable {
        /// Places in the earlier edition and in the later one.
        let from: Int
        let to: Int
        let change: ChangeClass?
        let similarity: Double
        let method: String
        let forces: (NormativeForce, NormativeForce)
        /// Why a curated link exists; a matcher link's rationale says what its flags mean.
        let rationale: String?

        /// Its row of `rule_links`, flags included, and the words the later rule names to use and
        /// to avoid; `earlier` and `later`: the two editions' rules; `fromNamedTerms`: the earlier
        /// rule's, when known.
        func row(_ earlier: LinkableRules, _ later: LinkableRules,
                 fromNamedTerms: NamedTerms?) -> (row: LinkRow, toNamedTerms: NamedTerms) {
            let (fromText, toText) = (earlier.rules[from].text, later.rules[to].text)
            // Most links join the same bytes (unchanged or moved rules): the same bytes are the
            // same words, so the word-by-word comparison has nothing to find.
            let sameBytes = Linker.sameBytes(fromText, toText)
            let change = change ?? (sameBytes ? .unchanged
                : ChangeClass.of(from: fromText, to: toText, cosine: similarity, leadCosine: earlier.leadCosine(from, later, to)).0)
            let forceChanged = forces.0 != forces.1 && change != .unchanged
            // The same bytes name the same words: one text's words to use and to avoid, read once.
            let fromTerms = fromNamedTerms ?? NormativeForce.terms(of: fromText)
            let toTerms = sameBytes ? fromTerms : NormativeForce.terms(of: toText)
            let reversal = isReversal(from: fromTerms, to: toTerms)
            var notes: [String] = []
            if forceChanged { notes.append("force: \(forces.0.rawValue) → \(forces.1.rawValue)") }
            if reversal { notes.append("reversal: the later rule recommends what the earlier one ruled out, or the other way round") }
            let row = LinkRow(from: earlier.rules[from].id, to: later.rules[to].id, change: change,
                              similarity: (similarity * 1000).rounded() / 1000, method: method, forces: forces,
                              forceChanged: forceChanged, reversal: reversal,
                              rationale: rationale ?? (notes.isEmpty ? nil : notes.joined(separator: "; ")))
            return (row, toTerms)
        }
    }

    /// A row of `rule_links` as plain fields: a pair's rows wait while the next pair is matched,
    /// and an array of values a row took four times the memory.
    private struct LinkRow: Sendable {
        let from: String
        let to: String
        let change: ChangeClass
        let similarity: Double
        let method: String
        let forces: (NormativeForce, NormativeForce)
        let forceChanged: Bool
        let reversal: Bool
        let rationale: String?

        var values: [DatabaseValue] {
            [.text(from), .text(to), .text(change.rawValue), .real(similarity), .text(method), .text(forces.0.rawValue),
             .text(forces.1.rawValue), .integer(forceChanged ? 1 : 0), .integer(reversal ? 1 : 0), rationale.databaseValue]
        }
    }

    /// Whether two texts are the same bytes: their lengths, then their UTF-8 in place (comparing
    /// through `String.UTF8View`'s indices cost more than classifying the links that differ).
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var (first, second) = (first, second)
        return first.withUTF8 { first in
            second.withUTF8 { second in first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0 }
        }
    }

    /// A reversal: the later rule recommends a word the earlier one rejected, or rejects one it
    /// recommended ("use the word tap (not choose)" → "use a term like choose"; "Prefer OK" →
    /// "Avoid using OK"). A prescription turned into a prohibition is not enough by itself:
    /// "Keep the message short" and "Avoid a message that is too long" say the same.
    static func isReversal(from old: String, to new: String) -> Bool {
        isReversal(from: NormativeForce.terms(of: old), to: NormativeForce.terms(of: new))
    }

    /// Words a rule names to use and to avoid (`NormativeForce.terms`).
    typealias NamedTerms = (recommended: Set<String>, rejected: Set<String>)

    static func isReversal(from before: NamedTerms, to after: NamedTerms) -> Bool {
        !before.rejected.isDisjoint(with: after.recommended) || !before.recommended.isDisjoint(with: after.rejected)
    }
}
