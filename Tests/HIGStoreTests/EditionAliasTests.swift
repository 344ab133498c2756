import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// Edition ids say what an edition is and never change; `current` names the newest edition;
/// ids from before an edition was renamed keep resolving, rule ids included.
@Suite("Edition aliases and former ids")
struct EditionAliasTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    @Test("current names the newest edition wherever an edition is named")
    func currentIsTheNewest() throws {
        // The seed fixture's newest edition is the web page's, web-2022-23.
        #expect(try store.editionID("current") == "web-2022-23")
        let viaAlias = try store.rules(RuleFilter(edition: "current")).map(\.id)
        let viaID = try store.rules(RuleFilter(edition: "web-2022-23")).map(\.id)
        #expect(viaAlias == viaID && viaAlias.count == 37)
        #expect(try store.diff(from: "2011", to: "current") == (try store.diff(from: "2011", to: "web-2022-23")))
        let hits = try store.search(SearchRequest(text: "cancel", filter: RuleFilter(edition: "current"), limit: 50)).hits
        #expect(!hits.isEmpty && hits.allSatisfy { $0.record.edition == "web-2022-23" })
    }

    @Test("An unknown edition is still an error that lists the editions")
    func unknownEdition() throws {
        #expect(throws: HIGError.unknownEdition("2009", known: ["2008", "2010", "2011", "web-2022-23"])) {
            try store.editionID("2009")
        }
    }

    @Test("Every former rule id of the fixture resolves to a rule with the same words, and show names the new id")
    func formerRuleIDs() throws {
        struct Entry: Decodable {
            let former_id: String
            let words: String
        }
        struct File: Decodable { let rules: [Entry] }
        let file = try JSONDecoder().decode(
            File.self, from: Data(contentsOf: Fixtures.editions.appending(path: "former-rule-ids.json")))
        #expect(file.rules.count == 37)
        for entry in file.rules {
            let rule = try #require(try store.rule(id: entry.former_id), "\(entry.former_id) resolves")
            #expect(rule.id.hasPrefix("web-2022-23-") && rule.id != entry.former_id)
            #expect(rule.text == entry.words, "\(entry.former_id): the same words")
        }
        let detail = try store.detail(id: "current-1d5cc02e")
        #expect(detail.formerID?.formerID == "current-1d5cc02e")
        #expect(detail.record.text.hasPrefix("Avoid explaining alert buttons."))
        let shown = TextRenderer(colored: false).detail(detail)
        #expect(shown.contains("note:      current-1d5cc02e is a former id of this rule"))
        #expect(shown.contains("cite \(detail.record.id)"))
        // Asked for by its own id, a rule has no note.
        #expect(try store.detail(id: detail.record.id).formerID == nil)
    }

    @Test("Former edition ids resolve; an edition named current, or a former id taken twice, is refused")
    func manifestChecks() throws {
        try Fixtures.withTemporaryFolder { folder in
            let page = Data("Best practices\n\nUse alerts sparingly. They interrupt people.\n".utf8)
            func manifest(_ editions: String) -> String {
                #"{"format": 1, "editions": [\#(editions)], "files": [{"path": "a.txt", "edition": "web-1", "document": "D", "form": "web-text", "coverage": "complete"}]}"#
            }
            let good = manifest(
                #"{"id": "web-1", "name": "W", "order": 1, "date": null, "platform_scope": "iOS", "platforms": ["iOS"], "former_ids": ["old"]}"#
            )
            let editions = try Fixtures.writeEditions(in: folder, manifest: good, files: ["a.txt": page])
            let path = folder.appending(path: "h.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let store = try RuleStore.open(path: path)
            #expect(try store.editionID("old") == "web-1")
            #expect(try store.editionID("current") == "web-1")
            #expect(try store.rules(RuleFilter(edition: "old")).count == 1)

            for (editionsText, complaint) in [
                (
                    #"{"id": "current", "name": "W", "order": 1, "date": null, "platform_scope": "iOS", "platforms": ["iOS"]}"#,
                    "edition id 'current' is taken"
                ),
                (
                    #"{"id": "web-1", "name": "W", "order": 1, "date": null, "platform_scope": "iOS", "platforms": ["iOS"], "former_ids": ["current"]}"#,
                    "'current' cannot be a former id"
                ),
                (
                    #"{"id": "web-1", "name": "W", "order": 1, "date": null, "platform_scope": "iOS", "platforms": ["iOS"], "former_ids": ["web-1x", "web-1x"]}"#,
                    "former id 'web-1x' is listed twice"
                ),
            ] {
                let bad = try Fixtures.writeEditions(
                    in: folder.appending(path: UUID().uuidString), manifest: manifest(editionsText), files: ["a.txt": page])
                #expect(throws: HIGError.self) { try EditionManifest.load(folder: bad) }
                do { _ = try EditionManifest.load(folder: bad) } catch {
                    #expect("\(error)".contains(complaint) || (error as? HIGError)?.description.contains(complaint) == true)
                }
            }
        }
    }
}
