import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGLineage

/// `Acts.clauses` reads a text on its bytes when its every character allows it; the clauses
/// decide which acts two rules advise, and so which links are reversals: any difference from
/// reading Characters is a failure.
extension CleaningFastPathTests {
    static func clausesMismatch(_ text: String) -> String? {
        let (fast, defined) = (NormativeForce.Acts.clauses(text), NormativeForce.Acts.clausesReadingCharacters(text))
        return fast == defined ? nil : "clauses(\(text.debugDescription)): \(fast), defined \(defined)"
    }

    static let clausePieces = [
        "Don’t", "don't", "make", "the", "Cancel", "button", ".", ",", ";", ":", "!", "?", "(", ")", "—", "–", "-", "\n", "\r\n",
        "\r", "’", "‘", "'", "é", "e\u{301}", "’\u{301}", "—\u{301}", "É", "ǅ", "İ", "7", " ", "\t", "\u{A0}", "\u{2028}", "“", "”",
    ]

    static let clauseTexts = Gen<String?>.element(of: clausePieces + hostilePieces).array(of: 0...16)
        .map { pieces in pieces.compactMap { $0 }.joined(separator: pieces.count % 3 == 0 ? "" : " ") }

    @Test("The clauses of every seed rule and line, edge case and generated text, on bytes as on Characters")
    func clauses() async {
        var found: [String] = []
        for source in Fixtures.seeds.sources {
            for text in source.rules.map(\.draft.text) + source.file.lines { found += [Self.clausesMismatch(text)].compactMap { $0 } }
        }
        for text in Self.edgeCases + Self.hostilePieces + Self.clausePieces {
            found += [Self.clausesMismatch(text), Self.clausesMismatch("Don’t " + text + " — at all.")].compactMap { $0 }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        // Most texts are read on bytes: the fast path is taken, not only agreed with.
        #expect(NormativeForce.Acts.clausesOnBytes("Note that you don’t want to make a Cancel button the default button — ever.") != nil)
        await propertyCheck(count: 3000, input: Self.clauseTexts) { text in
            #expect(Self.clausesMismatch(text) == nil, "\(text.debugDescription)")
        }
    }
}
