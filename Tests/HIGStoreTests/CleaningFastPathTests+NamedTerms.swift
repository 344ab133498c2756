import Foundation
import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGLineage

/// `NormativeForce.terms` skips its patterns unless a byte test finds a quote, a byte above
/// ASCII or a phrase that names a word; the words found decide reversals between editions, so
/// skipping must only save work: any difference from `Definition.terms` is a failure.
extension CleaningFastPathTests {
    /// The difference between `terms` and `Definition.terms` on `text`, if any.
    static func namedTermsMismatch(_ text: String) -> String? {
        let (fast, defined) = (NormativeForce.terms(of: text), NormativeForce.Definition.terms(of: text))
        guard fast.recommended != defined.recommended || fast.rejected != defined.rejected else { return nil }
        return "terms(\(text.debugDescription)): \(fast), defined \(defined)"
    }

    static let termPieces = [
        "use", "Use", "USE", "the", "word", "term", "a", "like", "avoid", "Avoid", "using", "don't", "don’t", "prefer",
        "Prefer", "not", "(not", "(", ")", "\"tap\"", "“tap”", "‘tap’", "\"", "“", "”", "tap", "click", "choose", "or", ",",
    ]

    static let termTexts = Gen<String?>.element(of: termPieces + hostilePieces).array(of: 0...14)
        .map { pieces in pieces.compactMap { $0 }.joined(separator: pieces.count % 4 == 0 ? "" : " ") }

    @Test("Named words of every seed rule, edge case and generated text: the pre-check skips only the known unquoted ones")
    func namedTerms() async {
        var found: [String] = []
        for source in Fixtures.seeds.sources {
            for text in source.rules.map(\.draft.text) + source.file.lines { found += [Self.namedTermsMismatch(text)].compactMap { $0 } }
        }
        for text in Self.edgeCases + Self.hostilePieces + Self.termPieces {
            found += [Self.namedTermsMismatch(text), Self.namedTermsMismatch("Prefer “" + text + "” (not \"x\")")].compactMap { $0 }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        await propertyCheck(count: 3000, input: Self.termTexts) { text in
            #expect(Self.namedTermsMismatch(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("Words named after a term phrase, in any case, or in quotes; an unquoted word after a bare avoid is no term")
    func namedTermsPreCheck() {
        let expected: [(String, recommended: Set<String>, rejected: Set<String>)] = [
            ("use a term like choose", ["choose"], []),
            ("Use a term like choose", ["choose"], []),
            ("USE THE WORD tap", ["tap"], []),
            ("Use the term tap", ["tap"], []),
            ("prefer \"OK\"", ["ok"], []),
            ("Use the word \"tap\" (not \"touch\" or \"click\")", ["tap"], ["touch", "click"]),
            ("Avoid using \"click\"", [], ["click"]),
            ("Avoid clutter", [], []),
            ("Avoid \"clutter\"", [], ["clutter"]),
            // ios-2014-03 > web-2022-23: the reversal of "Use \"OK\"".
            ("Avoid using OK as the default button title", [], ["ok"]),
            ("Don't use click", [], ["click"]),
        ]
        for (text, recommended, rejected) in expected {
            let (fast, defined) = (NormativeForce.terms(of: text), NormativeForce.Definition.terms(of: text))
            #expect(fast.recommended == recommended && fast.rejected == rejected, "\(text): \(fast)")
            #expect(fast.recommended == defined.recommended && fast.rejected == defined.rejected, "\(text)")
        }
    }
}
