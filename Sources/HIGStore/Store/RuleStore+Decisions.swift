import Foundation
import HIGLineage
import HIGText

/// The decisions about lineage links as stored, and what recording one reads
/// (`StoreWriter+Decisions` records them).
extension RuleStore {
    /// Every decision, the curated-links file's first, then the reader's; each with whether the
    /// linker follows it now and, when not, why.
    public func linkDecisions() throws -> [LinkDecision] {
        try answering { try LinkDecisions.listed(db) }
    }

    /// The rule ids `from` and `to` name, checked to be rules of editions the linker compares,
    /// the earlier first.
    func comparedPair(from: String, to: String) throws -> (String, String) {
        guard let fromRule = try rule(id: from) else { throw try unknownRule(from) }
        guard let toRule = try rule(id: to) else { throw try unknownRule(to) }
        let editions = try LinkCorpus.editions(in: db)
        guard let f = editions.firstIndex(where: { $0.id == fromRule.edition }),
            let t = editions.firstIndex(where: { $0.id == toRule.edition })
        else {
            throw HIGError.linkRulesOutOfOrder(from: fromRule.id, fromEdition: fromRule.edition, to: toRule.id, toEdition: toRule.edition)
        }
        let graph = try editionGraph()
        guard let between = try descent(from: fromRule.edition, to: toRule.edition, in: graph) else {
            throw HIGError.linkRulesOutOfOrder(from: fromRule.id, fromEdition: fromRule.edition, to: toRule.id, toEdition: toRule.edition)
        }
        // Lineage compares an edition with its predecessors and, across excerpts, the editions
        // behind them, and brings back a rule that a complete edition compared with removed.
        let reachable =
            Linker.LinkState.compared(with: t, editions).contains { $0.edition == f }
            || Linker.LinkState.restorable(into: t, editions).contains(f)
        if !reachable {
            let complete = between.filter { id in editions.first { $0.id == id }.map { !$0.isExcerpt } ?? false }
            throw HIGError.linkEditionsNotCompared(from: fromRule.id, to: toRule.id, between: complete.joined(separator: " and "))
        }
        return (fromRule.id, toRule.id)
    }

    /// The links into or out of any of `rules`.
    package func links(touching rules: Set<String>) throws -> [LinkRecord] {
        try links { rules.contains($0) || rules.contains($1) }
    }

}
