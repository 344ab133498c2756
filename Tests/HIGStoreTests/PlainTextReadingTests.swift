import Foundation
import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGText

/// `Sentences.firstSentence`, `RuleClassifier.prescribes`, `RuleClassifier.isDefinition` and
/// `NormativeForce.of` read plain texts on their bytes (`PlainText`); their answers are stored
/// (rule kinds, lineage classes, rule titles), so on every text the byte reading must answer
/// what the definition (`Definition`, plain Swift on Characters) answers.
@Suite("Reading plain text on bytes: the classifier, the force and the lead sentence answer as their definitions")
struct PlainTextReadingTests {
    /// Every way the byte readings are asked, against the definitions.
    static func mismatches(_ text: String, boldLeads: [String?] = [nil]) -> [String] {
        var found: [String] = []
        if let plain = PlainText.reading(text, RuleClassifier.prescribes(plain:)),
            plain != RuleClassifier.Definition.prescribes(text)
        {
            found.append("prescribes(\(text.debugDescription)): \(plain)")
        }
        // Compared byte for byte: String's == would take canonically equal texts as equal.
        if let plain = PlainText.reading(text, PlainText.firstSentence),
            plain.map({ Array($0.utf8) }) != Sentences.Definition.firstSentence(of: text).map({ Array($0.utf8) })
        {
            found.append("firstSentence(\(text.debugDescription)): \(plain.debugDescription)")
        }
        if let plain = PlainText.reading(text, NormativeForce.of(plain:)), plain != NormativeForce.Definition.of(text) {
            found.append("force(\(text.debugDescription)): \(plain), defined \(NormativeForce.Definition.of(text))")
        }
        for boldLead in boldLeads
        where RuleClassifier.isDefinition(text, boldLead: boldLead) != RuleClassifier.Definition.isDefinition(text, boldLead: boldLead) {
            found.append("isDefinition(\(text.debugDescription), boldLead: \(boldLead.debugDescription))")
        }
        return found
    }

    static func isPlain(_ text: String) -> Bool {
        PlainText.reading(text) { _ in true } ?? false
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

    @Test("Hand-checked answers of the definitions")
    func definitions() {
        #expect(
            Sentences.Definition.all(in: "Use it. Then  tap (e.g. OK. Not this) here! \"Go\" e.g. Now") == [
                "Use it.", "Then  tap (e.g. OK. Not this) here!", "\"Go\" e.g. Now",
            ])
        #expect(Sentences.Definition.firstSentence(of: "Command-Period (.) on exclamationmark.triangle") == nil)
        #expect(Sentences.Definition.firstSentence(of: "Tap Don\u{2019}t Allow. Then") == "Tap Don\u{2019}t Allow.")
        #expect(Sentences.Definition.withoutNames("Tap Don't Allow. Never use: Always (OK) now") == "Tap Never use: Always now")
        #expect(RuleClassifier.Definition.prescribes("When possible, avoid it."))
        #expect(RuleClassifier.Definition.prescribes("Tap Don't Allow to stop.") == false)
        #expect(RuleClassifier.Definition.prescribes("Users can tap it.") == false)
        #expect(NormativeForce.Definition.of("Users can tap it.") == .may)
        #expect(NormativeForce.Definition.of("Generally use it.") == .imperative)
        #expect(NormativeForce.Definition.of("Generally, use it.") == .hedged)
        #expect(RuleClassifier.Definition.isDefinition("Title-style capitalization means that", boldLead: nil))
        #expect(!RuleClassifier.Definition.isDefinition("Doing so means that", boldLead: nil))
    }

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

    /// Pieces that make a text not plain: letters beyond ASCII, canonically equivalent spellings
    /// (precomposed and decomposed, the Kelvin and Ångström signs), marks that join the space or
    /// the capital before them, CR and CR LF, control and format characters, other white space.
    static let otherPieces = [
        "é", "e\u{301}", "É", "E\u{301}", "Ä", "A\u{308}", "ä", "ß", "ǅ", "Ǆ", "\u{212A}", "K", "\u{212B}", "\u{C5}", "A\u{30A}",
        "\u{301}", " \u{301}", ".\u{301}", "\u{301}Use", "\r", "\r\n", "\u{A0}", "\u{2028}", "\u{2029}", "👍", "👩‍💻", "\u{200D}",
        "\u{FEFF}", "\u{0}", "\u{7F}", "\u{200F}", "İ", "ﬁ", "Ⓐ", "Ⅻ", "①", "٣", "مرحبا", "日本", "\u{2030}", "\u{201B}",
    ]

    /// Texts made of plain pieces, and of plain pieces mixed with others and with random scalars.
    static let plainTexts = Gen<String?>.element(of: plainPieces).array(of: 0...24)
        .map { $0.compactMap { $0 }.joined(separator: " ") }
    static let mixedTexts = Gen<String?>.element(of: plainPieces + otherPieces).array(of: 0...24)
        .map { $0.compactMap { $0 }.joined() }
    static let scalarTexts = Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{2FFF}").array(of: 0...12)
        .map { scalars in scalars.map { String($0) }.joined(separator: " ") + " Use it. Don't Allow" }

    @Test("Generated plain texts: the byte readings answer as the definitions", .tags(.endToEnd), .fullRunOnly)
    func generatedPlainTexts() async {
        var plain = 0
        await propertyCheck(count: 3000, input: Self.plainTexts) { text in
            if Self.isPlain(text) { plain += 1 }
            #expect(Self.mismatches(text, boldLeads: [nil, "Alert"]).isEmpty, "\(text.debugDescription)")
            // As typed, glued (no spaces) and uppercased: capitals, cuts and names move.
            #expect(Self.mismatches(text.replacingOccurrences(of: " ", with: "")).isEmpty)
            #expect(Self.mismatches(text.uppercased()).isEmpty)
        }
        #expect(plain > 2900, "\(plain) plain texts of 3000")
    }

    @Test(
        "Generated texts with non-ASCII, canonically equivalent and hostile pieces: both readings agree where both read", .tags(.endToEnd),
        .fullRunOnly)
    func generatedMixedTexts() async {
        await propertyCheck(count: 3000, input: Self.mixedTexts) { text in
            #expect(Self.mismatches(text, boldLeads: [nil, "Title-style capitalization"]).isEmpty, "\(text.debugDescription)")
            #expect(
                Sentences.firstSentence(of: text).map { Array($0.utf8) }
                    == Sentences.Definition.firstSentence(of: text).map { Array($0.utf8) })
        }
        await propertyCheck(count: 1000, input: Self.scalarTexts) { text in
            #expect(Self.mismatches(text).isEmpty, "\(text.debugDescription)")
            #expect(RuleClassifier.prescribes(text) == RuleClassifier.Definition.prescribes(text))
            #expect(NormativeForce.of(text) == NormativeForce.Definition.of(text))
        }
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
