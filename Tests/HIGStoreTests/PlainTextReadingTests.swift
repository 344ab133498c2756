import Foundation
import Testing
@testable import HIGStore

/// `RuleClassifier.prescribes`, `RuleClassifier.isDefinition`, `NormativeForce.of` and
/// `Sentences.firstSentence` read plain texts on their bytes (`PlainText`); they must answer
/// what they answered before, on every text, since their answers are stored (rule kinds,
/// lineage classes, rule titles). The reference is the code as it was before the byte
/// reading, copied below.
@Suite("Reading plain text on bytes: the classifier, the force and the lead sentence answer as before")
struct PlainTextReadingTests {
    /// Every way the four functions are asked, with what the reference answers.
    static func mismatches(_ text: String, boldLeads: [String?] = [nil]) -> [String] {
        var found: [String] = []
        if RuleClassifier.prescribes(text) != ReferenceClassifier.prescribes(text) {
            found.append("prescribes(\(text.debugDescription)): \(RuleClassifier.prescribes(text))")
        }
        // Compared byte for byte: String's == would take canonically equal texts as equal.
        if Sentences.firstSentence(of: text).map({ Array($0.utf8) }) != ReferenceSentences.firstSentence(of: text).map({ Array($0.utf8) }) {
            found.append("firstSentence(\(text.debugDescription)): \(Sentences.firstSentence(of: text).debugDescription)")
        }
        if NormativeForce.of(text) != ReferenceForce.of(text) {
            found.append("force(\(text.debugDescription)): \(NormativeForce.of(text)), was \(ReferenceForce.of(text))")
        }
        for boldLead in boldLeads
        where RuleClassifier.isDefinition(text, boldLead: boldLead) != ReferenceClassifier.isDefinition(text, boldLead: boldLead) {
            found.append("isDefinition(\(text.debugDescription), boldLead: \(boldLead.debugDescription))")
        }
        return found
    }

    static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { PlainText.isPlain($0) }
    }

    @Test("Every rule text, title and source line of the seed editions")
    func seeds() {
        var texts: [String] = []
        for source in Fixtures.seeds.sources {
            texts += Array(source.file.lines)
            for rule in source.rules {
                texts.append(rule.draft.text)
                if let title = rule.draft.title { texts.append(title) }
            }
        }
        // Capitals and case matter (names, sentence starts): each text also lowercased and uppercased.
        texts += texts.flatMap { [$0.lowercased(), $0.uppercased()] }
        #expect(texts.filter(Self.isPlain).count > texts.count / 2)
        var found: [String] = []
        for text in texts { found += Self.mismatches(text, boldLeads: [nil, "Alert", "Title-style capitalization"]) }
        #expect(found.isEmpty, "\(found.prefix(20))")
    }

    static let edgeCases = [
        // Empty, blank, punctuation only.
        "", " ", "  ", ".", ". ", "!", "?", "'", "’", "‘", "\"", "“", "”", "(", ")", "()", ",", ", ,", "...", "—", "…",
        "'''", "’’", "’s", "s’", "a’’b", "a''b", "a'‘b", "don'", "don’t", "don‘t", "DON’T", "Don’t", "dont", "do n't",
        // Words at the very end, cues alone.
        "should", "Should", "must", "you can", "You can", "you Can", "can", "avoid", "Avoid", "never", "do not",
        "Do not", "don't", "it's important", "It's best to use", "it’s best", "try to", "good idea", "be sure",
        "make sure", "need to", "only if", "you cannot", "you can't", "you can’t", "you may", "must not", "should not",
        "Use", "use", "use.", "Use it", "Generally", "generally,", "Generally, use", "Generally, generally", "Generally use it",
        "When possible, use it.", "When possible use it", "when, use", "When possible, Use it.", "If you can, use it",
        "In general, keep it", "in most cases, be brief", "IN GENERAL, keep", "Ideally,use", "Usually , use",
        // Names: capitalized words inside a sentence are left out, not at its start.
        "Tap Don't Allow", "Tap Don’t Allow.", "Tap OK. Don't tap", "the (that is, Don't Allow) button",
        "Choose: Always", "Say \"Never.\" Then Must", "Say “Never.” Must", "He said 'No.' Should", "Tap it.) Must",
        "Tap it.’ Should", "Tap it.” Should", "Tap it.‘ Should", "Tap it.“ Should", "x. Should", "x, Should", "x: Must",
        "x? Never", "x! Avoid", "(x) Avoid", "1. Use it", "(1) Use it", "1) Use it", "\"Use\" it", "“Use” it",
        "‘Use’ it", "'Use' it", "-Use it", "— Use it", "—Use it", "Use—it", "x—Must", "x —Must",
        // Sentence cuts: capitals, quotes, parentheses, abbreviations, double spaces, tabs.
        "Text. Use it.", "Text.  Use it.", "Text.\tUse it.", "Text. \tUse it.", "Text.\nUse it.", "Text. use it.",
        "Text! Keep it", "Text? Make it", "Text. \"Use it\"", "Text. “Use it”", "Text. ‘Use it’", "Text. 'Use it'",
        "Text. ”Use it”", "Text. ’Use it’", "See (Figure 1. Use it) here", "See (a. Use it) then. Keep it.",
        "See (a (b) c. Use it", "See a) b. Use it", "See ((a). Use", "see e.g. Use it", "see i.e. Use it",
        "e.g. Use it", "i.e. Use it", "g. Use it", ".g. Use it", "see E.G. Use it", "see e.g! Use it", "see e.g? Use it",
        "Text. E.g. Use it", "Command-Period (.) on", "exclamationmark.triangle", "Text.Use it", "Text .Use it",
        "Use it. ", "Use it.  ", "Text. U", "Text. U.", "A. B. C. Use", "Generally, text. Use it.",
        "The app. When possible, avoid it.", "The app. When possible, Avoid it.", "The app. When possible, then use it.",
        "As with all buttons, use titles.", "As with all buttons use titles, like this.", "For example, use it.",
        "Where, if, as: use", "Whenever you can, write", "In a, b, use", "In, use, write",
        // Definitions: "means"/"refers" among the first six words.
        "Title-style capitalization means that", "Capitalization means", "Means that", "This means that",
        "it means", "a b c d e means", "a b c d e f means", "a refers to b", "a refers for b", "a refers",
        "a b refers to", "A refers, to", "Doing so means", "so refers to", "x’s style means it", "x's style means",
        "Title means  that", "a\tmeans", "a—means", "a “means” b", "a ‘refers’ to", "a refers ‘to’",
        // Line ends and CR (a CR LF is one Character), other white space.
        "Text.\r\nUse it.", "Text. \r\nUse it.", "Use\r\nit", "should\r", "\rshould", "Text.\rUse it.", "Text. \rUse",
        "Text.\u{2028}Use it", "Text. \u{A0}Use it", "Text.\u{A0}Use it", "a\u{A0}Should", "Use\u{2029}it",
        // Non-ASCII letters and marks: the general reading answers.
        "Évitez", "Text. Évitez", "Text. Ä Use", "café should", "Café Should", "Tap Ärger should", "Tap ärger should",
        "straße must", "ß must", "Straße. Use it", "e\u{301}.g. Use", "should\u{301}", "Text. \u{301}Use", "a \u{301}Must",
        "Ǆ should", "ǅx Should", "Text. ǅx", "x. ǅ Use", "ﬁle means", "İstanbul. Use", "Kelvin \u{212A} must",
        "Text. 👩‍💻 Use it", "Use 👍", "مرحبا should", "Text. ①Use", "x\u{200D}should", "\u{FEFF}Use it",
        "Use\u{0}it", "Text.\u{0} Use", "x\u{7F}should", "‐hyphen should", "x‑must", "Text‧ Use", "x‰ Must",
        "Text. \u{2018}Use", "Text. \u{201B}Use", "Text. \u{201F}Use", "x\u{2027}should", "x\u{2028}should",
        // Long words, digits.
        "supercalifragilisticexpialidocious should", "recommendedrecommended", "recommended", "shouldshould",
        "sparingly", "SPARINGLY", "use2", "2use", "Use 2 buttons", "42. Use it", "3.5 Use", "a1should", "should1",
    ]

    @Test("Hand-written edge cases: empty text, punctuation, apostrophes, names, cuts, CR, non-ASCII")
    func edgeCases() {
        var found: [String] = []
        for text in Self.edgeCases {
            found += Self.mismatches(text, boldLeads: [nil, "Title", "Title-style capitalization", "", "Doing so"])
            // Each case also inside a longer text, and as a later sentence.
            found += Self.mismatches("Text " + text + " end")
            found += Self.mismatches("Tap it. " + text)
        }
        #expect(found.isEmpty, "\(found.prefix(20))")
    }

    /// Pieces of random texts: cue words, capitals, the punctuation that cuts sentences and
    /// ends names, quotes and white space; `otherPieces` make texts that are not plain.
    static let plainPieces = [
        "should", "Should", "must", "not", "Not", "never", "don't", "don’t", "Don't", "do", "Do", "you", "You", "can",
        "can't", "may", "be", "sure", "make", "try", "to", "it's", "it’s", "best", "better", "important", "good",
        "idea", "need", "only", "if", "If", "avoid", "Avoid", "prefer", "consider", "required", "recommended",
        "use", "Use", "keep", "Keep", "write", "generally", "Generally", "when", "When", "as", "in", "In", "for",
        "where", "whenever", "possible", "means", "refers", "this", "that", "so", "the", "The", "button", "Allow",
        "OK", "e.g.", "i.e.", "E", "e", "g", "i", "a", "I", "x", "7", "42",
        ".", ".", "!", "?", ",", ",", ":", ";", "(", ")", "\"", "'", "’", "‘", "“", "”", "—", "…", "-",
        " ", " ", " ", " ", " ", "  ", "\t", "\n",
    ]
    static let otherPieces = ["é", "É", "Ä", "ä", "ß", "ǅ", "\u{301}", "\r", "\r\n", "\u{A0}", "\u{2028}", "👍"]

    static func randomText(_ random: inout SeededRandom, plain: Bool) -> String {
        var text = ""
        for _ in 0..<random.int(0...24) {
            text += !plain && random.chance(0.1) ? random.pick(otherPieces) : random.pick(plainPieces)
            if random.chance(0.6) { text += " " }
        }
        return text
    }

    @Test("Thousands of random texts made of cue words, capitals, punctuation, white space and non-ASCII letters")
    func randomTexts() {
        var random = SeededRandom(seed: 0x51A1_7E17)
        var found: [String] = []
        var plain = 0
        let count = 4000
        for index in 0..<count {
            let text = Self.randomText(&random, plain: index % 4 != 0)
            if Self.isPlain(text) { plain += 1 }
            found += Self.mismatches(text, boldLeads: [nil, Self.randomText(&random, plain: true)])
        }
        // Both readings are exercised: the bytes and the fallback.
        #expect(plain > count / 2 && plain < count * 19 / 20, "\(plain) plain texts of \(count)")
        #expect(found.isEmpty, "\(found.prefix(20))")
    }

    @Test("A plain text is ASCII but CR, or General Punctuation U+2010...U+2027")
    func plainness() {
        #expect(Self.isPlain(""))
        #expect(Self.isPlain("Don’t use “OK” — or ‘Cancel’… x‧y"))
        #expect(Self.isPlain("\u{2010}\u{2027}\t\n\u{0}\u{7F}"))
        for text in ["\r", "a\r\n", "é", "\u{200F}", "\u{2028}", "\u{2030}", "\u{A0}", "👍", "\u{301}"] {
            #expect(!Self.isPlain(text), "\(text.debugDescription)")
        }
    }
}

// MARK: - The reference: the code as it was before the byte reading

/// `RuleClassifier`'s `isDefinition` and `prescribes`, with the sentence and name reading they use.
enum ReferenceClassifier {
    static func isDefinition(_ text: String, boldLead: String?) -> Bool {
        let words = Words.lowercased(text, digits: false, apostrophes: true, limit: 7)
        guard let index = words.firstIndex(where: { $0 == "means" || $0 == "refers" }),
              (1...5).contains(index) else { return false }
        let pronouns: Set<String> = ["this", "that", "it", "which", "what", "doing", "so"]
        guard !pronouns.contains(words[0]) else { return false }
        if words[index] == "refers", index + 1 < words.count, words[index + 1] != "to" { return false }
        if let boldLead { return ReferenceSentences.words(boldLead).count == index }
        return true
    }

    static func prescribes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard FastText.isOneScalarPerCharacter(scalars) else {
            let words = ReferenceSentences.words(withoutNames(text))
            for cue in RuleClassifier.modalCues where contains(words, cue) { return true }
            return opensWithImperative(text)
        }
        if hasModalCue(Words.lowercased(scalars: scalarsWithoutNames(scalars), digits: false, apostrophes: true)) { return true }
        return opensWithImperative(scalars: scalars)
    }

    static let modalCuesByFirstWord: [String: [[String]]] = Dictionary(grouping: RuleClassifier.modalCues, by: { $0[0] })

    static func hasModalCue(_ words: [String]) -> Bool {
        for (start, word) in words.enumerated() {
            guard let cues = modalCuesByFirstWord[word] else { continue }
            for cue in cues where start + cue.count <= words.count {
                if cue.count == 1 || Array(words[start..<(start + cue.count)]) == cue { return true }
            }
        }
        return false
    }

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

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 : Character(scalar).isLetter
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? scalar.value >= 65 && scalar.value <= 90 : Character(scalar).isUppercase
    }

    static func opensWithImperative(scalars: [Unicode.Scalar]) -> Bool {
        for sentence in ReferenceSentences.all(in: scalars) {
            let words = Words.lowercased(scalars: scalars[sentence], digits: false, apostrophes: true, limit: 1)
            guard let first = words.first else { continue }
            if RuleClassifier.imperativeVerbs.contains(first) && first != "generally" { return true }
            if RuleClassifier.connectorWords.contains(first) || first == "generally",
               let comma = scalars[sentence].firstIndex(of: ",") {
                let after = Words.lowercased(scalars: scalars[(comma + 1)..<sentence.upperBound], digits: false,
                                             apostrophes: true, limit: 1)
                if let verb = after.first, RuleClassifier.imperativeVerbs.contains(verb) { return true }
            }
        }
        return false
    }

    static func opensWithImperative(_ text: String) -> Bool {
        for sentence in ReferenceSentences.all(in: text) {
            let words = ReferenceSentences.words(sentence)
            guard let first = words.first else { continue }
            if RuleClassifier.imperativeVerbs.contains(first) && first != "generally" { return true }
            if RuleClassifier.connectorWords.contains(first) || first == "generally",
               let comma = sentence.firstIndex(of: ",") {
                let after = ReferenceSentences.words(String(sentence[sentence.index(after: comma)...]))
                if let verb = after.first, RuleClassifier.imperativeVerbs.contains(verb) { return true }
            }
        }
        return false
    }

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

/// `NormativeForce.of`.
enum ReferenceForce {
    static let dont = words(["must not", "never", "don't", "do not", "shouldn't", "should not"])
    static let avoid = words(["avoid"])
    static let must = words(["must", "always", "be sure", "make sure", "required"])
    static let should = words(["should", "prefer", "consider", "recommended", "it's best", "it's better", "try to", "good idea"])
    static let may = words(["you can", "you may", "can"])
    static let hedges = ["generally,", "in general,", "when possible,", "if possible,", "whenever possible,",
                         "typically,", "usually,", "ideally,", "in most cases,"]

    static func words(_ phrases: [String]) -> [[String]] { phrases.map { $0.split(separator: " ").map(String.init) } }

    static func of(_ text: String) -> NormativeForce {
        let lead = (ReferenceSentences.firstSentence(of: text) ?? text)
        let words = ReferenceSentences.words(withoutNames(lead))
        let single = Set(words)
        func has(_ phrases: [[String]]) -> Bool {
            phrases.contains { parts in
                guard parts.count > 1 else { return single.contains(parts[0]) }
                guard single.contains(parts[0]), words.count >= parts.count else { return false }
                for start in 0...(words.count - parts.count) where words[start] == parts[0] {
                    if words[start..<(start + parts.count)].elementsEqual(parts) { return true }
                }
                return false
            }
        }
        if has(dont) { return .dont }
        if words.first == "avoid" || has(avoid) { return .avoid }
        if has(must) { return .must }
        let lower = FastText.foldedLowercase(lead)
        if hedges.contains(where: { lower.hasPrefix($0) }) { return .hedged }
        if has(should) { return .should }
        if let first = words.first, RuleClassifier.imperativeVerbs.contains(first) { return .imperative }
        if has(may) { return .may }
        return .none
    }

    static func withoutNames(_ text: String) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count)
        var sentenceStart = true
        for token in text.unicodeScalars.split(separator: " ") {
            let letter = token.first { isAlphabetic($0) }
            let opensWithCapital = letter.map { $0.value < 128 ? ($0.value >= 65 && $0.value <= 90) : $0.properties.isUppercase } ?? false
            if sentenceStart || !opensWithCapital {
                if !kept.isEmpty { kept.append(UInt8(ascii: " ")) }
                kept.append(contentsOf: Substring(token).utf8)
            }
            if let last = token.last(where: { !"\"”’')".unicodeScalars.contains($0) }) {
                sentenceStart = ".!?:".unicodeScalars.contains(last)
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 128 else { return (value >= 65 && value <= 90) || (value >= 97 && value <= 122) }
        return scalar.properties.isAlphabetic
    }
}

/// `Sentences`.
enum ReferenceSentences {
    static func firstSentence(of text: String) -> String? {
        let chars = Array(text.unicodeScalars)
        var i = 0
        var depth = 0
        while i < chars.count - 1 {
            let c = chars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, c == "." || c == "!" || c == "?", chars[i + 1] == " ", i + 2 < chars.count {
                let next = chars[i + 2]
                if next.properties.isUppercase || "\"“‘'".unicodeScalars.contains(next) {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: chars[0...i])
                    let sentence = String(view)
                    if !sentence.hasSuffix("e.g.") && !sentence.hasSuffix("i.e.") { return sentence }
                }
            }
            i += 1
        }
        return nil
    }

    static func all(in text: String) -> [String] {
        let chars = Array(text)
        var sentences: [String] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < chars.count - 1 {
            let c = chars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, ".!?".contains(c), chars[i + 1] == " ", i + 2 < chars.count {
                let next = chars[i + 2]
                if next.isUppercase || "\"“‘'".contains(next) {
                    let sentence = String(chars[start...i])
                    if !sentence.hasSuffix("e.g.") && !sentence.hasSuffix("i.e.") {
                        sentences.append(sentence)
                        start = i + 1
                        while start < chars.count, chars[start].isWhitespace, !chars[start].isNewline { start += 1 }
                        depth = 0
                        i = start
                        continue
                    }
                }
            }
            i += 1
        }
        sentences.append(start < chars.count ? String(chars[start...]) : "")
        return sentences
    }

    static func all(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var sentences: [Range<Int>] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < scalars.count - 1 {
            let c = scalars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, c == "." || c == "!" || c == "?", scalars[i + 1] == " ", i + 2 < scalars.count {
                let next = scalars[i + 2]
                if Character(next).isUppercase || "\"“‘'".unicodeScalars.contains(next) {
                    if !endsWithAbbreviation(scalars[start...i]) {
                        sentences.append(start..<(i + 1))
                        start = i + 1
                        while start < scalars.count, Character(scalars[start]).isWhitespace, !Character(scalars[start]).isNewline {
                            start += 1
                        }
                        depth = 0
                        i = start
                        continue
                    }
                }
            }
            i += 1
        }
        sentences.append(start < scalars.count ? start..<scalars.count : scalars.count..<scalars.count)
        return sentences
    }

    private static func endsWithAbbreviation(_ sentence: ArraySlice<Unicode.Scalar>) -> Bool {
        guard sentence.count >= 4 else { return false }
        let end = sentence.suffix(4)
        return (end.elementsEqual("e.g.".unicodeScalars) || end.elementsEqual("i.e.".unicodeScalars))
    }

    static func words(_ text: String) -> [String] {
        Words.lowercased(text, digits: false, apostrophes: true)
    }
}
