import Foundation
import HIGDatabase
import HIGLineage
import HIGText

/// Rules.
extension RuleStore {
    /// The rules that pass `filter`, in edition and reading order.
    public func rules(_ filter: RuleFilter = RuleFilter()) throws -> [RuleRecord] {
        try answering {
            let filter = try resolved(filter)
            return try db.rows(ReadQueries.rules, arguments: filter.conditionArguments).map(Self.record)
        }
    }

    public func rule(id: String) throws -> RuleRecord? {
        try answering {
            if let record = try db.rows(ReadQueries.ruleByID, arguments: [id]).first.map(Self.record) { return record }
            // A former id (from before its edition was renamed) names the rule with its words now.
            guard let former = try formerRuleID(id) else { return nil }
            return try db.rows(ReadQueries.ruleByID, arguments: [former.ruleID]).first.map(Self.record)
        }
    }

    /// What a former rule id names now, or nil when `id` is no former id.
    public func formerRuleID(_ id: String) throws -> FormerRuleID? {
        try answering {
            try db.rows(ReadQueries.formerRuleID, id).first.map {
                FormerRuleID(formerID: id, ruleID: $0.string("rule_id"), note: $0.string("note"))
            }
        }
    }

    /// One edition's rule ids in reading order.
    func ruleIDs(edition: String) throws -> [String] {
        var sources: [Int] = []
        try db.forEachRow(ReadQueries.editionSourcesInReadingOrder, arguments: [edition]) { sources.append($0.int(0)) }
        var ids: [String] = []
        for source in sources {
            try db.forEachRow(ReadQueries.sourceRuleIDs, arguments: [source]) { ids.append($0.string(0)) }
        }
        return ids
    }

    /// The words and citations of the rules `diff` shows: its removed, added and changed rules.
    public func ruleTexts(of diff: EditionDiff) throws -> [String: RuleText] {
        try answering {
            var shown = Set(diff.removed + diff.added + diff.restored + diff.leftOut + diff.notInExcerpt + diff.notInFromExcerpt)
            for candidates in (diff.candidates ?? [:]).values { shown.formUnion(candidates.map(\.rule)) }
            for pair in diff.changed {
                shown.insert(pair.from)
                shown.insert(pair.to)
            }
            var texts: [String: RuleText] = [:]
            texts.reserveCapacity(shown.count)
            for edition in [diff.from, diff.to] {
                try db.forEachRow(ReadQueries.editionTexts, arguments: [edition]) { row in
                    let id = row.string(0)
                    guard shown.contains(id) else { return }
                    texts[id] = RuleText(
                        id: id, text: row.string(1),
                        citation: RuleRecord.Source.citation(file: row.string(4), lineStart: row.int(2), lineEnd: row.int(3)))
                }
            }
            return texts
        }
    }

    public func detail(id: String) throws -> RuleDetail {
        try answering {
            guard let record = try rule(id: id) else { throw try unknownRule(id) }
            let repairs = try db.rows(ReadQueries.repairsOfRule, id)
                .map {
                    Repair(
                        line: $0.int("line"), kind: Repair.Kind(rawValue: $0.string("kind")) ?? .gluedWords,
                        original: $0.string("original"), replacement: $0.string("replacement"))
                }
            let related = { (row: Row) in
                RuleDetail.Related(
                    id: row.string("id"), kind: RuleKind(rawValue: row.string("kind")) ?? .context,
                    summary: row.optionalString("title") ?? row.string("text"))
            }
            let parent = try record.parent.flatMap { try db.rows(ReadQueries.ruleSummary, $0).first.map(related) }
            let children = try db.rows(ReadQueries.childrenOfRule, id).map(related)
            let editionName = try db.scalar(ReadQueries.editionName, record.edition)?.string ?? record.edition
            var detail = try withVersions(
                RuleDetail(record: record, editionName: editionName, repairs: repairs, parent: parent, children: children))
            if record.id != id { detail.formerID = try formerRuleID(id) }
            return detail
        }
    }

    static func record(_ row: Row) -> RuleRecord {
        RuleRecord(
            id: row.string("id"), edition: row.string("edition_id"),
            kind: RuleKind(rawValue: row.string("kind")) ?? .context,
            section: row.optionalString("section"), title: row.optionalString("title"), text: row.string("text"),
            verbatim: row.string("verbatim"),
            platforms: row.optionalString("platforms")?.split(separator: "\u{1F}").map(String.init) ?? [],
            parent: row.optionalString("parent_id"),
            topics: row.optionalString("topics")?.split(separator: "\u{1F}").map(String.init) ?? [],
            previous: row.optionalString("previous")?.split(separator: "\u{1F}").map(String.init) ?? [],
            change: row.optionalString("change"),
            source: .init(
                file: row.string("path"), lineStart: row.int("line_start"), lineEnd: row.int("line_end"),
                document: row.string("document"), chunk: row.optionalInt("chunk"), page: row.optionalInt("page"),
                sha256: row.string("sha256")))
    }

    static func decodeList(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    /// A LIKE pattern that matches `prefix` literally, whatever it holds.
    static func likePrefix(_ prefix: String) -> String {
        prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}
