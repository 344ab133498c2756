import Foundation
import HIGLineage
import HIGRendering
import HIGStore
import HIGText

/// The assistant tools' answers, made from the store's own queries (search, detail, lineage,
/// evolution, diff, editions, topics): the same rules and links the commands show, as JSON
/// whose every rule carries its id, edition and citation.
extension RuleStore {
    func searchAnswer(_ arguments: AssistantArguments) throws -> SearchAnswer {
        let filter = RuleFilter(
            edition: try arguments.string("edition").map(editionID), kind: arguments.string("kind").flatMap(RuleKind.init(rawValue:)),
            platform: arguments.string("platform"), topic: try arguments.string("topic").map { try resolveTopic($0).slug },
            section: arguments.string("section"))
        let words = arguments.string(AssistantCatalog.queryName) ?? ""
        // A hit per rule, as the tool's answer has always cited them: a hit here names no other
        // versions, so putting versions with the same words together would drop their ids.
        let result = try search(
            SearchRequest(text: words, filter: filter, limit: arguments.integer("limit"), sameWordsAsOneHit: false))
        let cited = result.hits.map { CitedRule(record: $0.record, snippet: $0.snippet(open: "**", close: "**")) }
        return SearchAnswer(query: words, matchedAnyWord: result.matchedAnyWord, count: cited.count, hits: cited)
    }

    func ruleAnswer(id: String) throws -> RuleAnswer {
        let detail = try detail(id: id)
        let links = try links(touching: id)
        func version(_ link: LinkRecord, other: String) throws -> VersionLink? {
            try rule(id: other).map { VersionLink(rule: RuleMention($0), link: link) }
        }
        let related = { (rule: RuleDetail.Related) in RuleAnswer.Related(id: rule.id, kind: rule.kind, summary: rule.summary) }
        return RuleAnswer(
            rule: CitedRule(record: detail.record), editionName: detail.editionName,
            repairs: detail.repairs.map {
                .init(line: $0.line, kind: $0.kind.rawValue, original: $0.original, replacement: $0.replacement)
            },
            parent: detail.parent.map(related), children: detail.children.map(related),
            previousVersions: try links.filter { $0.to == id }.compactMap { try version($0, other: $0.from) },
            nextVersions: try links.filter { $0.from == id }.compactMap { try version($0, other: $0.to) })
    }

    func evolutionAnswer(_ arguments: AssistantArguments) throws -> EvolutionAnswer {
        let answer = try evolution(
            arguments.string(AssistantCatalog.queryName) ?? "", limit: arguments.integer("limit"),
            candidates: arguments.integer("candidates"))
        let reading: EvolutionAnswer.Reading =
            switch answer.reading {
            case .rule(let id): .init(kind: "rule", value: id)
            case .topic(let slug): .init(kind: "topic", value: slug)
            case .words(let words): .init(kind: "words", value: words)
            }
        let lineages = answer.lineages.map { lineage in
            let ids = Set(lineage.versions.map(\.id))
            return EvolutionAnswer.LineageJSON(
                editions: lineage.editions, versions: lineage.versions.map { CitedRule(record: $0) }, links: lineage.links,
                after: answer.fates.filter { ids.contains($0.key) })
        }
        return EvolutionAnswer(reading: reading, lineages: lineages, omitted: answer.omitted)
    }

    func diffAnswer(_ arguments: AssistantArguments) throws -> DiffAnswer {
        let options = DiffOptions(
            topic: try arguments.string("topic").map { try resolveTopic($0).slug },
            reversalsOnly: arguments.boolean("reversals_only"),
            forceChangesOnly: arguments.boolean("force_changes_only"),
            lowConfidenceOnly: arguments.boolean("low_confidence_only"), candidates: arguments.integer("candidates"))
        let diff = try diff(from: arguments.string("from") ?? "", to: arguments.string("to") ?? "", options: options)
        var rules: [String: RuleMention] = [:]
        var shown = Set(
            diff.removed + diff.added + diff.restored + diff.leftOut + diff.notInExcerpt + diff.notInFromExcerpt
                + diff.changed.flatMap { [$0.from, $0.to] })
        for candidates in (diff.candidates ?? [:]).values { shown.formUnion(candidates.map(\.rule)) }
        for edition in [diff.from, diff.to] {
            for record in try self.rules(RuleFilter(edition: edition)) where shown.contains(record.id) {
                rules[record.id] = RuleMention(record)
            }
        }
        // A rule of an edition older than FROM (not in FROM's excerpt) is named too.
        for id in shown where rules[id] == nil {
            if let record = try rule(id: id) { rules[id] = RuleMention(record) }
        }
        return DiffAnswer(diff: diff, rules: rules)
    }

    func changesAnswer(_ arguments: AssistantArguments) throws -> GuidelineChanges {
        let since = try arguments.string("since").map { text throws -> PartialDate in
            guard let date = PartialDate(text) else { throw HIGError.invalidDate(option: "since", value: text) }
            return date
        }
        if since != nil && arguments.string("from") != nil {
            throw AssistantError.badArguments(
                tool: AssistantCatalog.whatChanged.name, reason: "'since' and 'from' both name the earlier edition; give one of them")
        }
        return try changes(
            ChangesRequest(
                from: arguments.string("from"), to: arguments.string("to"), since: since, page: arguments.string("page"),
                topic: try arguments.string("topic").map { try resolveTopic($0).slug }, platform: arguments.string("platform")))
    }

    func topicsAnswer() throws -> TopicsAnswer {
        let (editions, topics) = try topicMatrix()
        let aliases = Dictionary(uniqueKeysWithValues: Taxonomy.bundled.topics.map { ($0.slug, $0.aliases) })
        return TopicsAnswer(
            editions: editions,
            topics: topics.map {
                .init(
                    slug: $0.slug, name: $0.name, description: $0.description, aliases: aliases[$0.slug] ?? [], parent: $0.parent,
                    rulesByEdition: $0.counts)
            })
    }

    func editionAnswer(id: String) throws -> EditionAnswer? {
        // An alias (`current`, a former id) names the edition too.
        guard let id = try? editionID(id), let edition = try editions().first(where: { $0.id == id }) else { return nil }
        return EditionAnswer(edition: EditionJSON(edition), rules: try rules(RuleFilter(edition: id)).map(RuleMention.init))
    }
}
