import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// An import makes the database equal to the manifest: an edition it no longer names goes, with
/// everything derived from it, and nothing of it is left for queries to see.
@Suite("An edition dropped from the manifest is removed")
struct EditionRemovalTests {
    let cli = HigRunner()

    @Test("A trial edition added, then dropped: the next import removes it and says so; the database answers as if it never was")
    func trialEditionRemoved() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = folder.appending(path: "editions")
            try FileManager.default.copyItem(at: Fixtures.editions, to: editions)
            let manifestURL = editions.appending(path: EditionManifest.fileName)
            let original = try Data(contentsOf: manifestURL)
            // The trial sits between 2011 and current, so lineage and `diff 2011 current` change while it is there.
            try FileManager.default.copyItem(
                at: editions.appending(path: "current-alerts.txt"), to: editions.appending(path: "trial-alerts.txt"))
            var manifest = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            var entries = try #require(manifest["editions"] as? [[String: Any]])
            for index in entries.indices where entries[index]["id"] as? String == "web-2022-23" { entries[index]["order"] = 5 }
            entries.append(["id": "trial", "name": "A trial edition", "order": 4, "platform_scope": "iOS", "platforms": ["iOS"]])
            manifest["editions"] = entries
            manifest["files"] =
                (manifest["files"] as! [[String: Any]]) + [
                    [
                        "path": "trial-alerts.txt", "edition": "trial", "document": "Trial", "form": "web-text", "coverage": "complete",
                    ]
                ]
            let trial = try JSONSerialization.data(withJSONObject: manifest)

            let questions = [["editions"], ["diff", "2011", "web-2022-23", "--format", "json"], ["export"], ["topics"]]
            func answers(_ db: String) throws -> [String] {
                try questions.map { try cli.hig(["--db", db] + $0, in: folder).stdout }
            }
            let reference = folder.appending(path: "reference.sqlite").path
            #expect(try cli.hig(["--db", reference, "import", "--editions", editions.path], in: folder).status == 0)

            let path = folder.appending(path: "hig.sqlite").path
            try trial.write(to: manifestURL)
            #expect(try cli.hig(["--db", path, "import", "--editions", editions.path], in: folder).status == 0)
            let withTrial = try answers(path)
            #expect(withTrial[0].contains("trial  A trial edition"))
            #expect(withTrial[1] != (try answers(reference))[1], "the trial edition did not come between 2011 and current")

            try original.write(to: manifestURL)
            let removal = try cli.hig(["--db", path, "import", "--editions", editions.path], in: folder)
            #expect(removal.status == 0)
            #expect(
                removal.stdout.contains(
                    "removed edition trial (37 rules): no longer in the manifest of the editions folder \(editions.path)\n"),
                "\(removal.stdout)")
            #expect(removal.stdout.hasSuffix("imported into \(path)\n"), "\(removal.stdout)")
            #expect(try answers(path) == (try answers(reference)))
            cli.expectOneLineError(
                try cli.hig(["--db", path, "rules", "--edition", "trial"], in: folder),
                mentioning: "unknown edition 'trial'; known editions: 2008, 2010, 2011, web-2022-23")
            let db = try Database(path: path)
            #expect(try db.scalar("SELECT count(*) FROM rules WHERE edition_id = 'trial'")?.int == 0)
            #expect(
                try db.scalar("SELECT count(*) FROM rules_fts WHERE rules_fts MATCH 'alert'")?.int
                    == (try Database(path: reference).scalar("SELECT count(*) FROM rules_fts WHERE rules_fts MATCH 'alert'")?.int))
            #expect(try db.scalar("PRAGMA foreign_key_check") == nil)

            let again = try cli.hig(["--db", path, "import", "--editions", editions.path], in: folder)
            #expect(again.stdout.hasSuffix("\(path) was up to date; nothing changed\n"))
            #expect(!again.stdout.contains("removed edition"))
        }
    }
}
