import HIGDatabase

extension Linker {
    /// A link found between two rules, its class still to be read from their texts when the
    /// matcher paired them one to one (`change` nil).
    struct FoundLink: Sendable {
        /// Places in the earlier edition and in the later one.
        let from: Int
        let to: Int
        let change: ChangeClass?
        let similarity: Double
        let method: LinkMethod
        let forces: (NormativeForce, NormativeForce)
        /// Why a curated link exists; a matcher link's rationale says what its flags mean.
        let rationale: String?
        /// The pass that made it, and the matcher's score of the pair (nil for a curated link).
        let evidence: LinkEvidence
        let score: Double?
        /// Whether the matcher found the earlier rule where the later one stands
        /// (`RuleMatcher.Link.inPlace`).
        var inPlace = false
        /// The best score of a rival pair (`RuleMatcher.Link.runnerUp`).
        var runnerUp: Double?

        /// A confirmed link (`CuratedLink`) from rule `from` to rule `to`, as it was set down;
        /// `change` when the pin gives none.
        static func confirmed(
            _ pin: CuratedLink, from: Int, to: Int, _ earlier: LinkableRules, _ later: LinkableRules, change: ChangeClass? = nil
        ) -> FoundLink {
            FoundLink(
                from: from, to: to, change: pin.change ?? change, similarity: earlier.cosine(from, later, to), method: .curated,
                forces: (earlier.rules[from].force, later.rules[to].force), rationale: pin.why, evidence: .curated, score: nil)
        }

        /// Its row of `rule_links`, flags included, and the words the later rule names to use and
        /// to avoid; `earlier` and `later`: the two editions' rules; `fromNamedTerms`: the earlier
        /// rule's, when known.
        /// `sameWordsShare`: the share of the pair of editions' links that join the same words.
        func row(
            _ earlier: LinkableRules, _ later: LinkableRules,
            fromNamedTerms: NamedTerms?, sameWordsShare: Double
        ) -> (row: LinkRow, toNamedTerms: NamedTerms) {
            let (fromText, toText) = (earlier.rules[from].text, later.rules[to].text)
            // Most links join the same bytes (unchanged or moved rules): the same bytes are the
            // same words, so the word-by-word comparison has nothing to find.
            let sameBytes = Linker.sameBytes(fromText, toText)
            let change =
                change
                ?? (sameBytes
                    ? .unchanged
                    : ChangeClass.of(
                        from: fromText, to: toText, cosine: similarity, leadCosine: earlier.leadCosine(from, later, to),
                        revisedInPlace: inPlace && RuleMatcher.openAlike(fromText, toText)
                    ).0)
            // The same bytes name the same words: one text's words to use and to avoid, read once.
            let fromTerms = fromNamedTerms ?? NormativeForce.terms(of: fromText)
            let toTerms = sameBytes ? fromTerms : NormativeForce.terms(of: toText)
            let doubt = LinkDoubt.of(
                evidence: evidence, change: change, cosine: similarity, score: score, runnerUp: runnerUp,
                otherKind: earlier.prescribes(from) != later.prescribes(to), otherPage: earlier.onOtherPages(from, later, to))
            let row = LinkRow(
                from: earlier.rules[from].id, to: later.rules[to].id, change: change,
                similarity: (similarity * 1000).rounded() / 1000, method: method, forces: forces,
                reversal: isReversal(from: fromTerms, to: toTerms)
                    || !sameBytes && NormativeForce.actsReversed(from: fromText, to: toText),
                rationale: rationale, evidence: evidence,
                score: score.map { ($0 * 1000).rounded() / 1000 },
                confidence: LinkConfidence.bundled.confidence(evidence: evidence, score: score, sameWordsShare: sameWordsShare),
                doubt: doubt, runnerUp: runnerUp.map { ($0 * 1000).rounded() / 1000 })
            return (row, toTerms)
        }
    }

    /// A row of `rule_links` as plain fields: a pair's rows wait while the next pair is matched,
    /// and an array of values a row takes several times the memory. Its flags are set here
    /// alone, from the link's class, forces and named words.
    struct LinkRow: Sendable {
        static let columns = [
            "from_rule", "to_rule", "change", "similarity", "method", "force_from", "force_to", "force_changed", "reversal", "rationale",
            "evidence", "score", "confidence", "doubt", "runner_up",
        ]

        let from: String
        let to: String
        let change: ChangeClass
        let similarity: Double
        let method: LinkMethod
        let forces: (NormativeForce, NormativeForce)
        /// The force differs, and the text too: a rule that did not change keeps its force.
        let forceChanged: Bool
        let reversal: Bool
        /// A curated link's reason; else what the flags mean, when any is set.
        let rationale: String?
        let evidence: LinkEvidence
        let score: Double?
        /// The probability that the link is right (`LinkConfidence`).
        let confidence: Double
        /// Why the link may be wrong whatever its confidence, when it may (`LinkDoubt`).
        let doubt: LinkDoubt?
        let runnerUp: Double?

        init(
            from: String, to: String, change: ChangeClass, similarity: Double, method: LinkMethod,
            forces: (NormativeForce, NormativeForce), reversal: Bool, rationale: String?,
            evidence: LinkEvidence, score: Double?, confidence: Double, doubt: LinkDoubt? = nil, runnerUp: Double? = nil
        ) {
            (self.evidence, self.score, self.confidence) = (evidence, score, confidence)
            (self.doubt, self.runnerUp) = (doubt, runnerUp)
            (self.from, self.to, self.change, self.similarity, self.method) = (from, to, change, similarity, method)
            self.forces = forces
            forceChanged = forces.0 != forces.1 && change != .unchanged
            self.reversal = reversal
            var notes: [String] = []
            if forceChanged { notes.append("force: \(forces.0.rawValue) → \(forces.1.rawValue)") }
            if reversal { notes.append("reversal: the later rule recommends what the earlier one ruled out, or the other way round") }
            if let doubt { notes.append("possible counterpart: \(doubt.reason)") }
            self.rationale = rationale ?? (notes.isEmpty ? nil : notes.joined(separator: "; "))
        }

        var values: [DatabaseValue] {
            [
                .text(from), .text(to), .text(change.rawValue), .real(similarity), .text(method.rawValue), .text(forces.0.rawValue),
                .text(forces.1.rawValue), .integer(forceChanged ? 1 : 0), .integer(reversal ? 1 : 0), rationale.databaseValue,
                .text(evidence.rawValue), score.databaseValue, .real(confidence), (doubt?.rawValue).databaseValue,
                runnerUp.databaseValue,
            ]
        }
    }
}
