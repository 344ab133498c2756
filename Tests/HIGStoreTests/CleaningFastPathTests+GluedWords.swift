import Foundation
import PropertyBased
import Testing
@testable import HIGStore
@testable import HIGText

/// `GluedWordRepairer.repair` reads its tokens on bytes and settles most of them with a byte
/// test (`isKnownOrShort`); the repaired words are stored, so the tokens must be those a
/// Character-level split gives, the test must mean what it says over the lexicon, and the
/// repair must equal one that sends every token through `repairToken`.
extension CleaningFastPathTests {
    static let repairer = GluedWordRepairer(lexicon: lexicon)

    /// Where the byte readings of `repair` answer otherwise than `GluedWordRepairer.Definition`
    /// on `text`; texts compared byte for byte.
    static func gluedWordMismatches(_ text: String) -> [String] {
        var found: [String] = []
        var fastTokens: [[UInt8]] = []
        var source = text
        source.withUTF8 { bytes in
            GluedWordRepairer.forEachToken(in: bytes) { fastTokens.append(Array(bytes[$0])) }
        }
        let tokens = GluedWordRepairer.Definition.tokens(text)
        if fastTokens != tokens.map({ Array($0.utf8) }) {
            found.append("tokens(\(text.debugDescription)): \(fastTokens.map { String(decoding: $0, as: UTF8.self) })")
        }
        for token in tokens {
            var bytes = Array(token.utf8)
            let fast = bytes.withUnsafeMutableBufferPointer { repairer.isKnownOrShort(UnsafeBufferPointer($0)) }
            if fast != GluedWordRepairer.Definition.isKnownOrShort(token, in: lexicon) {
                found.append("isKnownOrShort(\(token.debugDescription)): \(fast)")
            }
        }
        let (fast, defined) = (repairer.repair(text, line: 3), GluedWordRepairer.Definition.repair(text, line: 3, by: repairer))
        if !fast.text.utf8.elementsEqual(defined.text.utf8) || fast.repairs != defined.repairs {
            found.append("repair(\(text.debugDescription)): \(fast.text.debugDescription), defined \(defined.text.debugDescription)")
        }
        return found
    }

    /// Words, glued words and names of the lexicon, cased three ways, with the pieces that cut
    /// or hide them.
    static let gluedPieces =
        ["testthe", "buttonsis", "Itshould", "alertbutton", "kelvinbuttons", "ALERTBUTTON", "UIAlertView", "users(these", "cafébuttons"]
        + ["alert", "button", "buttons", "the", "kelvin", "steppers", "xyzzyplugh", "a1b", "q", "zz", "(", ")", ".", "’", "“", "-", "_"]

    static let gluedTexts = Gen<String?>.element(of: gluedPieces + hostilePieces + [" ", " ", "\t", "  "]).array(of: 0...16)
        .map { $0.compactMap { $0 }.joined() }

    @Test("Repairing every seed line, edge case and hostile piece reads the tokens and words the definitions read")
    func gluedWordsOfSeedsAndEdgeCases() {
        var found: [String] = []
        for source in Fixtures.seeds.sources {
            for line in source.file.lines { found += Self.gluedWordMismatches(MarkupStripper.collapseWhitespace(line)) }
        }
        for text in Self.edgeCases + Self.hostilePieces + Self.gluedPieces {
            for variant in [text, "x " + text + "testthe", text + " \u{301}testthe", "\t" + text.uppercased() + " buttonsis"] {
                found += Self.gluedWordMismatches(variant)
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test(
        "Repairing generated texts of glued words, separators, marks and non-ASCII reads as the definitions", .tags(.endToEnd), .fullRunOnly
    )
    func gluedWordsOfGeneratedTexts() async {
        await propertyCheck(count: 3000, input: Self.gluedTexts) { text in
            #expect(Self.gluedWordMismatches(text).isEmpty, "\(text.debugDescription)")
            #expect(Self.gluedWordMismatches(text.lowercased()).isEmpty, "\(text.lowercased().debugDescription)")
        }
        await propertyCheck(count: 1000, input: Self.scalarLines) { text in
            #expect(Self.gluedWordMismatches(text + " buttonsis").isEmpty, "\(text.debugDescription)")
        }
    }
}
