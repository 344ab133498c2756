import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

/// A reader's and the curated-links file's decisions: a confirmed link is pinned, a rejected
/// pair is never linked, and both outlive re-imports.
@Suite("Link decisions")
struct LinkDecisionTests {
    @Test("A rejected pair is not linked, even with the same words; forgetting it brings the link back")
    func rejectAndForget() throws {
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            let before = try LinkFixture.links(path)
            #expect(before.contains { $0.from == one[0] && $0.to == two[0] && $0.change == .unchanged })
            let outcome = try StoreWriter.decide(.reject, from: one[0], to: two[0], why: "not the same, say", path: path)
            #expect(outcome.linksBefore.contains { $0.from == one[0] && $0.to == two[0] })
            #expect(!outcome.linksAfter.contains { $0.from == one[0] && $0.to == two[0] })
            #expect(outcome.decision?.verdict == .reject && outcome.decision?.applies == true)
            #expect(!(try LinkFixture.links(path)).contains { $0.from == one[0] && $0.to == two[0] })
            let diff = try RuleStore.open(path: path).diff(from: "one", to: "two", options: .init(candidates: 5))
            #expect(diff.removed.contains(one[0]) && diff.added.contains(two[0]))
            // Nor is a rejected counterpart a candidate: the button rule is all that is left.
            #expect(diff.candidates?[two[0]]?.map(\.rule) == [one[1]])
            // The other rules keep their links.
            #expect(try LinkFixture.links(path).contains { $0.from == one[1] && $0.to == two[1] })
            _ = try StoreWriter.forgetDecision(from: one[0], to: two[0], path: path)
            #expect(try LinkFixture.links(path) == before)
            #expect(try RuleStore.open(path: path).linkDecisions().isEmpty)
        }
    }

    @Test("A confirmed link is curated, keeps its reason, and takes its class from the texts unless given")
    func confirm() throws {
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            _ = try StoreWriter.decide(.confirm, from: one[0], to: two[1], why: "titles became buttons, say", path: path)
            var link = try #require(try LinkFixture.links(path).first { $0.from == one[0] && $0.to == two[1] })
            // "Keep alert titles short" and "Prefer two buttons" share only "alert": other words.
            #expect(link.method == .curated && link.change == .replaced && link.rationale == "titles became buttons, say")
            _ = try StoreWriter.decide(.confirm, from: one[0], to: two[1], change: .revised, why: "revised after all", path: path)
            link = try #require(try LinkFixture.links(path).first { $0.from == one[0] && $0.to == two[1] })
            #expect(link.change == .revised && link.rationale == "revised after all")
            // One decision per pair and reader: the second replaced the first.
            #expect(try RuleStore.open(path: path).linkDecisions().count == 1)
        }
    }

    @Test("A decision outlives a re-import; one whose rule's words changed is kept, reported and no longer applied")
    func reimport() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "d.sqlite").path
            _ = try StoreWriter.importEditions(from: try LinkFixture.editions(in: folder), into: path)
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            _ = try StoreWriter.decide(.reject, from: one[1], to: two[1], why: "kept apart", path: path)
            let same = try StoreWriter.importEditions(from: try LinkFixture.editions(in: folder), into: path)
            #expect(!same.changedAnything && same.decisionsNotApplied.isEmpty)
            #expect(!(try LinkFixture.links(path)).contains { $0.from == one[1] && $0.to == two[1] })
            // Edition two's button rule gets other words, so another id.
            let changed = LinkFixture.titles + "\n**Prefer two buttons in an alert**. Two buttons give a clear choice.\n"
            let report = try StoreWriter.importEditions(
                from: try LinkFixture.editions(in: folder, two: changed, three: LinkFixture.titles), into: path)
            let stale = try #require(report.decisionsNotApplied.first)
            #expect(stale.from == one[1] && stale.to == two[1] && !stale.applies)
            #expect(stale.note == "rule \(two[1]) is no longer in the database: its words changed, or its edition was removed")
            #expect(stale.toText.contains("give people a clear choice"))
            let warning = try #require(TextRenderer(colored: false).importWarnings(report).last)
            #expect(warning.hasPrefix("warning: the link \(one[1]) → \(two[1]) you rejected no longer applies: rule \(two[1])"))
        }
    }

    @Test("A decision backwards, on an unknown rule or without a reason is refused, nothing written")
    func refused() throws {
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let (one, two, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"), try LinkFixture.ids(path, "three"))
            let before = try LinkFixture.links(path)
            _ = three
            // One and three are compared for a restoration only: two continues the rule, so it is
            // recorded but not applied.
            let across = try StoreWriter.decide(.confirm, from: one[0], to: three[0], why: "x", path: path)
            #expect(across.decision?.applies == false && across.linksAfter == across.linksBefore)
            _ = try StoreWriter.forgetDecision(from: one[0], to: three[0], path: path)
            #expect(throws: HIGError.linkRulesOutOfOrder(from: two[0], fromEdition: "two", to: one[0], toEdition: "one")) {
                try StoreWriter.decide(.reject, from: two[0], to: one[0], why: "x", path: path)
            }
            #expect(throws: HIGError.linkRulesOutOfOrder(from: two[0], fromEdition: "two", to: two[0], toEdition: "two")) {
                try StoreWriter.decide(.reject, from: two[0], to: two[0], why: "x", path: path)
            }
            #expect(throws: HIGError.linkReasonMissing) {
                try StoreWriter.decide(.reject, from: one[0], to: two[0], why: " \n", path: path)
            }
            #expect(throws: HIGError.self) { try StoreWriter.decide(.reject, from: "one-00000000", to: two[0], why: "x", path: path) }
            #expect(throws: HIGError.noLinkDecision(from: one[0], to: two[0])) {
                try StoreWriter.forgetDecision(from: one[0], to: two[0], path: path)
            }
            #expect(try RuleStore.open(path: path).linkDecisions().isEmpty)
            #expect(try LinkFixture.links(path) == before)
        }
    }

    @Test("The curated-links file may reject a pair; a reader's decision on the same pair takes its place")
    func fileRejection() throws {
        let reject =
            #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "verdict": "reject", "why": "Apart."}]}"#
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0, curated: reject) }) { path, _ in
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            #expect(!(try LinkFixture.links(path)).contains { $0.from == one[0] && $0.to == two[0] })
            var decisions = try RuleStore.open(path: path).linkDecisions()
            #expect(decisions.map(\.origin) == [.editions] && decisions[0].verdict == .reject && decisions[0].applies)
            _ = try StoreWriter.decide(.confirm, from: one[0], to: two[0], why: "the same words", path: path)
            #expect(try LinkFixture.links(path).contains { $0.from == one[0] && $0.to == two[0] && $0.method == .curated })
            decisions = try RuleStore.open(path: path).linkDecisions()
            #expect(decisions.map(\.origin) == [.editions, .reader])
            #expect(!decisions[0].applies && decisions[0].note == LinkDecisions.overridden && decisions[1].applies)
        }
    }

    @Test("hig link: a mistake is one line on stderr, exit 1, nothing written; list in text and JSON")
    func commandLine() throws {
        let cli = HigRunner()
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let folder = URL(filePath: path).deletingLastPathComponent()
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            for arguments in [
                ["link", "reject", two[0], one[0], "--why", "x"], ["link", "confirm", one[0], two[0]],
                ["link", "confirm", one[0], two[0], "--why", "x", "--change", "added"], ["link", "forget", one[0], two[0]],
            ] {
                let result = try cli.hig(["--db", path] + arguments, in: folder)
                #expect(result.status == 1 && result.stdout.isEmpty, "\(arguments)")
                #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("hig: error: "), "\(result.stderr)")
            }
            #expect(try RuleStore.open(path: path).linkDecisions().isEmpty)
            let done = try cli.hig(["--db", path, "link", "reject", one[0], two[0], "--why", "apart"], in: folder)
            #expect(done.status == 0 && done.stdout.hasPrefix("rejected: \(one[0]) → \(two[0])"))
            #expect(done.stdout.contains("relinked: 1 link of these rules gone"))
            let list = try cli.hig(["--db", path, "link", "list"], in: folder)
            #expect(list.stdout.contains("Yours (hig link): 1") && list.stdout.contains("why: apart") && list.stdout.contains("in force"))
            let json = try cli.hig(["--db", path, "link", "list", "--format", "json"], in: folder)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array.count == 1 && array[0]["verdict"] as? String == "reject" && array[0]["applies"] as? Bool == true)
        }
    }

    @Test("An edition inserted between a curated link's two editions: the import says the link no longer applies, and why")
    func insertedEdition() throws {
        let confirm =
            #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "three.md", "line": 1}, "change": "replaced", "why": "Titles became buttons."}]}"#
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "d.sqlite").path
            // Without edition two, one and three are consecutive: the link applies.
            var manifest = Fixtures.manifest([("one", "one.md"), ("three", "three.md")])
                .replacingOccurrences(of: #""coverage": "excerpt""#, with: #""coverage": "complete""#)
                .replacingOccurrences(of: #"{"format": 1,"#, with: #"{"format": 1, "curated_links": "links.json","#)
            var files = [
                "one.md": Data((LinkFixture.titles + "\n" + LinkFixture.buttons).utf8),
                "three.md": Data((LinkFixture.buttons + "\n" + LinkFixture.titles).utf8),
                "links.json": Data(confirm.utf8),
            ]
            let first = try StoreWriter.importEditions(
                from: try Fixtures.writeEditions(in: folder, manifest: manifest, files: files), into: path)
            #expect(first.decisionsNotApplied.isEmpty)
            let (one, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "three"))
            #expect(try LinkFixture.links(path).contains { $0.from == one[0] && $0.to == three[0] && $0.method == .curated })
            // Edition two, complete, goes between them (orders 1, 2, 3).
            manifest = LinkFixture.manifest(curated: true)
            files["two.md"] = Data((LinkFixture.titles + "\n" + LinkFixture.buttons).utf8)
            try FileManager.default.removeItem(at: folder.appending(path: "editions"))
            let second = try StoreWriter.importEditions(
                from: try Fixtures.writeEditions(in: folder, manifest: manifest, files: files), into: path)
            let stale = try #require(second.decisionsNotApplied.first)
            #expect(second.decisionsNotApplied.count == 1 && stale.origin == .editions)
            #expect(
                stale.from == one[0] && stale.to == three[0]
                    && stale.note
                        == "one and three are not compared with each other (or, complete editions apart, one of them continues the earlier rule)"
            )
            #expect(!(try LinkFixture.links(path)).contains { $0.method == .curated })
        }
    }

    @Test("A confirmation across an excerpt holds even when the excerpt has the same words")
    func confirmationAcrossAnExcerpt() throws {
        try Fixtures.withTemporaryFolder { folder in
            // one and three complete, two an excerpt holding the titles rule word for word.
            let manifest = LinkFixture.manifest(curated: false).replacingOccurrences(
                of:
                    #""path": "two.md", "edition": "two", "document": "Test document", "chunk": 1, "form": "pdf-markdown", "coverage": "complete""#,
                with:
                    #""path": "two.md", "edition": "two", "document": "Test document", "chunk": 1, "form": "pdf-markdown", "coverage": "excerpt""#
            )
            #expect(manifest.contains(#""coverage": "excerpt""#))
            let text = Data((LinkFixture.titles + "\n" + LinkFixture.buttons).utf8)
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: manifest, files: ["one.md": text, "two.md": Data(LinkFixture.titles.utf8), "three.md": text])
            let path = folder.appending(path: "x.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let (one, two, three) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"), try LinkFixture.ids(path, "three"))
            #expect(try LinkFixture.links(path).contains { $0.from == two[0] && $0.to == three[0] })
            let outcome = try StoreWriter.decide(.confirm, from: one[0], to: three[0], why: "straight from one", path: path)
            #expect(outcome.decision?.applies == true)
            let into = try LinkFixture.links(path).filter { $0.to == three[0] }
            #expect(into.map(\.from) == [one[0]] && into[0].method == .curated)
        }
    }

    @Test("A rejected pair of other words (a strong pair, not the same words) is not linked either")
    func rejectAStrongPair() throws {
        let reworded = "**Keep alert titles short**. A title of a few words reads quickly, at a glance.\n"
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0, two: reworded + "\n" + LinkFixture.buttons) }) { path, _ in
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            let link = try #require(try LinkFixture.links(path).first { $0.from == one[0] && $0.to == two[0] })
            #expect(link.evidence == .strongPair)
            _ = try StoreWriter.decide(.reject, from: one[0], to: two[0], why: "apart", path: path)
            #expect(!(try LinkFixture.links(path)).contains { $0.from == one[0] && $0.to == two[0] })
            #expect(try LinkFixture.links(path).contains { $0.from == one[1] && $0.to == two[1] })
        }
    }

    @Test("Links made before the decisions came (an upgraded database not yet re-imported) are refused until an import")
    func staleLinks() throws {
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let (one, two) = (try LinkFixture.ids(path, "one"), try LinkFixture.ids(path, "two"))
            let db = try Database(path: path, mode: .readWrite)
            try db.execute("DELETE FROM store_facts WHERE key = ?", Linker.digestKey)
            #expect(throws: HIGError.linksNeedImport(path: path)) {
                try StoreWriter.decide(.reject, from: one[0], to: two[0], why: "apart", path: path)
            }
            #expect(try RuleStore.open(path: path).linkDecisions().isEmpty)
        }
    }

    @Test("A database linked by an older matcher revision is stale: its links are made again by the next import")
    func matcherRevisionIsInTheDigest() throws {
        let now = Linker.digest(.bundled, [], familyTree: "a<b")
        #expect(now == Linker.digest(.bundled, [], familyTree: "a<b", revision: Linker.revision))
        #expect(now != Linker.digest(.bundled, [], familyTree: "a<b", revision: Linker.revision - 1))
        try LinkFixture.withDatabase({ try LinkFixture.editions(in: $0) }) { path, _ in
            let db = try Database(path: path, mode: .readWrite)
            #expect(try !Linker.isStale(db, lexicon: .bundled, curated: []))
            let older = Linker.digest(.bundled, [], familyTree: try Linker.familyTree(db), revision: Linker.revision - 1)
            try db.execute("UPDATE store_facts SET value = ? WHERE key = ?", older, Linker.digestKey)
            #expect(try Linker.isStale(db, lexicon: .bundled, curated: []))
        }
    }
}
