import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

@Suite("Bad input: one clear error, nothing written")
struct BadInputTests {
    /// Imports `files` under `manifest` into a new database and returns the error; checks that
    /// no database file was left behind.
    func importError(manifest: String, files: [String: Data]) throws -> HIGError? {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(in: folder, manifest: manifest, files: files)
            let path = folder.appending(path: "hig.sqlite").path
            defer { #expect(!FileManager.default.fileExists(atPath: path)) }
            do {
                _ = try StoreWriter.importEditions(from: editions, into: path)
                return nil
            } catch let error as HIGError {
                return error
            }
        }
    }

    let good = Data("**Use alerts sparingly**. Text.\n".utf8)

    @Test func missingFile() throws {
        let error = try importError(manifest: Fixtures.manifest([("one", "absent.md")]), files: [:])
        guard case .sourceMissing(let path) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path.hasSuffix("editions/absent.md"))
        #expect(error!.description.contains("does not exist"))
    }

    @Test func unreadableFile() throws {
        // A folder where the file should be cannot be read, whoever runs the tests (root reads any file).
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(in: folder, manifest: Fixtures.manifest([("one", "dir.md")]), files: [:])
            try FileManager.default.createDirectory(at: editions.appending(path: "dir.md"), withIntermediateDirectories: true)
            #expect {
                try StoreWriter.importEditions(from: editions, into: folder.appending(path: "hig.sqlite").path)
            } throws: { error in
                guard case .sourceNotRegularFile(let path) = error as? HIGError else { return false }
                return path.contains("editions/dir.md")
            }
        }
    }

    @Test func manifestThatDoesNotParse() throws {
        let error = try importError(manifest: "{\"format\": 1, \"editions\": [", files: [:])
        #expect(error?.description.contains("not valid JSON") == true)
    }

    @Test func manifestWithAMissingKey() throws {
        let manifest =
            #"{"format": 1, "editions": [{"id": "one", "order": 1, "platform_scope": "iOS", "platforms": ["iOS"]}], "files": []}"#
        let error = try importError(manifest: manifest, files: [:])
        #expect(error?.description.contains("missing key 'name' at editions[0]") == true, "\(String(describing: error))")
    }

    @Test func manifestNamingAnUnknownEdition() throws {
        let manifest = Fixtures.manifest([("one", "one.md")]).replacingOccurrences(of: #""edition": "one""#, with: #""edition": "1999""#)
        let error = try importError(manifest: manifest, files: ["one.md": good])
        #expect(error?.description.contains("unknown edition '1999'") == true, "\(String(describing: error))")
    }

    @Test func manifestWithAnUnknownForm() throws {
        let manifest = Fixtures.manifest([("one", "one.md")], form: "scroll")
        let error = try importError(manifest: manifest, files: ["one.md": good])
        #expect(
            error?.description.contains("file one.md: form 'scroll' is unknown; it must be one of: pdf-markdown, web-text") == true,
            "\(String(describing: error))")
    }

    @Test func missingManifest() throws {
        try Fixtures.withTemporaryFolder { folder in
            #expect(throws: HIGError.manifestMissing(path: folder.appending(path: "editions.json").path)) {
                try StoreWriter.importEditions(from: folder, into: folder.appending(path: "x.sqlite").path)
            }
        }
    }

    @Test func fileThatIsNotUTF8() throws {
        let error = try importError(
            manifest: Fixtures.manifest([("one", "one.md")]),
            files: ["one.md": Data([0x41, 0x42, 0xFF, 0x43])])
        guard case .sourceNotUTF8(_, let offset) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(offset == 2)
    }

    @Test func emptyFile() throws {
        for content in [Data(), Data("  \n\n \n".utf8)] {
            let error = try importError(manifest: Fixtures.manifest([("one", "one.md")]), files: ["one.md": content])
            guard case .sourceEmpty = error else { Issue.record("got \(String(describing: error))"); continue }
        }
    }

    @Test("A manifest cannot reach outside its folder", arguments: ["../outside.md", "/etc/hostname", "link.md"])
    func pathOutsideTheFolder(path: String) throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(in: folder, manifest: Fixtures.manifest([("one", path)]), files: [:])
            try good.write(to: folder.appending(path: "outside.md"))
            try FileManager.default.createSymbolicLink(
                atPath: editions.appending(path: "link.md").path,
                withDestinationPath: folder.appending(path: "outside.md").path)
            #expect(throws: HIGError.sourceOutsideFolder(path: path)) {
                try StoreWriter.importEditions(from: editions, into: folder.appending(path: "hig.sqlite").path)
            }
        }
    }

    @Test func unknownRuleIDSuggestsNeighbours() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let store = try RuleStore.open(path: path)
            let real = try #require(try store.rules(RuleFilter(edition: "2011")).first).id
            let typo = String(real.dropLast()) + (real.hasSuffix("0") ? "1" : "0")
            #expect {
                try store.detail(id: typo)
            } throws: { error in
                guard case .unknownRule(let id, let suggestions, _) = error as? HIGError else { return false }
                return id == typo && suggestions.contains(real)
            }
            #expect(throws: HIGError.unknownRule("nope'; DROP TABLE rules; --", suggestions: [])) {
                try store.detail(id: "nope'; DROP TABLE rules; --")
            }
            #expect(try store.rules().count == 114)
        }
    }

    @Test func unknownEditionListsTheKnownOnes() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            #expect(throws: HIGError.unknownEdition("2009", known: ["2008", "2010", "2011", "web-2022-23"])) {
                try RuleStore.open(path: path).rules(RuleFilter(edition: "2009"))
            }
        }
    }

    @Test(
        "A file that is not a database is refused, and left untouched",
        arguments: [
            Data("just some notes\n".utf8), Data(repeating: 0x42, count: 4096),
        ])
    func notADatabase(content: Data) throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "notes.sqlite").path
            try content.write(to: URL(fileURLWithPath: path))
            #expect(throws: HIGError.notADatabase(path: path)) { try RuleStore.open(path: path) }
            #expect(throws: HIGError.notADatabase(path: path)) { try StoreWriter.importEditions(from: Fixtures.editions, into: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        }
    }

    @Test func anSQLiteFileOfAnotherProgramIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "other.sqlite").path
            try Database(path: path, mode: .create).execute("CREATE TABLE invoices (id INTEGER)")
            #expect(throws: HIGError.anotherProgramsDatabase(path: path)) { try RuleStore.open(path: path) }
            #expect(throws: HIGError.anotherProgramsDatabase(path: path)) {
                try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            }
        }
    }

    @Test func databaseInAFolderThatDoesNotExist() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "missing/hig.sqlite").path
            #expect(throws: HIGError.databaseFolderMissing(path: path)) {
                try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            }
        }
    }
}

@Suite("Bad input: curated links")
struct CuratedLinkInputTests {
    func importing(curated: String) throws -> HIGError? {
        try Fixtures.withTemporaryFolder { folder in
            let manifest = Fixtures.manifest([("one", "one.md"), ("two", "two.md")])
                .replacingOccurrences(of: #"{"format": 1,"#, with: #"{"format": 1, "curated_links": "links.json","#)
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: manifest,
                files: [
                    "one.md": Data("**Use colours**. Dark left.\n".utf8), "two.md": Data("**Place buttons**. Trailing.\n".utf8),
                    "links.json": Data(curated.utf8),
                ])
            do {
                _ = try StoreWriter.importEditions(from: editions, into: folder.appending(path: "c.sqlite").path)
                return nil
            } catch let error as HIGError {
                return error
            }
        }
    }

    @Test func aGoodCuratedLinkIsUsed() throws {
        #expect(
            try importing(
                curated:
                    #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "change": "replaced", "why": "Colours gave way to placement."}]}"#
            ) == nil)
    }

    @Test(
        "A broken curated link is refused with its place",
        arguments: [
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 9}, "to": {"file": "two.md", "line": 1}, "change": "replaced", "why": "x"}]}"#,
                "no rule at one.md:9"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "nope.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "change": "replaced", "why": "x"}]}"#,
                "names nope.md, which the manifest does not list"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "change": "added", "why": "x"}]}"#,
                "'added' is not one of"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "change": "replaced", "why": " "}]}"#,
                "gives no reason"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "why": "x"}]}"#,
                "links[0] gives no change"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "verdict": "reject", "change": "replaced", "why": "x"}]}"#,
                "links[0] rejects a link and gives it a change"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "verdict": "maybe", "why": "x"}]}"#,
                "links[0].verdict 'maybe' is not confirm or reject"
            ),
            (
                #"{"format": 1, "links": [{"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "change": "replaced", "why": "x"}, {"from": {"file": "one.md", "line": 1}, "to": {"file": "two.md", "line": 1}, "verdict": "reject", "why": "y"}]}"#,
                "links[1] decides again on the rules of links[0]"
            ),
            (#"{"format": 1, "links": ["#, "not a curated-links file"),
        ])
    func brokenLink(json: String, message: String) throws {
        let error = try #require(try importing(curated: json))
        #expect(error.description.contains(message), "\(error)")
    }
}
