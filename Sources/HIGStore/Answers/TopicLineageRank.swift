import HIGLineage

/// How much of a lineage is about a topic: what orders the lineages of `hig evolution TOPIC`.
///
/// A rule is of a topic when `rule_topics` says so (what `hig rules --topic` lists: one
/// definition of the topic). Of those, a rule whose page or section gives it the topic's subject
/// ("Alerts › Buttons" for button placement), or whose own heading names the subject ("A Standard
/// Alert"), is about it by its place; one that has the topic by its words alone (a rule of no
/// known subject, in a section that mentions the subject) counts half: "the default button
/// removes the alert" in a section on software updates says the words without being about them. A lineage counts each edition that holds a version of the topic
/// (one, or a half when only by words), times the share of its editions that do: a lineage that
/// joins forty years of other guidance to one version of the topic does not lead, and neither
/// does one reprinted word for word by many editions of one line only for its words.
struct TopicLineageRank {
    /// The rules of the topic.
    let ofTopic: Set<String>
    /// The rules of the topic that hold its subject by their page or section (all of them for a
    /// subject).
    let byPlace: Set<String>

    /// The weight of an edition whose versions of the topic hold it by words alone.
    static let byWordsAlone = 0.5

    func score(_ lineage: Lineage) -> Double {
        var weight: [String: Double] = [:]
        for version in lineage.versions where ofTopic.contains(version.id) {
            weight[version.edition] = max(weight[version.edition] ?? 0, byPlace.contains(version.id) ? 1 : Self.byWordsAlone)
        }
        let spanned = lineage.editions.count
        guard spanned > 0 else { return 0 }
        return weight.values.reduce(0, +) * Double(weight.count) / Double(spanned)
    }

    /// `lineages` most about the topic first; then those spanning most editions, then by their
    /// first version's id, so that the order is the same on every run.
    func ranked(_ lineages: [Lineage]) -> [Lineage] {
        lineages.map { (lineage: $0, score: score($0), spanned: $0.editions.count, first: $0.versions.first?.id ?? "") }
            .sorted { a, b in
                if a.score != b.score { return a.score > b.score }
                if a.spanned != b.spanned { return a.spanned > b.spanned }
                return a.first < b.first
            }
            .map(\.lineage)
    }
}
