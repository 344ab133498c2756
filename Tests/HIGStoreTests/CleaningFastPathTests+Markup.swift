import Foundation
import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGText

/// `MarkupStripper.mark` answers its questions of a line from one byte scan (`MarkupBytes`) and
/// collapses white space on bytes; what it makes is every rule's text, so both must answer as
/// their definitions (`MarkupStripper.Definition`), read on scalars and Characters.
extension CleaningFastPathTests {
    /// Pieces no reading of bytes may misread: control characters and NUL, lone and stacked
    /// combining marks (after a space they make one Character with it), CR LF, every kind of
    /// white space, canonically equivalent spellings, prepended and joining marks, long runs.
    static let hostilePieces = [
        "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{B}", "\u{C}", "\r", "\n", "\r\n", "\t", "\t\u{301}", " \u{301}", "\u{301}",
        "\u{301}\u{308}", " \u{200D}", "\u{200D}", "\u{FE0F}", " \u{FE0F}", "\u{600}", "\u{600} ", "\u{903}", " \u{903}",
        "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
        "é", "e\u{301}", "É", "E\u{301}", "\u{212A}", "K", "\u{212B}", "\u{C5}", "A\u{30A}", "\u{37E}", "ß", "İ", "ﬁ",
        "👍", "👩‍💻", "“", "”", "’", "‘", "—", "\u{FEFF}", "\u{E2}",
        String(repeating: " ", count: 300), String(repeating: "\u{A0}", count: 100), String(repeating: "\u{301}", count: 50),
        String(repeating: "testthe", count: 30), String(repeating: "<", count: 80), String(repeating: "](", count: 60),
    ]

    static let hostileLines = Gen<String?>.element(of: pieces + hostilePieces).array(of: 0...24)
        .map { $0.compactMap { $0 }.joined() }
    static let scalarLines = Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{3100}").array(of: 0...16)
        .map { scalars in scalars.map { String($0) }.joined(separator: scalars.count % 3 == 0 ? " " : "") }

    static let strippers = [
        MarkupStripper(form: .pdfMarkdown, repairer: GluedWordRepairer(lexicon: lexicon)),
        MarkupStripper(form: .pdfMarkdown, repairer: nil), MarkupStripper(form: .webText, repairer: GluedWordRepairer(lexicon: lexicon)),
    ]

    /// Where `mark`, `MarkupBytes` and `collapseWhitespace` answer otherwise than their
    /// definitions on `line`; texts compared byte for byte (`==` takes canonically equal ones alike).
    static func markupMismatches(_ line: String) -> [String] {
        var found: [String] = []
        for stripper in strippers {
            let (fast, defined) = (stripper.mark(line, number: 7), MarkupStripper.Definition.mark(line, number: 7, by: stripper))
            let sameLead = fast.boldLead.map({ Array($0.utf8) }) == defined.boldLead.map({ Array($0.utf8) })
            if fast != defined || !fast.text.utf8.elementsEqual(defined.text.utf8) || !sameLead {
                found.append("mark(\(line.debugDescription), \(stripper.form)): \(fast), defined \(defined)")
            }
        }
        let scan = MarkupStripper.MarkupBytes(line)
        if let byte = (0..<128).first(where: { scan.contains(UInt8($0)) != MarkupStripper.Definition.holds(UInt8($0), line) }) {
            found.append("MarkupBytes(\(line.debugDescription)).contains(\(byte))")
        }
        if scan.hasControlCharacter != MarkupStripper.Definition.hasControlCharacter(line)
            || scan.hasASCIIOtherThanWhitespace != MarkupStripper.Definition.hasASCIIOtherThanWhitespace(line)
        {
            found.append("MarkupBytes(\(line.debugDescription)) control or content")
        }
        if !MarkupStripper.collapseWhitespace(line).utf8.elementsEqual(MarkupStripper.Definition.collapseWhitespace(line).utf8) {
            found.append("collapseWhitespace(\(line.debugDescription)): \(MarkupStripper.collapseWhitespace(line).debugDescription)")
        }
        return found
    }

    @Test("Marking and collapsing every seed line, edge case and hostile piece answer as the definitions")
    func markupOfSeedsAndEdgeCases() {
        var found: [String] = []
        for source in Fixtures.seeds.sources {
            for line in source.file.lines { found += Self.markupMismatches(line) }
        }
        for line in Self.edgeCases + Self.hostilePieces {
            found += Self.markupMismatches(line)
            found += Self.markupMismatches("\t - " + line + " <b>x</b> end")
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test(
        "Marking and collapsing generated lines of markup, control characters, marks and white space answer as the definitions",
        .tags(.endToEnd), .fullRunOnly)
    func markupOfGeneratedLines() async {
        await propertyCheck(count: 2000, input: Self.hostileLines) { line in
            #expect(Self.markupMismatches(line).isEmpty, "\(line.debugDescription)")
        }
        await propertyCheck(count: 1000, input: Self.scalarLines) { line in
            #expect(Self.markupMismatches(line).isEmpty, "\(line.debugDescription)")
        }
    }
}
