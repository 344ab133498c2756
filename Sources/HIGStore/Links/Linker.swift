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

    static func link(_ db: Database, curated: [CuratedLink] = [], lexicon: LineageLexicon = .bundled,
                     matcher: RuleMatcher = RuleMatcher()) throws {
        try db.execute("DELETE FROM rule_links")
        try db.execute("DELETE FROM rule_force")
        var timer = StageTimer()
        let corpus = try LinkCorpus.load(db, lexicon: lexicon)
        timer.lap("lineage: term vectors")
        var force: [NormativeForce] = []
        for rule in corpus.rules {
            let value = NormativeForce.of(rule.text)
            force.append(value)
            try db.execute("INSERT INTO rule_force (rule_id, force) VALUES (?, ?)", rule.id, value.rawValue)
        }
        let editions = corpus.editions
        let indexOfID = Dictionary(uniqueKeysWithValues: corpus.rules.enumerated().map { ($0.element.id, $0.offset) })
        let curatedTo = Dictionary(grouping: curated, by: \.to)
        // hasDescendant[k][i]: rule i of edition k already continues in a later edition.
        var hasDescendant = editions.map { [Bool](repeating: false, count: $0.rules.count) }
        for k in editions.indices.dropFirst() {
            var unmatched = Array(editions[k].rules.indices)
            var back = k - 1
            while back >= 0 && !unmatched.isEmpty {
                // Curated links into this edition from that one are taken as they are.
                var pinnedEarlier = Set<Int>()
                unmatched = try unmatched.filter { laterIndex in
                    let to = editions[k].rules[laterIndex]
                    let pins = (curatedTo[corpus.rules[to].id] ?? []).filter { corpus.rules[indexOfID[$0.from]!].edition == editions[back].id }
                    for pin in pins {
                        let from = indexOfID[pin.from]!
                        if let position = editions[back].rules.firstIndex(of: from) {
                            hasDescendant[back][position] = true
                            pinnedEarlier.insert(position)
                        }
                        try writeCurated(pin, from: corpus.rules[from], to: corpus.rules[to], forces: (force[from], force[to]), db)
                    }
                    return pins.isEmpty
                }
                let eligible = editions[back].rules.indices.filter {
                    !pinnedEarlier.contains($0) && (back == k - 1 || !hasDescendant[back][$0])
                }
                let earlier = eligible.map { corpus.rules[editions[back].rules[$0]] }
                let later = unmatched.map { corpus.rules[editions[k].rules[$0]] }
                let links = matcher.match(earlier: earlier, later: later, termCount: corpus.termCount)
                var matchedLater = Set<Int>()
                for link in links {
                    let earlierIndex = eligible[link.earlier]
                    let laterIndex = unmatched[link.later]
                    hasDescendant[back][earlierIndex] = true
                    matchedLater.insert(link.later)
                    let from = editions[back].rules[earlierIndex]
                    let to = editions[k].rules[laterIndex]
                    try write(link, from: corpus.rules[from], to: corpus.rules[to], forces: (force[from], force[to]), db)
                }
                unmatched = unmatched.enumerated().filter { !matchedLater.contains($0.offset) }.map(\.element)
                // Look further back only across an excerpt.
                guard editions[back].isExcerpt else { break }
                back -= 1
            }
        }
        try db.execute("""
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, digest(lexicon, curated))
    }


    private static func write(_ link: RuleMatcher.Link, from: LinkableRule, to: LinkableRule,
                              forces: (NormativeForce, NormativeForce), _ db: Database) throws {
        let change: ChangeClass = switch link.shape {
        case .split: .split
        case .merged: .merged
        case .single: ChangeClass.of(from: from.text, to: to.text, cosine: link.cosine).0
        }
        try insert(from: from, to: to, change: change, similarity: link.cosine, method: "matcher", forces: forces,
                   rationale: nil, db)
    }

    private static func writeCurated(_ link: CuratedLink, from: LinkableRule, to: LinkableRule,
                                     forces: (NormativeForce, NormativeForce), _ db: Database) throws {
        try insert(from: from, to: to, change: link.change, similarity: from.cosine(to), method: "curated", forces: forces,
                   rationale: link.why, db)
    }

    /// One row of `rule_links`, with its flags; a matcher link's rationale says what its flags mean.
    private static func insert(from: LinkableRule, to: LinkableRule, change: ChangeClass, similarity: Double, method: String,
                               forces: (NormativeForce, NormativeForce), rationale: String?, _ db: Database) throws {
        let forceChanged = forces.0 != forces.1 && change != .unchanged
        let reversal = isReversal(from: from.text, to: to.text)
        var notes: [String] = []
        if forceChanged { notes.append("force: \(forces.0.rawValue) → \(forces.1.rawValue)") }
        if reversal { notes.append("reversal: the later rule recommends what the earlier one ruled out, or the other way round") }
        try db.execute("""
            INSERT INTO rule_links (from_rule, to_rule, change, similarity, method, force_from, force_to,
                                    force_changed, reversal, rationale)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, from.id, to.id, change.rawValue, (similarity * 1000).rounded() / 1000, method, forces.0.rawValue,
            forces.1.rawValue, forceChanged ? 1 : 0, reversal ? 1 : 0, rationale ?? (notes.isEmpty ? nil : notes.joined(separator: "; ")))
    }

    /// A reversal: the later rule recommends a word the earlier one rejected, or rejects one it
    /// recommended ("use the word tap (not choose)" → "use a term like choose"; "Prefer OK" →
    /// "Avoid using OK"). A prescription turned into a prohibition is not enough by itself:
    /// "Keep the message short" and "Avoid a message that is too long" say the same.
    static func isReversal(from old: String, to new: String) -> Bool {
        let before = NormativeForce.terms(of: old)
        let after = NormativeForce.terms(of: new)
        return !before.rejected.isDisjoint(with: after.recommended) || !before.recommended.isDisjoint(with: after.rejected)
    }
}
