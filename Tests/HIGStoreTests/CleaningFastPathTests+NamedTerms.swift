import Foundation
import PropertyBased
import Testing
@testable import HIGStore

/// `NormativeForce.terms` skips its patterns unless a byte test finds a quote or a phrase that
/// names a word; the words found decide reversals between editions, so skipping must only save
/// work. It does not always: the test lets through no word named without quotes after "use "
/// or "avoid " (Bytes/README.md). Every other difference is a failure.
extension CleaningFastPathTests {
    /// The difference between `terms` and `Definition.terms` on `text`, unless it is the known
    /// one: the patterns find words the pre-check skipped, in a text holding "use " or "avoid "
    /// in any ASCII case.
    static func namedTermsMismatch(_ text: String) -> String? {
        let (fast, defined) = (NormativeForce.terms(of: text), NormativeForce.Definition.terms(of: text))
        guard fast.recommended != defined.recommended || fast.rejected != defined.rejected else { return nil }
        let lower = String(decoding: text.utf8.map(ASCII.lowercased), as: UTF8.self)
        let isKnown = fast.recommended.isEmpty && fast.rejected.isEmpty && (lower.contains("use ") || lower.contains("avoid "))
        return isKnown ? nil : "terms(\(text.debugDescription)): \(fast), defined \(defined)"
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

    @Test("The phrases the pre-check names are read; the unquoted ones it skips are a known difference")
    func namedTermsPreCheck() {
        for text in ["use a term like choose", "use the word tap", "prefer \"OK\"", "Prefer “OK” (not “Okay”)", "Avoid “click”"] {
            let (fast, defined) = (NormativeForce.terms(of: text), NormativeForce.Definition.terms(of: text))
            #expect(fast.recommended == defined.recommended && fast.rejected == defined.rejected, "\(text)")
            #expect(!defined.recommended.union(defined.rejected).isEmpty, "\(text)")
        }
        withKnownIssue("the pre-check skips words named without quotes: reported, not yet decided (Bytes/README.md)") {
            for text in ["Avoid clutter", "Use the term tap", "Use a term like choose", "don't use click", "USE THE WORD tap"] {
                let (fast, defined) = (NormativeForce.terms(of: text), NormativeForce.Definition.terms(of: text))
                #expect(fast.recommended == defined.recommended && fast.rejected == defined.rejected, "\(text)")
            }
        }
    }
}
