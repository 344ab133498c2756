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
        guard text.utf8.count >= 8, text.utf8.prefix(6).allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || $0 == 32 }) else { return false }
        // Most texts are settled here: the first word (its first three letters are among the
        // six ASCII bytes just read) starts neither "fig" nor "tab".
        let start = Array(text.utf8.prefix(6))
        if let first = start.firstIndex(where: { $0 != 32 }), first + 3 <= start.count {
            let opening = start[first..<(first + 3)].map { $0 | 0x20 }
            guard opening.elementsEqual("fig".utf8) || opening.elementsEqual("tab".utf8) else { return false }
        }
        let words = text.prefix(24).lowercased().split(separator: " ")
        guard words.count >= 2, words[0] == "figure" || words[0] == "table" else { return false }
        let number = words[1].trimmingCharacters(in: figureNumberEnds)
        return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." }
    }

    static let figureNumberEnds = CharacterSet(charactersIn: ".:")

    /// "Title-style capitalization means that ...": a short noun phrase, then "means".
    static func isDefinition(_ text: String, boldLead: String?) -> Bool {
        // Most texts have no "means" or "refers" among their first six words: told on the bytes
        // of a plain text, which `Words.lowercased` reads the same way.
        var text = text
        let mayDefine = text.withUTF8 { bytes -> Bool in
            guard PlainText.isPlain(bytes) else { return true }
            let cues = plainCues
            var words = PlainText.WordReader(bytes, from: 0, to: bytes.count)
            for index in 0..<6 {
                guard let word = words.next(in: cues) else { return false }
                if cues.roles(of: word).contains(.definingVerb) { return index > 0 }
            }
            return false
        }
        guard mayDefine else { return false }
        // The word after a "means" or "refers" among the first six: seven words at most.
        let words = Words.lowercased(text, digits: false, apostrophes: true, limit: 7)
        guard let index = words.firstIndex(where: { $0 == "means" || $0 == "refers" }),
              (1...5).contains(index) else { return false }
        let pronouns: Set<String> = ["this", "that", "it", "which", "what", "doing", "so"]
        guard !pronouns.contains(words[0]) else { return false }
        if words[index] == "refers", index + 1 < words.count, words[index + 1] != "to" { return false }
        if let boldLead { return Sentences.words(boldLead).count == index }
        return true
    }

    static func prescribes(_ text: String) -> Bool {
        var text = text
        if let plain = text.withUTF8({ PlainText.isPlain($0) ? prescribes(plain: $0) : nil }) { return plain }
        let scalars = Array(text.unicodeScalars)
        // Most texts (any ASCII or typographic text) are read once, on their scalars; the
        // Character-level reading below gives the same answer for them and stays for the rest.
        guard FastText.isOneScalarPerCharacter(scalars) else {
            let words = Sentences.words(withoutNames(text))
            for cue in modalCues where contains(words, cue) { return true }
            return opensWithImperative(text)
        }
        if hasModalCue(Words.lowercased(scalars: scalarsWithoutNames(scalars), digits: false, apostrophes: true)) { return true }
        return opensWithImperative(scalars: scalars)
    }

    /// The words of the cues, the verbs and the connectors, for reading plain texts on their bytes.
    static let plainCues = CueVocabulary([
        (modalCues, .modalCue), (imperativeVerbs.map { [$0] }, .imperativeVerb), (connectorWords.map { [$0] }, .connector),
        ([["generally"]], .generally), ([["means"], ["refers"]], .definingVerb),
    ])

    /// `prescribes` on the bytes of a plain text (`PlainText`): the same cues in the words
    /// `withoutNames` keeps, and the same sentence openings.
    private static func prescribes(plain bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// `opensWithImperative` for one sentence, `bytes[start..<end]`, of a plain text.
    private static func opensWithImperative(plain bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                            _ cues: CueVocabulary) -> Bool {
        var words = PlainText.WordReader(bytes, from: start, to: end)
        guard let first = words.next(in: cues) else { return false }
        let roles = cues.roles(of: first)
        if roles.contains(.imperativeVerb) && !roles.contains(.generally) { return true }
        guard roles.contains(.connector) || roles.contains(.generally),
              let comma = bytes[start..<end].firstIndex(of: UInt8(ascii: ",")) else { return false }
        var after = PlainText.WordReader(bytes, from: comma + 1, to: end)
        guard let verb = after.next(in: cues) else { return false }
        return cues.roles(of: verb).contains(.imperativeVerb)
    }

    /// `modalCues` by their first word, so a text's words are read once for all of them.
    static let modalCuesByFirstWord: [String: [[String]]] = Dictionary(grouping: modalCues, by: { $0[0] })

    static func hasModalCue(_ words: [String]) -> Bool {
        for (start, word) in words.enumerated() {
            guard let cues = modalCuesByFirstWord[word] else { continue }
            for cue in cues where start + cue.count <= words.count {
                if cue.count == 1 || Array(words[start..<(start + cue.count)]) == cue { return true }
            }
        }
        return false
    }

    /// `withoutNames` on the scalars of a text whose Characters are single scalars.
    static func scalarsWithoutNames(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        kept.reserveCapacity(scalars.count)
        var sentenceStart = true
        var index = 0
        while index < scalars.count {
            if scalars[index] == " " { index += 1; continue }
            let start = index
            while index < scalars.count, scalars[index] != " " { index += 1 }
            let token = scalars[start..<index]
            let opensWithCapital = token.first(where: isLetter).map(isUppercase) ?? false
            if sentenceStart || !opensWithCapital {
                if !kept.isEmpty { kept.append(" ") }
                kept.append(contentsOf: token)
            }
            if let last = token.last(where: { !"\"”’')".unicodeScalars.contains($0) }) {
                sentenceStart = ".!?:".unicodeScalars.contains(last)
            }
        }
        return kept
    }

    /// `Character.isLetter` of a one-scalar Character.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 : Character(scalar).isLetter
    }

    /// `Character.isUppercase` of a one-scalar Character.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? scalar.value >= 65 && scalar.value <= 90 : Character(scalar).isUppercase
    }

    /// `opensWithImperative` on the scalars of a text whose Characters are single scalars.
    static func opensWithImperative(scalars: [Unicode.Scalar]) -> Bool {
        for sentence in Sentences.all(in: scalars) {
            let words = Words.lowercased(scalars: scalars[sentence], digits: false, apostrophes: true, limit: 1)
            guard let first = words.first else { continue }
            if imperativeVerbs.contains(first) && first != "generally" { return true }
            if connectorWords.contains(first) || first == "generally",
               let comma = scalars[sentence].firstIndex(of: ",") {
                let after = Words.lowercased(scalars: scalars[(comma + 1)..<sentence.upperBound], digits: false,
                                             apostrophes: true, limit: 1)
                if let verb = after.first, imperativeVerbs.contains(verb) { return true }
            }
        }
        return false
    }

    /// True when some sentence opens with an imperative, possibly after an opening clause
    /// ("Generally, use ...", "When possible, avoid ...", "As with all button titles, use ...").
    static func opensWithImperative(_ text: String) -> Bool {
        for sentence in Sentences.all(in: text) {
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

private extension CueVocabulary.Roles {
    static let modalCue = Self(rawValue: 1 << 0)
    static let imperativeVerb = Self(rawValue: 1 << 1)
    static let connector = Self(rawValue: 1 << 2)
    static let generally = Self(rawValue: 1 << 3)
    /// "means", "refers".
    static let definingVerb = Self(rawValue: 1 << 4)
}

import Foundation
