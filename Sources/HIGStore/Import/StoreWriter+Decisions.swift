import Foundation
import HIGDatabase
import HIGLineage
import HIGText

/// A reader's decisions about lineage links: confirm a link, reject one, forget a decision. Each
/// is one transaction that records the decision and relinks every edition with it.
extension StoreWriter {
    /// Confirms (`verdict` confirm, with `change` or nil to read it off the texts) or rejects the
    /// link from rule `from` to rule `to`, and relinks. The rules are ids (former ids too); the
    /// earlier rule comes first, and their editions must be compared with each other
    /// (consecutive, with only excerpts between them, or with one complete edition between,
    /// which lacked the earlier rule: a restoration).
    public static func decide(
        _ verdict: CuratedLink.Verdict, from: String, to: String, change: ChangeClass? = nil, why: String, path: String
    ) throws -> LinkDecisionOutcome {
        guard !why.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw HIGError.linkReasonMissing }
        return try writing(path) { store in
            let (from, to) = try store.comparedPair(from: from, to: to)
            let before = try store.links(touching: [from, to])
            let decision = CuratedLink(
                from: from, to: to, verdict: verdict, change: verdict == .confirm ? change : nil, why: why, origin: .reader)
            try LinkDecisions.record(decision, store.db)
            try Linker.link(store.db, curated: LinkDecisions.inForce(store.db))
            let recorded = try store.linkDecisions().first { $0.origin == .reader && $0.from == from && $0.to == to }
            return LinkDecisionOutcome(decision: recorded, linksBefore: before, linksAfter: try store.links(touching: [from, to]))
        }
    }

    /// Removes the reader's decision on the link from `from` to `to`, and relinks.
    public static func forgetDecision(from: String, to: String, path: String) throws -> LinkDecisionOutcome {
        try writing(path) { store in
            let from = try store.rule(id: from)?.id ?? from
            let to = try store.rule(id: to)?.id ?? to
            let before = try store.links(touching: [from, to])
            guard try LinkDecisions.forget(from: from, to: to, store.db) else { throw HIGError.noLinkDecision(from: from, to: to) }
            try Linker.link(store.db, curated: LinkDecisions.inForce(store.db))
            return LinkDecisionOutcome(decision: nil, linksBefore: before, linksAfter: try store.links(touching: [from, to]))
        }
    }

    /// Runs `body` on the database at `path` in one write transaction, after the checks `open`
    /// makes (and its migration).
    private static func writing<T>(_ path: String, _ body: (RuleStore) throws -> T) throws -> T {
        _ = try RuleStore.open(path: path)
        guard FileManager.default.isWritableFile(atPath: path) else { throw HIGError.databaseReadOnly(path: path) }
        do {
            let db = try Database(path: path, mode: .readWrite, busyTimeout: RuleStore.busyTimeout())
            try RuleStore.checkIsHIGDatabase(db)
            try prepareForWriting(db)
            let store = RuleStore(db: db)
            return try db.transaction {
                // Relinking needs the curated-links file's decisions, which an import writes: links
                // made before them would lose them.
                guard try db.scalar("SELECT 1 FROM store_facts WHERE key = ?", Linker.digestKey) != nil else {
                    throw HIGError.linksNeedImport(path: path)
                }
                return try body(store)
            }
        } catch let error as SQLiteError {
            throw RuleStore.translate(error, path: path)
        }
    }
}
