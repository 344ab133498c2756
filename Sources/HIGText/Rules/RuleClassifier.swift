/// Decides a rule's kind from its words.
///
/// In order: a figure (a caption, or an image description), a note ("Note:"), a definition
/// (a term, then "means"), a guideline (a modal or imperative that prescribes), else context.
/// A bullet or sub-paragraph with no cue of its own takes "guideline" from a guideline parent:
/// "Update users on tasks that are progressing normally" prescribes because of the "avoid
/// creating alerts that:" it hangs from.
package enum RuleClassifier {
    /// The cue groups of Data/vocabulary/cues.json this classifier reads.
    static let figureOpenings = CueWords.bundled.prefixes("figure-openings")
    static let noteLabels = CueWords.bundled.prefixes("note-labels")
    /// Words that, anywhere in the text, make it prescribe.
    static let modalCues = CueWords.bundled.phrases("modal-cues")
    /// Base-form verbs that open an imperative sentence ("Use ...", "Keep ...").
    package static let imperativeVerbs = CueWords.bundled.words("imperative-verbs")
    /// Words that open a clause before an imperative ("When possible, avoid ...").
    static let connectorWords = CueWords.bundled.words("connectors")
    static let definitionPronouns = CueWords.bundled.words("definition-pronouns")

    static func classify(text: String, boldLead: String?, parentKind: RuleKind?) -> RuleKind {
        // Only the start of the text is tested (prefixes, a label's first words).
        let lower = FastText.lowercasedStart(text)
        if isFigure(lower, boldLead: boldLead) { return .figure }
        if noteLabels.contains(where: { lower.hasPrefix($0) }) { return .note }
        if isDefinition(text, boldLead: boldLead) { return .definition }
        if prescribes(text) { return .guideline }
        if parentKind == .guideline { return .guideline }
        return .context
    }

    static func isFigure(_ lower: String, boldLead: String?) -> Bool {
        if let boldLead, isFigureLabel(boldLead) { return true }
        if isFigureLabel(lower) { return true }
        return figureOpenings.contains { lower.hasPrefix($0) }
    }

    /// "Figure 7-2", "Table 3.1".
    static func isFigureLabel(_ text: String) -> Bool {
        guard text.utf8.count >= 8, text.utf8.prefix(6).allSatisfy({ ASCII.isLetter($0) || $0 == 32 }) else { return false }
        // Most texts are settled here: the first word (its first three letters are among the
        // six ASCII bytes just read) starts neither "fig" nor "tab".
        let start = Array(text.utf8.prefix(6))
        if let first = start.firstIndex(where: { $0 != 32 }), first + 3 <= start.count {
            let opening = start[first..<(first + 3)].map(ASCII.lowercased)
            guard opening.elementsEqual("fig".utf8) || opening.elementsEqual("tab".utf8) else { return false }
        }
        let words = text.prefix(24).lowercased().split(separator: " ")
        guard words.count >= 2, words[0] == "figure" || words[0] == "table" else { return false }
        let number = words[1].trimmingCharacters(in: figureNumberEnds)
        return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." }
    }

    static let figureNumberEnds = CharacterSet(charactersIn: ".:")

    /// "Title-style capitalization means that ...": a short noun phrase, then "means". Most
    /// texts have no "means" or "refers" among their first six words: told on the bytes of a
    /// plain text before the definition reads its words.
    static func isDefinition(_ text: String, boldLead: String?) -> Bool {
        PlainText.reading(text, mayDefine(plain:)) != false && Definition.isDefinition(text, boldLead: boldLead)
    }

    /// False when `Definition.isDefinition` is false whatever the bold lead: no "means" or
    /// "refers" among the first six words of a plain text, or it is the first word.
    static func mayDefine(plain bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let cues = plainCues
        var words = PlainText.WordReader(bytes, from: 0, to: bytes.count)
        for index in 0..<6 {
            guard let word = words.next(in: cues) else { return false }
            if cues.roles(of: word).contains(.definingVerb) { return index > 0 }
        }
        return false
    }

    /// Whether `text` prescribes: a modal cue among its words outside names, or a sentence
    /// that opens with an imperative. Plain texts are read on their bytes.
    static func prescribes(_ text: String) -> Bool {
        PlainText.reading(text, prescribes(plain:)) ?? Definition.prescribes(text)
    }

    enum Definition {
        static func isDefinition(_ text: String, boldLead: String?) -> Bool {
            // The word after a "means" or "refers" among the first six: seven words at most.
            let words = Words.lowercased(text, digits: false, apostrophes: true, limit: 7)
            guard let index = words.firstIndex(where: { $0 == "means" || $0 == "refers" }),
                (1...5).contains(index), !definitionPronouns.contains(words[0])
            else { return false }
            if words[index] == "refers", index + 1 < words.count, words[index + 1] != "to" { return false }
            if let boldLead { return Sentences.words(boldLead).count == index }
            return true
        }

        static func prescribes(_ text: String) -> Bool {
            let words = Sentences.words(Sentences.Definition.withoutNames(text))
            return modalCues.contains { contains(words, $0) } || opensWithImperative(text)
        }

        /// True when some sentence opens with an imperative, possibly after an opening clause
        /// ("Generally, use ...", "When possible, avoid ...", "As with all button titles, use ...").
        static func opensWithImperative(_ text: String) -> Bool {
            for sentence in Sentences.Definition.all(in: text) {
                guard let first = firstWord(sentence) else { continue }
                if imperativeVerbs.contains(first) { return true }
                // After an opening clause: the first word after its comma.
                if connectorWords.contains(first), let comma = sentence.firstIndex(of: ","),
                    let verb = firstWord(sentence[sentence.index(after: comma)...]), imperativeVerbs.contains(verb)
                {
                    return true
                }
            }
            return false
        }

        private static func firstWord(_ text: some StringProtocol) -> String? {
            Words.lowercased(String(text), digits: false, apostrophes: true, limit: 1).first
        }

        private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
            guard phrase.count <= words.count else { return false }
            for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
                if phrase.count == 1 || Array(words[start..<(start + phrase.count)]) == phrase { return true }
            }
            return false
        }
    }

    /// The words of the cues, the verbs and the connectors, for reading plain texts on their bytes.
    static let plainCues = CueVocabulary([
        (modalCues, .modalCue), (imperativeVerbs.map { [$0] }, .imperativeVerb), (connectorWords.map { [$0] }, .connector),
        ([["means"], ["refers"]], .definingVerb),
    ])

    /// `Definition.prescribes` on the bytes of a plain text (`PlainText`): the same cues in the
    /// words `withoutNames` keeps, and the same sentence openings.
    static func prescribes(plain bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let cues = plainCues
        var previous = 0
        var hasCue = false
        PlainText.forEachWordOutsideNames(bytes, end: bytes.count, in: cues) { word in
            hasCue = cues.roles(of: word).contains(.modalCue) || cues.roles(of: previous, word).contains(.modalCue)
            previous = word
            return hasCue
        }
        if hasCue { return true }
        var start = 0
        while let end = PlainText.sentenceEnd(bytes, from: start) {
            if opensWithImperative(plain: bytes, from: start, to: end + 1, cues) { return true }
            start = end + 2
        }
        return opensWithImperative(plain: bytes, from: start, to: bytes.count, cues)
    }

    /// `Definition.opensWithImperative` for one sentence, `bytes[start..<end]`, of a plain text.
    private static func opensWithImperative(
        plain bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        _ cues: CueVocabulary
    ) -> Bool {
        var words = PlainText.WordReader(bytes, from: start, to: end)
        guard let first = words.next(in: cues) else { return false }
        let roles = cues.roles(of: first)
        if roles.contains(.imperativeVerb) { return true }
        guard roles.contains(.connector), let comma = bytes[start..<end].firstIndex(of: UInt8(ascii: ",")) else { return false }
        var after = PlainText.WordReader(bytes, from: comma + 1, to: end)
        guard let verb = after.next(in: cues) else { return false }
        return cues.roles(of: verb).contains(.imperativeVerb)
    }
}

private extension CueVocabulary.Roles {
    static let modalCue = Self(rawValue: 1 << 0)
    static let imperativeVerb = Self(rawValue: 1 << 1)
    static let connector = Self(rawValue: 1 << 2)
    /// "means", "refers".
    static let definingVerb = Self(rawValue: 1 << 4)
}

import Foundation
