import Foundation
import HIGStore
import HIGDatabase

/// How well the lineage `hig` computed at import matches the truth, between consecutive editions.
///
/// A link is a pair (earlier rule, later rule), rules named by position (edition, file,
/// `line_start`), as in `truth.jsonl`. Links that skip an edition are left out: the generator
/// never brings a rule back. hig has no "moved" class (a moved rule keeps its words, so hig
/// calls the link `unchanged`), so the `unchanged` row counts the truth's unchanged and moved
/// links together and the `moved` row gives only how many of them were found. A removed rule is
/// an earlier rule with no link into the next edition; an added rule a later rule with no link
/// from the previous one.
public struct LineageScore: Sendable, Codable {
    public struct Row: Sendable, Codable {
        public let name: String
        public var truth = 0
        /// Nil where hig has no such class (moved).
        public var predicted: Int?
        public var correct = 0

        public var precision: Double? { predicted.map { $0 == 0 ? (truth == 0 ? 1 : 0) : Double(correct) / Double($0) } }
        public var recall: Double { truth == 0 ? 1 : Double(correct) / Double(truth) }
        public var f1: Double? {
            guard let precision else { return nil }
            return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        }
    }

    /// Pairs found, whatever their class.
    public var links: Row
    /// Pairs found with the class the truth expects (hig's class for each truth class below).
    public var labelled: Row
    /// unchanged (with moved), reworded, revised, split, merged, moved, removed, added.
    public var classes: [Row]
    /// Link F1 per pair of editions ("g1>g2").
    public var perTransition: [String: Double]

    /// hig's class for each of the truth's link classes.
    static let expectedLabel: [TruthChange: String] = [
        .unchanged: "unchanged", .moved: "unchanged", .reworded: "reworded", .revised: "revised",
        .split: "split", .merged: "merged",
    ]

    public static func score(database: String, editions: URL) throws -> LineageScore {
        let store = try RuleStore.open(path: database)
        let truth = try TruthLink.read(editions.appending(path: TruthLink.fileName))
        var paths = ManifestPaths(truth.flatMap { [$0.from?.file, $0.to?.file].compactMap { $0 } })

        var position: [String: RulePosition] = [:]
        for row in try store.db.rows(
            """
            SELECT r.id, r.edition_id, s.path, r.line_start FROM rules r JOIN sources s ON s.id = r.source_id
            """)
        {
            guard let file = paths.manifestPath(row.string("path")) else { continue }
            position[row.string("id")] = RulePosition(edition: row.string("edition_id"), file: file, line: row.int("line_start"))
        }
        let order = try store.editionIDs()
        func next(_ edition: String) -> String? {
            order.firstIndex(of: edition).flatMap { $0 + 1 < order.count ? order[$0 + 1] : nil }
        }

        struct Pair: Hashable {
            let from: RulePosition
            let to: RulePosition
        }
        var predicted: [Pair: String] = [:]
        for row in try store.db.rows("SELECT from_rule, to_rule, change FROM rule_links") {
            guard let from = position[row.string("from_rule")], let to = position[row.string("to_rule")],
                next(from.edition) == to.edition
            else { continue }
            predicted[Pair(from: from, to: to)] = row.string("change")
        }

        var truePairs: [Pair: TruthChange] = [:]
        var removed = Set<RulePosition>()
        var added = Set<RulePosition>()
        var linkedFrom = Set<RulePosition>()
        var linkedTo = Set<RulePosition>()
        var allFrom = Set<RulePosition>()
        var allTo = Set<RulePosition>()
        for link in truth {
            if let from = link.from { allFrom.insert(from) }
            if let to = link.to { allTo.insert(to) }
            switch (link.from, link.to) {
            case let (from?, to?): truePairs[Pair(from: from, to: to)] = link.change
            case let (from?, nil): removed.insert(from)
            case let (nil, to?): added.insert(to)
            case (nil, nil): break
            }
        }
        for pair in predicted.keys {
            linkedFrom.insert(pair.from)
            linkedTo.insert(pair.to)
        }
        let predictedRemoved = allFrom.subtracting(linkedFrom)
        let predictedAdded = allTo.subtracting(linkedTo)

        var links = Row(name: "links (any class)", truth: truePairs.count, predicted: predicted.count)
        var labelled = Row(name: "links (right class)", truth: truePairs.count, predicted: predicted.count)
        for (pair, label) in predicted {
            guard let change = truePairs[pair] else { continue }
            links.correct += 1
            if expectedLabel[change] == label { labelled.correct += 1 }
        }

        var classes: [Row] = []
        for (name, members) in [
            ("unchanged + moved", [TruthChange.unchanged, .moved]), ("reworded", [.reworded]),
            ("revised", [.revised]), ("split", [.split]), ("merged", [.merged]),
        ] {
            let label = expectedLabel[members[0]]!
            var row = Row(name: name, predicted: predicted.values.filter { $0 == label }.count)
            row.truth = truePairs.values.filter { members.contains($0) }.count
            row.correct = predicted.filter { $0.value == label && truePairs[$0.key].map(members.contains) == true }.count
            classes.append(row)
        }
        var moved = Row(name: "moved (found, any class)", predicted: nil)
        moved.truth = truePairs.values.filter { $0 == .moved }.count
        moved.correct = truePairs.filter { $0.value == .moved && predicted[$0.key] != nil }.count
        classes.append(moved)
        classes.append(
            Row(
                name: "removed", truth: removed.count, predicted: predictedRemoved.count,
                correct: removed.intersection(predictedRemoved).count))
        classes.append(
            Row(
                name: "added", truth: added.count, predicted: predictedAdded.count,
                correct: added.intersection(predictedAdded).count))

        var perTransition: [String: Double] = [:]
        for (earlier, later) in zip(order, order.dropFirst()) {
            let truthHere = truePairs.keys.filter { $0.from.edition == earlier }
            let predictedHere = predicted.keys.filter { $0.from.edition == earlier }
            let found = predictedHere.filter { truePairs[$0] != nil }.count
            let row = Row(name: "\(earlier)>\(later)", truth: truthHere.count, predicted: predictedHere.count, correct: found)
            perTransition[row.name] = row.f1 ?? 0
        }
        return LineageScore(links: links, labelled: labelled, classes: classes, perTransition: perTransition)
    }
}
