import Foundation
import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGText

/// Cleaning reads lines on their bytes (`Lexicon.wordCounts`, `MarkupStripper`'s page markers
/// and content test, `FastText`, `RuleBuilder.continues`); what it makes is stored (rule texts,
/// repairs, ids), so each byte reading must answer what its definition answers, on every line.
@Suite("Cleaning on bytes: word counts, page markers and prefixes answer as their definitions")
struct CleaningFastPathTests {
    /// The lexicon the import would use for the seeds, with words beyond ASCII, one equal to an
    /// ASCII word under String's `==` ("\u{212A}elvin" is "Kelvin") and one that is not ("cafe\u{301}").
    static let lexicon: Lexicon = {
        var lexicon = Lexicon.bundled
        var words = lexicon.words
        words.formUnion(["\u{212A}elvin", "cafe\u{301}", "caf\u{E9}", "na\u{EF}ve", "x\u{37E}y", "stepp\u{1FEF}"])
        lexicon = Lexicon(words: words)
        for source in Fixtures.seeds.sources { lexicon.learnWords(from: source.file.text) }
        for source in Fixtures.seeds.sources { lexicon.countWords(in: source.file.text) }
        lexicon.countWords(in: "\u{212A}elvin kelvin cafe\u{301} caf\u{E9} buttons is button")
        return lexicon
    }()

    static func mismatches(_ line: String) -> [String] {
        var found: [String] = []
        if MarkupStripper.pageMarkers(in: line) != MarkupStripper.pageMarkers(readingCharactersOf: line) {
            found.append("pageMarkers(\(line.debugDescription)): \(MarkupStripper.pageMarkers(in: line))")
        }
        if MarkupStripper.hasNonWhitespaceCharacter(line) != line.contains(where: { !$0.isWhitespace }) {
            found.append("hasNonWhitespaceCharacter(\(line.debugDescription))")
        }
        for pattern in ["**", "__", "*"] as [StaticString] {
            // The definition: the line's bytes without the pattern's bytes, leftmost first.
            let defined = Array(line.utf8).replacing(Array("\(pattern)".utf8), with: [UInt8]())
            if !FastText.removing(pattern, from: line).utf8.elementsEqual(defined) {
                found.append("removing(\(pattern), \(line.debugDescription))")
            }
        }
        for pattern in ["![", "](", "#)", "<br>", "](#page-", "supported", "Source", "›", " > ", "é"] as [StaticString] {
            // The definition: the pattern's bytes stand somewhere in the line's, in a String or a Substring.
            let defined = Array(line.utf8).firstRange(of: Array("\(pattern)".utf8)) != nil
            if FastText.contains(pattern, in: line) != defined || FastText.contains(pattern, in: line.dropFirst(0)) != defined {
                found.append("contains(\(pattern), \(line.debugDescription))")
            }
        }
        if !sameCounts(Lexicon.wordCounts(in: line), definedWordCounts(line)) {
            found.append("wordCounts(\(line.debugDescription)): \(Lexicon.wordCounts(in: line))")
        }
        for text in [line, String(repeating: line, count: 8), "In addition, " + line, "FOR EXAMPLE," + line] {
            let lower = text.lowercased()
            if !lower.utf8.starts(with: FastText.lowercasedStart(text).utf8)
                || FastText.lowercasedStart(text).utf8.count < min(64, lower.utf8.count)
            {
                found.append("lowercasedStart(\(text.debugDescription))")
            }
            if RuleBuilder.continues(text) != RuleBuilder.continuationOpenings.contains(where: { lower.hasPrefix($0) }) {
                found.append("continues(\(text.debugDescription))")
            }
        }
        return found
    }

    /// `Lexicon.wordCounts` defined: `Words.lowercased`, counted in a dictionary.
    static func definedWordCounts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in Words.lowercased(text, digits: false, apostrophes: false) { counts[word, default: 0] += 1 }
        return counts
    }

    /// Equal dictionaries whose keys have the same bytes.
    static func sameCounts(_ counts: [String: Int], _ reference: [String: Int]) -> Bool {
        func keyed(_ counts: [String: Int]) -> [[UInt8]: Int] {
            Dictionary(uniqueKeysWithValues: counts.map { (Array($0.key.utf8), $0.value) })
        }
        return counts == reference && keyed(counts) == keyed(reference)
    }

    @Test("Every source line and whole file of the seed editions")
    func seeds() {
        var found: [String] = []
        for source in Fixtures.seeds.sources {
            for line in source.file.lines { found += Self.mismatches(line) }
            if !Self.sameCounts(Lexicon.wordCounts(in: source.file.text), Self.definedWordCounts(source.file.text)) {
                found.append("wordCounts(\(source.file.path))")
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    static let edgeCases = [
        "", " ", "\t", "  x  ", "\u{0}", "a\u{0}b", "a\tb", "a\u{7F}b", "\u{1F}", "\r", "a\rb", "\u{A0}", "\u{2028}x",
        // Page anchors and images, at the ends, with too many digits, with marks and non-ASCII around them.
        "<span id=\"page-72-1\"></span>", "id=\"page-", "id=\"page-7", "_page_", "_page_116_Picture_13", "_page_1234567_x",
        "_page_123456_x", "_page_0007", "![](_page_3_Picture_1.jpeg)", "<span id=\"page-1-0\"></span><span id=\"page-2-0\">x",
        "é <span id=\"page-72-1\"></span>", "id=\"page-\u{301}72", "_page_\u{301}3", "_\u{301}page_3", "i\u{301}d=\"page-3",
        "_page_٣", "_page_3\u{301}", "_page_½", "_page_3٣", "\r\n_page_3", "x\r_page_4", "_page__page_5", "id=\"page-_page_6",
        "\u{212A}id=\"page-8", "_page_3 “quote”", "_page_00000000000000000000001",
        // Emphasis, links, comments, bullets, headings.
        "**Use alerts sparingly**. Text", "**a**b**", "****", "**", "*", "__x__", "_x_", "a_b_c", "* item", "- item",
        "● Item", "❏ ● x", "•x", "–x", "# Title", "###### T", "####### T", "#T", "<!-- c -->x", "<!<!---->--x", "x <b>y</b>",
        "[a](b) [c](#page-3-0)", "[\"Using](#page-70-0) Action [Sheets\"](#page-70-0)", "a \\* b", "*italic* and 5 * 3",
        "**- x**", "<!<b>--", "*é*", "**é**", "é**x**", "_\u{301}x_",
        // Backslash escapes: read as characters, protected from every markup pass; a line already
        // holding a placeholder's noncharacter.
        "\\(page 120\\)", "[Only\\)\"](#page-104-0)", "x\\_y\\_z", "- \\* item", "\\**b**", "[a\\] b](c)", "\\\\*x*",
        "a\\", placeholder(0) + "\\(", placeholder(31) + " \\_x_",
        // Glued words, with capitals, brackets, non-ASCII, and words equal to ASCII ones only canonically.
        "testthe buttonsissignificantly Itshould", "users(these", "Users(these and", "buttonsis", "kelvinbuttons",
        "\u{212A}elvinbuttons", "cafébuttons", "cafe\u{301}buttons", "naïvebuttons", "UIAlertView", "iPadOS", "alertalert",
        "steppers", "xyzzyplugh", "Alertbutton.", "(alertbutton)", "“alertbutton”", "alert’sbutton", "ALERTBUTTON",
        String(repeating: "alert", count: 40), String(repeating: "a", count: 200),
        // Words for the counts: apostrophes, digits, letters beyond ASCII, case mappings that grow.
        "don't don’t ‘x’ a1b 2c", "İstanbul ǅ ß ΣΑΣ Kelvin \u{212A}elvin x\u{37E}y", "ﬁle ǈ 日本語 👍 e\u{301}",
        // Named terms.
        "use the word \"tap\" (not \"touch\" or \"click\")", "Use a term like choose", "avoid \"click\"", "don't use “x”",
        "Instead, use it", "instead,", "Instead", "Also,x", "However ,", "In that case,\r\nx", "That is,\u{301}", "THEN, x",
        "for instance,é", "similarly, " + String(repeating: "é", count: 40), String(repeating: "x", count: 64) + "é",
        String(repeating: "X", count: 65), String(repeating: "x", count: 63) + "\r\n",
        "prefer \"OK\"", "use the term tap", "avoid using \"foo\"", "(not \"a\")", "\"", "\u{E2}", "use a ter", "use the wor",
    ]

    @Test("Hand-written edge cases: control characters, pages, markup, glued words, apostrophes, non-ASCII")
    func edgeCases() {
        var found: [String] = []
        for line in Self.edgeCases {
            found += Self.mismatches(line)
            found += Self.mismatches("- " + line + " end")
            found += Self.mismatches("  " + line + "testthe")
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    /// A noncharacter `MarkdownEscapes` stands an escaped character in for (no literal may hold one).
    static func placeholder(_ offset: UInt32) -> String { String(Unicode.Scalar(MarkdownEscapes.firstPlaceholder + offset)!) }

    static let pieces = [
        "alert", "button", "the", "test", "testthe", "buttonsis", "Itshould", "users(these", "UIAlertView", "use",
        "Use", "word", "term", "like", "avoid", "don't", "not", "\"tap\"", "“tap”", "(not", ")", "(", "[", "]", "](",
        "](#page-3-0)", "![", "Instead,", "For example,", "in", "that", "case,", "<", ">", "<span", "id=\"page-", "_page_", "<!--", "-->",
        "**", "*", "__", "_", "#", "##",
        "-", "●", "❏", "•", "\\*", "\\(", "\\)", "\\_", "\\]", "\\\\", "\\", placeholder(0), "7", "42", "1234567", ".", ",", "’", "‘", " ",
        " ", " ", "  ", "\t", "\u{0}",
        "é", "É", "e\u{301}", "\u{301}", "\u{212A}", "\u{37E}", "İ", "ß", "👍", "\u{A0}", "\u{2028}", "\r", "\r\n",
    ]

    static let lines = Gen<String?>.element(of: pieces).array(of: 0...20).map { $0.compactMap { $0 }.joined() }

    @Test("Generated lines of words, glued words, markup, page markers, control characters and non-ASCII", .tags(.endToEnd), .fullRunOnly)
    func generatedLines() async {
        await propertyCheck(count: 3000, input: Self.lines) { line in
            #expect(Self.mismatches(line).isEmpty, "\(line.debugDescription)")
            #expect(Self.mismatches(line.uppercased()).isEmpty, "\(line.uppercased().debugDescription)")
        }
    }

    @Test("The lexicon's index answers as the lexicon for ASCII words, whatever words it holds")
    func lexiconIndex() {
        let index = LexiconIndex(Self.lexicon)
        var queries = ["kelvin", "Kelvin", "KELVIN", "x;y", "stepp`", "cafe", "alert", "alerts", "a", "i", "", "zzzz"]
        queries += Array(Self.lexicon.words.prefix(5000)).filter { $0.utf8.allSatisfy { $0 < 128 } }
        for query in queries {
            let bytes = Array(query.utf8)
            let (contains, count) = bytes.withUnsafeBufferPointer { (index.contains(ascii: $0), index.count(ascii: $0)) }
            #expect(contains == Self.lexicon.contains(query), "\(query)")
            #expect(count == Self.lexicon.count(of: query), "\(query)")
        }
        #expect(LexiconIndex.asciiEquivalent("\u{212A}elvin") == Array("Kelvin".utf8))
        #expect(LexiconIndex.asciiEquivalent("cafe\u{301}") == nil)
    }

    @Test("The byte table counts as a dictionary does, through growth")
    func byteWordTable() {
        var table = ByteWordTable()
        var reference: [[UInt8]: Int] = [:]
        var random = SeededRandom(seed: 7)
        for _ in 0..<20000 {
            let word = random.bytes(random.int(0...6)).map { $0 % 8 }
            word.withUnsafeBufferPointer { table.add(1, to: $0) }
            reference[word, default: 0] += 1
        }
        var seen: [[UInt8]: Int] = [:]
        table.forEach { seen[Array($0)] = $1 }
        #expect(seen == reference)
        #expect(table.count == reference.count)
    }
}
