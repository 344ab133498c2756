/// What made a link: the matcher's pass that took it, or a hand. The `evidence` column of
/// `rule_links`; a link's confidence is read from it and the link's score (`LinkConfidence`).
public enum LinkEvidence: String, Sendable, CaseIterable, Codable {
    /// The same words after folding (`RuleMatcher.linkSameWords`), or a restoration of the same
    /// words (its class says it came back).
    case sameWords = "same-words"
    /// A pair scored at least `RuleMatcher.strongScore`, taken best first.
    case strongPair = "strong-pair"
    /// A weaker pair, taken because each rule is the other's best candidate.
    case mutualBest = "mutual-best"
    /// The second half of a split or merge, by the words it shares with the whole.
    case partByWords = "part-by-words"
    /// The second half of a split or merge, by what it covers of the whole beside its neighbour.
    case partByCoverage = "part-by-coverage"
    /// A rule left over between the same two linked neighbours, paired in reading order.
    case gap
    /// A lead-in that went where its bullets went.
    case leadIn = "lead-in"
    /// A lead-in whose bullets went to the bullets of one later lead-in: the two lead-ins.
    case parent
    /// A lead-in and its bullets, read together, and one rule of the other edition.
    case family
    /// A rule back after an edition that lacked it: a strong pair, each the other's best, between
    /// a rule no later edition had continued and one no edition before had led to; its words
    /// changed (one back in the same words is `sameWords`).
    case restoration
    /// Set down by hand (`CuratedLink`): the curated-links file or `hig link confirm`.
    case curated
}
