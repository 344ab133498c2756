import HIGLineage
import HIGText

/// `hig link`'s answers: the decisions, and what a decision changed.
extension TextRenderer {
    /// Every decision, one block each: the verdict and the two rules, the reason, the words it
    /// was made on, and whether the linker follows it.
    public func linkDecisions(_ decisions: [LinkDecision]) -> String {
        guard !decisions.isEmpty else {
            return "No link decisions. Confirm or reject a link with `hig link confirm|reject FROM TO --why \"...\"`.\n"
        }
        var out = ""
        for (origin, title) in [(CuratedLink.Origin.editions, "From the editions' curated-links file"), (.reader, "Yours (hig link)")] {
            let group = decisions.filter { $0.origin == origin }
            guard !group.isEmpty else { continue }
            out += bold("\(title): \(group.count)") + "\n"
            for decision in group {
                out += "\n" + decisionBlock(decision)
            }
            out += "\n"
        }
        return out
    }

    /// What `hig link confirm|reject|forget` did: the decision, then the links of its two rules
    /// that the relinking removed and made.
    public func linkDecisionOutcome(_ outcome: LinkDecisionOutcome, forgot: (from: String, to: String)? = nil) -> String {
        var out = ""
        if let decision = outcome.decision {
            out += decisionBlock(decision)
        } else if let (from, to) = forgot {
            out += "forgot your decision on \(from) → \(to)\n"
        }
        let gone = outcome.linksBefore.filter { link in !outcome.linksAfter.contains(link) }
        let made = outcome.linksAfter.filter { link in !outcome.linksBefore.contains(link) }
        out += "\nrelinked: \(TextCut.count(gone.count, "link")) of these rules gone, \(made.count) made\n"
        for link in gone { out += "  - " + linkLine(link) + "\n" }
        for link in made { out += "  + " + linkLine(link) + "\n" }
        return out
    }

    private func decisionBlock(_ decision: LinkDecision) -> String {
        let verb = decision.verdict == .confirm ? "confirmed" : "rejected"
        var out = "\(verb): \(decision.from) → \(decision.to)"
        if let change = decision.change { out += "  (\(change.rawValue))" }
        out += "\n"
        out += indent("why: \(decision.why)") + "\n"
        out += indent("from: \(TextCut.words(decision.fromText, limit: 100))") + "\n"
        out += indent("to:   \(TextCut.words(decision.toText, limit: 100))") + "\n"
        out += indent(decision.decidedAt.map { "decided \($0); " } ?? "")
        out += decision.applies ? "in force\n" : "not applied: \(decision.note ?? "")\n"
        return out
    }

    private func linkLine(_ link: LinkRecord) -> String {
        "\(link.from) → \(link.to)  \(link.change.rawValue) (\(measures(similarity: link.similarity, confidence: link.confidence)))  \(link.method.rawValue)"
    }
}
