import Foundation
import HIGDatabase
import HIGText

/// Links every rule to its counterparts in earlier editions and stores the links, inside the
/// import's transaction.
///
/// Each edition is matched against each of its predecessors in the family tree. A rule left
/// without a counterpart in an excerpt is looked for in the editions that excerpt was revised
/// from: an excerpt that lacks a rule says nothing about it (2008 → 2011 skips the 2010
/// excerpt). Only earlier rules with no descendant in the skipped excerpts are candidates then.
/// Rules complete editions lacked are kept for up to three editions, to be restored
/// (`Departed`).
package enum Linker {
    package static let digestKey = "lineage_sha256"

    /// Which matcher and classifier made the links: raised whenever a change to them changes
    /// what links they make, so that a database made by an older `hig` is relinked by the next
    /// import even when no rule changed.
    static let revision = 6

    /// What the links depend on besides the rules: the matcher's revision, the lexicon, the
    /// decisions, the confidence model, and which edition descends from which (`familyTree`).
    static func digest(_ lexicon: LineageLexicon, _ curated: [CuratedLink], familyTree: String, revision: Int = revision) -> String {
        SHA256.hex(
            of: "\(revision)|" + lexicon.digest + "|" + CuratedLink.digest(curated) + "|" + LinkConfidence.bundled.digest + "|"
                + familyTree)
    }

    /// Each edition's predecessors as stored, one edition a line: a tree changed in the manifest
    /// relinks even when no rule changed.
    static func familyTree(_ db: Database) throws -> String {
        try db.rows(
            "SELECT edition_id, group_concat(predecessor_id, ',') AS predecessors FROM (SELECT * FROM edition_predecessors ORDER BY edition_id, seq) GROUP BY edition_id ORDER BY edition_id"
        ).map { $0.string("edition_id") + "<" + $0.string("predecessors") }.joined(separator: "\n")
    }

    package static func isStale(_ db: Database, lexicon: LineageLexicon, curated: [CuratedLink]) throws -> Bool {
        try db.scalar("SELECT value FROM store_facts WHERE key = ?", digestKey)?.string
            != digest(lexicon, curated, familyTree: familyTree(db))
    }

    /// `prepared`: the editions' terms made while the rules were written, used when they match
    /// the database (`PreparedLinkTerms.sourceIDs`); else the terms are read from it.
    package static func link(
        _ db: Database, curated: [CuratedLink] = [], lexicon: LineageLexicon = .bundled,
        matcher: RuleMatcher = RuleMatcher(), prepared: consuming PreparedLinkTerms? = nil
    ) throws {
        try db.execute("DELETE FROM rule_links")
        try db.execute("DELETE FROM rule_force")
        var run = try Run(db, curated: curated, lexicon: lexicon, matcher: matcher, prepared: consume prepared)
        try run.linkEveryEdition()
        run.timings.report()
        try db.execute(
            """
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, digest(lexicon, curated, familyTree: familyTree(db)))
    }

    /// How long each step of linking took, summed over the pairs of editions.
    struct Timings: Sendable {
        var termVectors: Duration = .zero
        var matching: Duration = .zero
        var classifying: Duration = .zero
        var writing: Duration = .zero

        static func += (total: inout Timings, more: Timings) {
            total.termVectors += more.termVectors
            total.matching += more.matching
            total.classifying += more.classifying
            total.writing += more.writing
        }

        /// Reading editions into term vectors is interleaved with matching them, so its time is
        /// summed and reported apart, like the import's stages (HIG_TIMING). Writing runs beside
        /// the matching of the next edition.
        func report() {
            for (name, duration) in [
                ("term vectors", termVectors), ("matching", matching), ("classifying links", classifying),
                ("writing forces and links, beside matching", writing),
            ] {
                StageTimer.report("lineage: \(name)", duration)
            }
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
    /// "Avoid using OK"), or advises against an act the earlier one recommended, or the other
    /// way round ("Consider making the Cancel button the default button" → "you don't want to
    /// make a Cancel button the default button": `NormativeForce.actsReversed`). A prescription
    /// turned into a prohibition is not enough by itself: "Keep the message short" and "Avoid a
    /// message that is too long" say the same.
    static func isReversal(from old: String, to new: String) -> Bool {
        isReversal(from: NormativeForce.terms(of: old), to: NormativeForce.terms(of: new))
            || !sameBytes(old, new) && NormativeForce.actsReversed(from: old, to: new)
    }

    /// Words a rule names to use and to avoid (`NormativeForce.terms`).
    typealias NamedTerms = (recommended: Set<String>, rejected: Set<String>)

    /// A word a text rules out is not one it recommends, though a pattern reads both
    /// (`Don't use "screen dump."` holds `use "screen dump."`): else a rule kept word for word
    /// reverses itself.
    static func isReversal(from before: NamedTerms, to after: NamedTerms) -> Bool {
        let (used, nowUsed) = (before.recommended.subtracting(before.rejected), after.recommended.subtracting(after.rejected))
        return !before.rejected.isDisjoint(with: nowUsed) || !used.isDisjoint(with: after.rejected)
    }
}
