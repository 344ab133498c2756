import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering

/// A rule that several editions kept word for word is one search hit, with the editions it spans;
/// `--limit` counts hits, and JSON keeps every version's id.
@Suite("Search hits of one unchanged lineage")
struct SearchSameWordsTests {
    static let titles = LinkFixture.titles
    static let buttons = LinkFixture.buttons
    static let reworded = "**Keep alert titles brief**. A title of a few words reads at a glance.\n"

    /// one (2004) → two (2006) → three (2009) keep both rules; four (2012) rewords the titles one.
    static func editions(in folder: URL) throws -> URL {
        let manifest = FamilyTreeTests.manifest([
            ("one", "2004-05", [], "mac"), ("two", "2006", ["one"], "mac"), ("three", "2009-08", ["two"], "mac"),
            ("four", "2012", ["three"], "mac"),
        ])
        let same = Data((titles + "\n" + buttons).utf8)
        return try Fixtures.writeEditions(
            in: folder, manifest: manifest,
            files: ["one.md": same, "two.md": same, "three.md": same, "four.md": Data((reworded + "\n" + buttons).utf8)])
    }

    @Test("The versions of a rule with the same words are one hit, listing the editions and years they span")
    func oneHitPerUnchangedLineage() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let id = { (edition: String, index: Int) in try LinkFixture.ids(path, edition)[index] }
            let (one, two, three, four) = (try id("one", 0), try id("two", 0), try id("three", 0), try id("four", 0))
            let result = try store.search(SearchRequest(text: "titles"))
            #expect(result.total == 4)
            let kept = try #require(result.hits.first { $0.versions.count == 3 })
            // The newest stands for them; its versions come along the tree.
            #expect(kept.record.id == three)
            #expect(kept.versions.map(\.id) == [one, two, three])
            #expect(kept.years == "2004-2009")
            // The reworded one of 2012 is a hit of its own.
            #expect(result.hits.count == 2 && result.hits.contains { $0.record.id == four && $0.versions.count == 1 })

            let text = TextRenderer(colored: false).search(result)
            #expect(
                text.output.contains(
                    "\(three)  three  guideline  editions/three.md:1\n  same words in 3 editions, 2004-2009: one … three\n"))
            #expect(text.notes.isEmpty)
        }
    }

    @Test("--limit counts hits, not rules; the note says how many rules the hits hold")
    func limitCountsHits() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            // "alert" is in both rules of every edition: three hits (titles 2004-2009, titles
            // 2012, buttons 2004-2012) in eight rules.
            let two = try store.search(SearchRequest(text: "alert", limit: 2))
            #expect(two.hits.count == 2 && two.total == 8)
            // No rule is in two hits, and no two hits have the same words.
            let ids = two.hits.flatMap { $0.versions.map(\.id) }
            #expect(Set(ids).count == ids.count)
            #expect(Set(two.hits.map(\.record.text)).count == 2)
            let all = try store.search(SearchRequest(text: "alert", limit: 3))
            #expect(all.hits.map(\.versions.count).sorted() == [1, 3, 4] && all.rules.count == 8)
            let note = TextRenderer(colored: false).search(two).notes
            #expect(
                note == [
                    "2 hits shown, holding \(two.rules.count) of the 8 rules that match (a rule's versions with the same words are one hit); a higher --limit shows more"
                ])
        }
    }

    @Test("JSON keeps every version: rules holds them all, hits says which editions each hit spans")
    func jsonKeepsEveryVersion() throws {
        try LinkFixture.withDatabase({ try Self.editions(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let result = try store.search(SearchRequest(text: "buttons", limit: 10))
            let json = try JSONSerialization.jsonObject(with: Data(try JSONText.encode(result).utf8)) as! [String: Any]
            let rules = (json["rules"] as! [[String: Any]]).map { $0["id"] as! String }
            let everyButtonsRule = try ["one", "two", "three", "four"].map { try LinkFixture.ids(path, $0)[1] }
            #expect(Set(rules) == Set(everyButtonsRule) && json["shown"] as? Int == 4 && json["total"] as? Int == 4)
            let hits = json["hits"] as! [[String: Any]]
            #expect(hits.count == 1)
            #expect(hits[0]["rule"] as? String == everyButtonsRule[3])
            #expect(hits[0]["rules"] as? [String] == everyButtonsRule)
            #expect(hits[0]["editions"] as? [String] == ["one", "two", "three", "four"])
            #expect(hits[0]["years"] as? String == "2004-2012")
        }
    }
}
