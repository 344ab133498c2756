import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

/// A rule an edition dropped and a later one brought back is linked across the edition that
/// lacked it, as `restored`, never called added.
@Suite("Restored rules")
struct RestoredLinkTests {
    static let fields = "**Label text fields clearly**. A placeholder names the value a field expects.\n"

    /// One has titles and buttons; two drops titles and adds fields; three brings titles back.
    static func editions(in folder: URL) throws -> URL {
        try LinkFixture.editions(
            in: folder, one: LinkFixture.titles + "\n" + LinkFixture.buttons,
            two: LinkFixture.buttons + "\n" + fields,
            three: LinkFixture.titles + "\n" + LinkFixture.buttons + "\n" + fields)
    }

    @Test("Titles, dropped by two and back in three, link one to three as restored")
    func restored() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let (one, two, three) = (
                try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"), try LinkFixture.ids(path, "three")
            )
            let link = try #require(try store.allLinks().first { $0.to == three[0] })
            // Back in the same words: as sure as a rule that kept them.
            #expect(link.from == one[0] && link.change == .restored && link.evidence == .sameWords && link.method == .matcher)
            #expect(link.confidence == LinkConfidence.bundled.sameWords)
            #expect(try store.allLinks().filter { $0.to == three[0] }.count == 1)
            // Two removed it; three did not add it: it came back.
            let dropped = try store.diff(from: "one", to: "two")
            #expect(dropped.removed == [one[0]])
            let back = try store.diff(from: "two", to: "three")
            #expect(back.restored == [three[0]] && back.added.isEmpty)
            #expect(back.counts.first { $0.0 == .restored }?.1 == 1)
            let text = TextRenderer(colored: false).diff(back, rules: try store.ruleTexts(of: back), showUnchanged: false)
            #expect(text.contains("Restored (back from an edition before two, which lacked them) (1)"))
            #expect(text.contains("  restored          1"))
            // Across both steps, the pair is restored.
            let across = try store.diff(from: "one", to: "three")
            #expect(across.changed.contains { $0.from == one[0] && $0.to == three[0] && $0.change == .restored })
            // The lineage: one, then three.
            let lineage = try #require(try store.evolution(three[0]).lineages.first)
            #expect(lineage.editions == ["one", "three"])
            #expect(TextRenderer(colored: false).evolution(try store.evolution(three[0])).contains("restored from \(one[0])"))
            _ = two
        }
    }

    @Test("A rule back in other words is a restoration, less sure than one back in the same words")
    func restoredInOtherWords() throws {
        let titlesAgain = "**Keep alert titles short**. A title of a few words reads quickly at a glance.\n"
        try LinkFixture.withDatabase({
            try LinkFixture.editions(
                in: $0, one: LinkFixture.titles + "\n" + LinkFixture.buttons, two: LinkFixture.buttons + "\n" + Self.fields,
                three: titlesAgain + "\n" + LinkFixture.buttons + "\n" + Self.fields)
        }) { path, _ in
            let store = try RuleStore.open(path: path)
            let (one, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "three"))
            let link = try #require(try store.allLinks().first { $0.to == three[0] })
            #expect(link.from == one[0] && link.change == .restored && link.evidence == .restoration)
        }
    }

    @Test("A rule of fewer than two words is never restored: it comes back by chance")
    func wordAlone() throws {
        // One has a table's row of two words and a label of one; two drops both; three brings
        // both back, word for word.
        let row = "Tap — Click\n"
        try LinkFixture.withDatabase({
            try LinkFixture.editions(
                in: $0, one: LinkFixture.buttons + "\nClosed\n\n" + row, two: LinkFixture.buttons + "\n" + Self.fields,
                three: LinkFixture.buttons + "\nClosed\n\n" + row + "\n" + Self.fields)
        }) { path, _ in
            let store = try RuleStore.open(path: path)
            let three = try store.rules(RuleFilter(edition: "three"))
            let closed = try #require(three.first { $0.text == "Closed" })
            let tapClick = try #require(three.first { $0.text == "Tap — Click" }, "\(three.map(\.text))")
            let links = try store.allLinks()
            #expect(!links.contains { $0.to == closed.id }, "\(links.filter { $0.to == closed.id })")
            #expect(links.contains { $0.to == tapClick.id && $0.change == .restored })
        }
        #expect(
            Linker.LinkState.hasFewerThanTwoWords("40") && Linker.LinkState.hasFewerThanTwoWords("3.")
                && Linker.LinkState.hasFewerThanTwoWords("? — Help"))
        #expect(!Linker.LinkState.hasFewerThanTwoWords("Tap — Click") && !Linker.LinkState.hasFewerThanTwoWords("Rotate — Rotate"))
    }

    @Test("A reader may reject a restoration, or confirm one; not across two complete editions")
    func decided() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let (one, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "three"))
            let rejected = try StoreWriter.decide(.reject, from: one[0], to: three[0], why: "apart", path: path)
            #expect(rejected.linksBefore.contains { $0.change == .restored } && !rejected.linksAfter.contains { $0.change == .restored })
            #expect(try RuleStore.open(path: path).diff(from: "two", to: "three").added == [three[0]])
            // Confirmed instead: a curated restoration, with its reason.
            let confirmed = try StoreWriter.decide(.confirm, from: one[0], to: three[0], why: "back", path: path)
            let link = try #require(confirmed.linksAfter.first { $0.from == one[0] && $0.to == three[0] })
            #expect(link.change == .restored && link.method == .curated && link.rationale == "back" && confirmed.decision?.applies == true)
        }
        // Six editions: one and six have four complete editions between them, one more than a
        // rule may be missing from.
        try Fixtures.withTemporaryFolder { folder in
            let names = ["one", "two", "three", "four", "five", "six"]
            let manifest = Fixtures.manifest(names.map { ($0, "\($0).md") })
                .replacingOccurrences(of: #""coverage": "excerpt""#, with: #""coverage": "complete""#)
            let text = Data(LinkFixture.titles.utf8)
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: manifest, files: Dictionary(uniqueKeysWithValues: names.map { ("\($0).md", text) }))
            let path = folder.appending(path: "f.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let (one, six) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "six"))
            #expect(throws: HIGError.linkEditionsNotCompared(from: one[0], to: six[0], between: "two and three and four and five")) {
                try StoreWriter.decide(.confirm, from: one[0], to: six[0], why: "x", path: path)
            }
        }
    }

    @Test("A rule missing from up to three complete editions in a row is restored; missing from four, it starts anew")
    func longGaps() throws {
        for missing in [2, 3, 4] {
            try Fixtures.withTemporaryFolder { folder in
                let names = (0...(missing + 1)).map { "e\($0)" }
                let manifest = Fixtures.manifest(names.map { ($0, "\($0).md") })
                    .replacingOccurrences(of: #""coverage": "excerpt""#, with: #""coverage": "complete""#)
                var files: [String: Data] = [:]
                for (index, name) in names.enumerated() {
                    let lacks = index > 0 && index <= missing
                    files["\(name).md"] = Data(((lacks ? "" : LinkFixture.titles + "\n") + LinkFixture.buttons).utf8)
                }
                let editions = try Fixtures.writeEditions(in: folder, manifest: manifest, files: files)
                let path = folder.appending(path: "f.sqlite").path
                _ = try StoreWriter.importEditions(from: editions, into: path)
                let (first, last) = (try LinkFixture.ids(path, names[0]), try LinkFixture.ids(path, names.last!))
                let link = try RuleStore.open(path: path).allLinks().first { $0.to == last[0] }
                if missing <= Linker.Departed.longestGap {
                    #expect(link?.from == first[0] && link?.change == .restored, "missing from \(missing)")
                } else {
                    #expect(link == nil, "missing from \(missing)")
                }
            }
        }
    }

    @Test("A confirmed restoration the matcher would not make is applied")
    func confirmedRestoration() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let (one, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "three"))
            // one's titles rule, which two lacks, confirmed into three's fields rule: other words.
            let confirmed = try StoreWriter.decide(.confirm, from: one[0], to: three[2], why: "the same advice", path: path)
            #expect(confirmed.decision?.applies == true)
            let link = try #require(confirmed.linksAfter.first { $0.from == one[0] && $0.to == three[2] })
            #expect(link.method == .curated && link.change == .restored)
        }
    }
}
