/// Decides a rule's kind from its words.
///
/// In order: a figure (a caption, or an image description), a note ("Note:"), a definition
/// (a term, then "means"), a guideline (a modal or imperative that prescribes), else context.
/// A bullet or sub-paragraph with no cue of its own takes "guideline" from a guideline parent:
/// "Update users on tasks that are progressing normally" prescribes because of the "avoid
/// creating alerts that:" it hangs from.
enum RuleClassifier {
    static let figureOpenings = [
        "a screenshot of", "screenshots of", "a diagram showing", "a diagram of", "an illustration of",
        "an illustration showing", "an image of", "an image showing", "a photo of", "a picture of",
        "a video showing", "an animation showing", "a chart showing",
    ]

    static let noteLabels = ["note:", "important:", "tip:", "warning:", "caution:"]

    /// Words that, anywhere in the text, make it prescribe.
    static let modalCues: [[String]] = [
        ["should"], ["shouldn't"], ["must"], ["mustn't"], ["avoid"], ["avoiding"], ["never"], ["always"],
        ["don't"], ["do", "not"], ["prefer"], ["be", "sure"], ["make", "sure"], ["recommended"],
        ["recommend"], ["consider"], ["try", "to"], ["ensure"], ["need", "to"], ["good", "idea"],
        ["better", "to"], ["best", "to"], ["it's", "important"], ["important", "to"], ["required"],
        ["you", "can"], ["you", "can't"], ["you", "cannot"], ["you", "may"], ["only", "if"],
        ["rarely"], ["seldom"], ["sparingly"],
    ]

    /// Base-form verbs that open an imperative sentence ("Use ...", "Keep ...").
    static let imperativeVerbs: Set<String> = [
        "add", "aim", "allow", "ask", "avoid", "be", "choose", "consider", "create", "define", "describe",
        "design", "display", "do", "don't", "enable", "ensure", "explain", "follow", "generally", "give",
        "help", "identify", "include", "keep", "label", "let", "limit", "make", "minimize", "offer", "place",
        "prefer", "present", "preserve", "provide", "put", "refer", "remember", "reserve", "respect", "show",
        "specify", "supply", "support", "take", "tell", "test", "think", "title", "try", "use", "write",
    ]

    static let connectorWords: Set<String> = ["when", "if", "as", "in", "generally", "for", "where", "whenever"]

    static func classify(text: String, boldLead: String?, parentKind: RuleKind?) -> RuleKind {
        let lower = text.lowercased()
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
        guard text.utf8.count >= 8, text.utf8.prefix(6).allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || $0 == 32 }) else { return false }
        let words = text.prefix(24).lowercased().split(separator: " ")
        guard words.count >= 2, words[0] == "figure" || words[0] == "table" else { return false }
        let number = words[1].trimmingCharacters(in: CharacterSet(charactersIn: ".:"))
        return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." }
    }

    /// "Title-style capitalization means that ...": a short noun phrase, then "means".
    static func isDefinition(_ text: String, boldLead: String?) -> Bool {
        let words = Sentences.words(text)
        guard let index = words.firstIndex(where: { $0 == "means" || $0 == "refers" }),
              (1...5).contains(index) else { return false }
        let pronouns: Set<String> = ["this", "that", "it", "which", "what", "doing", "so"]
        guard !pronouns.contains(words[0]) else { return false }
        if words[index] == "refers", index + 1 < words.count, words[index + 1] != "to" { return false }
        if let boldLead { return Sentences.words(boldLead).count == index }
        return true
    }

    static func prescribes(_ text: String) -> Bool {
        let words = Sentences.words(withoutNames(text))
        for cue in modalCues where contains(words, cue) { return true }
        return opensWithImperative(text)
    }

    /// True when some sentence opens with an imperative, possibly after an opening clause
    /// ("Generally, use ...", "When possible, avoid ...", "As with all button titles, use ...").
    static func opensWithImperative(_ text: String) -> Bool {
        var sentences: [String] = []
        var rest = text
        while let first = Sentences.firstSentence(of: rest) {
            sentences.append(first)
            rest = String(rest.dropFirst(first.count)).trimmingCharacters(in: .whitespaces)
        }
        sentences.append(rest)
        for sentence in sentences {
            let words = Sentences.words(sentence)
            guard let first = words.first else { continue }
            if imperativeVerbs.contains(first) && first != "generally" { return true }
            // After an opening clause: the first word after its comma.
            if connectorWords.contains(first) || first == "generally",
               let comma = sentence.firstIndex(of: ",") {
                let after = Sentences.words(String(sentence[sentence.index(after: comma)...]))
                if let verb = after.first, imperativeVerbs.contains(verb) { return true }
            }
        }
        return false
    }

    /// The text without capitalized words inside a sentence: they are names of buttons and
    /// controls ("the button that cancels the action (that is, Don't Allow)"), not cues.
    static func withoutNames(_ text: String) -> String {
        var kept: [Substring] = []
        var sentenceStart = true
        for token in text.split(separator: " ") {
            let letter = token.first { $0.isLetter }
            let opensWithCapital = letter?.isUppercase ?? false
            if sentenceStart || !opensWithCapital { kept.append(token) }
            if let last = token.last(where: { !"\"”’')".contains($0) }) {
                sentenceStart = ".!?:".contains(last)
            }
        }
        return kept.joined(separator: " ")
    }

    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
            if phrase.count == 1 || Array(words[start..<(start + phrase.count)]) == phrase { return true }
        }
        return false
    }
}

import Foundation
