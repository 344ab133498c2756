import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// Issue 16's first test: with the curated-links file emptied, the matcher alone still follows
/// the owner's two examples across the bundled iOS line into the web HIG.
@Suite("Lineage without curated links")
struct LineageWithoutCuratedLinksTests {
    /// The bundled editions up to the web HIG's seed page (the web captures after it left out: the
    /// two examples end on the seed page), with an empty curated-links file, imported once.
    static let path: String = {
        do {
            let folder = FileManager.default.temporaryDirectory.appending(path: "hig-uncurated-\(UUID().uuidString)")
            let editions = folder.appending(path: "editions")
            try FileManager.default.createDirectory(at: editions, withIntermediateDirectories: true)
            let kept = ["iphone-2008-11", "iphone-2010-03", "ios-2011-03", "ios-2014-03", "web-2022-23"]
            for edition in kept {
                try FileManager.default.copyItem(at: Fixtures.bundle.appending(path: edition), to: editions.appending(path: edition))
            }
            try FileManager.default.copyItem(
                at: Fixtures.bundle.appending(path: "former-rule-ids.json"), to: editions.appending(path: "former-rule-ids.json"))
            let manifestData = try Data(contentsOf: Fixtures.bundle.appending(path: EditionManifest.fileName))
            guard var manifest = try JSONSerialization.jsonObject(with: manifestData) as? [String: Any],
                let entries = manifest["editions"] as? [[String: Any]]
            else { fatalError("the bundled manifest is not an object with editions") }
            manifest["editions"] = entries.filter { kept.contains($0["id"] as? String ?? "") }
            manifest["folders"] = []
            try JSONSerialization.data(withJSONObject: manifest).write(to: editions.appending(path: EditionManifest.fileName))
            let curated = #"{"format": 1, "note": "emptied for a test", "links": []}"#
            try Data(curated.utf8).write(to: editions.appending(path: "curated-links.json"))
            let path = Fixtures.suitePath("uncurated.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            // The database stays for the suite (as the seeds' does, `SeedsDatabase.path`); the editions go.
            try FileManager.default.removeItem(at: folder)
            return path
        } catch {
            fatalError("cannot import the uncurated editions: \(error)")
        }
    }()

    /// A connection of its own for each test.
    static var store: RuleStore {
        do { return try RuleStore.open(path: path) } catch { fatalError("\(error)") }
    }

    @Test("No link is curated")
    func noCuratedLink() throws {
        #expect(try Self.store.allLinks().allSatisfy { $0.method == .matcher })
    }

    @Test(
        "evolution \"button colors\" leads from left dark, right light (2008) to the default button on the trailing side, Cancel on the leading side"
    )
    func buttonColors() throws {
        let answer = try Self.store.evolution("button colors")
        let lineage = try #require(
            answer.lineages.first { lineage in
                lineage.versions.contains { $0.text.contains("the button on the left is always dark-colored") }
                    && lineage.versions.contains { $0.text.contains("Always place the default button on the trailing side") }
            })
        #expect(lineage.editions == ["iphone-2008-11", "iphone-2010-03", "ios-2011-03", "ios-2014-03", "web-2022-23"])
        let last = try #require(lineage.versions.last)
        #expect(last.edition == "web-2022-23" && last.text.contains("Cancel buttons are typically on the leading side"))
        // Read off the files: 2011's "Use alert button colors appropriately" (with its bullets on
        // where Cancel goes) became 2014's "Place buttons appropriately" (with its bullets on
        // where the likely button goes), which became the web's "Place buttons where people expect".
        let colors = try #require(
            lineage.versions.first { $0.text.hasPrefix("Use alert button colors appropriately") && $0.edition == "ios-2011-03" })
        let place = try #require(lineage.versions.first { $0.text.hasPrefix("Place buttons appropriately") })
        #expect(lineage.links(into: place.id).contains { $0.from == colors.id && $0.method == .matcher })
        #expect(lineage.links(into: last.id).contains { $0.from == place.id && $0.method == .matcher })
    }

    @Test("evolution tap leads from \"use the word tap\" (2014) to \"use a term like choose\", flagged as a reversal")
    func tap() throws {
        let answer = try Self.store.evolution("tap")
        let lineage = try #require(answer.lineages.first { $0.versions.contains { $0.text.contains("use a term like choose") } })
        let tap = try #require(
            lineage.versions.first { $0.edition == "ios-2014-03" && $0.text.hasPrefix("Be sure to use the word \"tap\"") })
        let choose = try #require(lineage.versions.first { $0.text.contains("use a term like choose") })
        let link = try #require(lineage.links(into: choose.id).first { $0.from == tap.id })
        #expect(link.reversal && link.method == .matcher)
        #expect(TextRenderer(colored: false).evolution(answer).contains("REVERSAL"))
    }
}
