import Foundation
import HIGStore
import HIGText

/// Everything an export shows: the rules that pass a filter, and what they need around them
/// (their editions and source files, the topic names, the lineages they belong to).
public struct ExportContent: Sendable, Equatable {
    public typealias Topic = StoredTopic

    /// One source file as the exported rules cite it.
    public struct SourceFile: Sendable, Equatable {
        public let edition: String
        public let file: String
        public let document: String
        /// The chunks of the PDF conversion the exported rules lie in, in order: one for a chunk
        /// file, any number for a whole document, none for other sources.
        public let chunks: [Int]
        public let sha256: String
        /// The first and last line any exported rule cites.
        public let lines: ClosedRange<Int>
        public let rules: Int

        /// `2011 iOS Human Interface Guidelines.pdf, chunk 131`, `…, chunks 3–41`.
        public var documentAndChunk: String {
            guard let first = chunks.first, let last = chunks.last else { return document }
            if first == last { return "\(document), chunk \(first)" }
            return "\(document), chunks \(first)–\(last)"
        }
        public var shortHash: String { String(sha256.prefix(12)) }
    }

    public let rules: [RuleRecord]
    /// Every edition of the database, oldest first, exported rules or not.
    public let editions: [EditionSummary]
    /// Every topic, in taxonomy order.
    public let topics: [Topic]
    /// The lineages (two or more linked versions) that hold an exported rule, each whole, in the
    /// order of their first exported rule.
    public let lineages: [Lineage]
    public let filter: RuleFilter
    /// `hig diff A B` (with the filter's topic) for each edition and the one before it, for the
    /// editions of the exported rules: what the report's "At a glance" counts; nil when not
    /// asked for (no summary is shown).
    public var editionDiffs: [EditionDiff]?
    /// What became of each exported rule that no later edition continues, by rule id.
    public var fates: [String: RuleFate] = [:]
    /// Apple's own change notes in the files the exported rules are read from.
    public var changeNotes: [EditionChangeNote] = []

    public init(rules: [RuleRecord], editions: [EditionSummary], topics: [Topic], lineages: [Lineage], filter: RuleFilter) {
        self.rules = rules
        self.editions = editions
        self.topics = topics
        self.lineages = lineages
        self.filter = filter
    }

    /// The source files the rules cite, in rule order.
    public var sourceFiles: [SourceFile] {
        var order: [String] = []
        var byFile: [String: [RuleRecord]] = [:]
        for rule in rules {
            if byFile[rule.source.file] == nil { order.append(rule.source.file) }
            byFile[rule.source.file, default: []].append(rule)
        }
        return order.map { file in
            let cited = byFile[file]!
            let source = cited[0].source
            return SourceFile(
                edition: cited[0].edition, file: file, document: source.document,
                chunks: Set(cited.compactMap(\.source.chunk)).sorted(), sha256: source.sha256,
                lines: cited.map(\.source.lineStart).min()!...cited.map(\.source.lineEnd).max()!, rules: cited.count)
        }
    }

    /// The editions that have exported rules, oldest first.
    public var editionsExported: [EditionSummary] {
        let used = Set(rules.map(\.edition))
        return editions.filter { used.contains($0.id) }
    }

    /// `All 114 rules from editions 2008, 2010, 2011 and current`, or
    /// `39 rules (edition 2011, kind guideline) from edition 2011`.
    public var scopeSentence: String {
        let n = rules.count
        let ids = editionsExported.map(\.id)
        let list = ids.count > 1 ? ids.dropLast().joined(separator: ", ") + " and " + ids.last! : ids.first ?? ""
        let editions = ids.isEmpty ? "no edition" : "\(ids.count == 1 ? "edition" : "editions") \(list)"
        let rules = "\(n) rule\(n == 1 ? "" : "s")"
        return filter == RuleFilter() ? "All \(rules) from \(editions)" : "\(rules) (\(filterDescription)) from \(editions)"
    }

    /// `all rules`, or `edition 2011, topic button-placement`.
    public var filterDescription: String {
        var parts: [String] = []
        if let edition = filter.edition { parts.append("edition \(edition)") }
        if let topic = filter.topic { parts.append("topic \(topic)") }
        if let kind = filter.kind { parts.append("kind \(kind.rawValue)") }
        if let platform = filter.platform { parts.append("platform \(platform)") }
        return parts.isEmpty ? "all rules" : parts.joined(separator: ", ")
    }

    public func topicName(_ slug: String) -> String {
        topics.first { $0.slug == slug }?.name ?? slug
    }
}

/// Who made an export and when, for its provenance line.
public struct ExportProvenance: Sendable, Equatable {
    public let version: String
    /// `2026-11-21`, in UTC.
    public let date: String

    public init(version: String = HIGVersion.current, date: Date = Date()) {
        self.version = version
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.date = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Today, or the date `SOURCE_DATE_EPOCH` names, so that a build can reproduce an export byte
    /// for byte; a value that is no such date is refused (`EnvironmentSetting.sourceDate`).
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ExportProvenance {
        ExportProvenance(date: try EnvironmentSetting.sourceDate(environment) ?? Date())
    }
}

extension RuleStore {
    /// The rules that pass `filter`, with their editions, the topic names and their lineages;
    /// `withEditionDiffs` adds `hig diff` of each edition and each of its predecessors (the HTML
    /// report's summary; each is a pass over two editions, not worth making for other formats).
    /// `candidates`: for each exported rule removed in a later edition, how many of its likely
    /// counterparts there to give (`CounterpartCandidates`; 0: none).
    public func exportContent(
        _ filter: RuleFilter = RuleFilter(), withEditionDiffs: Bool = false, candidates: Int = 0
    ) throws -> ExportContent {
        try answering {
            let rules = try rules(filter)
            let topics = try topics()
            let links = try allLinks()
            let linked = Set(links.flatMap { [$0.from, $0.to] })
            let lineages = try lineages(containing: rules.map(\.id).filter(linked.contains), links: links)
            let editions = try editions()
            var content = ExportContent(rules: rules, editions: editions, topics: topics, lineages: lineages, filter: filter)
            content.fates = try fates(of: rules, links: links)
            if candidates > 0 {
                let editionOf = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.edition) })
                try addCandidates(to: &content.fates, editionOf: editionOf, limit: candidates)
            }
            content.changeNotes = try content.editionsExported.flatMap { edition in
                try changeNotes(edition: edition.id, filesHolding: rules.lazy.filter { $0.edition == edition.id }.map(\.id))
            }
            guard withEditionDiffs else { return content }
            let exported = Set(rules.map(\.edition))
            // Each edition against each of its predecessors in the family tree (one line of
            // editions: each against the one before it).
            let steps = editions.flatMap { newer in newer.predecessors.map { (older: $0, newer: newer.id) } }
            content.editionDiffs = try steps.filter { exported.contains($0.older) || exported.contains($0.newer) }
                .map { try diff(from: $0.older, to: $0.newer, options: DiffOptions(topic: filter.topic, section: filter.section)) }
            return content
        }
    }
}
