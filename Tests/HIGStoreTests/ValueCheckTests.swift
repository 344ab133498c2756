import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// A value hig cannot use is refused in one line that names it and says what is allowed, never
/// ignored, taken for another value, or answered with "no rules match".
@Suite("Bad values are named with what is allowed")
struct ValueCheckTests {
    let cli = HigRunner()
    let env = ["HIG_EDITIONS": Fixtures.editions.path]

    @Test("An unknown platform is refused with the known ones; a known one in other case is taken")
    func unknownPlatform() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try cli.hig(["import"], in: folder, environment: env)
            let known = "known platforms: iOS, iPadOS, iPhone OS, macOS, tvOS, watchOS"
            for command in [["rules"], ["search", "tap"], ["export"], ["export", "--format", "html", "-o", "report.html"]] {
                cli.expectOneLineError(
                    try cli.hig(command + ["--platform", "Android"], in: folder),
                    mentioning: "unknown platform 'Android'; \(known)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "report.html").path))
            let macOS = try cli.hig(["rules", "--platform", "macos", "--format", "json"], in: folder)
            #expect(macOS.status == 0)
            let rules = try #require(try JSONSerialization.jsonObject(with: Data(macOS.stdout.utf8)) as? [[String: Any]])
            #expect(!rules.isEmpty && rules.allSatisfy { ($0["platforms"] as? [String])?.contains("macOS") == true })
        }
    }

    @Test("A platform only a rule names (narrowed by a heading) is known too")
    func platformOnlyARuleNames() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let db = try Database(path: path)
            let id = try #require(try db.scalar("SELECT id FROM rules ORDER BY id LIMIT 1")?.string)
            try db.execute("INSERT INTO rule_platforms (rule_id, platform) VALUES (?, 'visionOS')", id)
            let store = try RuleStore.open(path: path)
            try store.checkPlatform("iPadOS")
            try store.checkPlatform("VISIONOS")
            #expect(try store.rules(RuleFilter(platform: "visionOS")).map(\.id) == [id])
            #expect(
                throws: HIGError.unknownPlatform("Android", known: ["iOS", "iPadOS", "iPhone OS", "macOS", "tvOS", "visionOS", "watchOS"])
            ) {
                try store.checkPlatform("Android")
            }
        }
    }

    @Test("evolution of an id that names no rule fails as show does, not with \"Nothing matches\"")
    func evolutionOfAnUnknownID() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try cli.hig(["import"], in: folder, environment: env)
            for command in ["show", "evolution"] {
                cli.expectOneLineError(
                    try cli.hig([command, "2011-00000000"], in: folder),
                    mentioning: "no rule with id '2011-00000000'")
            }
            // Words are still words, and a real id still has its lineage.
            #expect(try cli.hig(["evolution", "2011"], in: folder).status == 0)
            let real = try cli.hig(["evolution", "2010-ad054201"], in: folder)
            #expect(real.status == 0 && real.stdout.contains("2011-87efb4bd"))
        }
    }

    @Test("--limit takes a positive integer and says so, before any database is opened")
    func limits() throws {
        try Fixtures.withTemporaryFolder { folder in
            for command in [["search", "tap"], ["evolution", "tap"]] {
                for value in ["-1", "0", "abc", "2.5"] {
                    cli.expectOneLineError(
                        try cli.hig(command + ["--limit", value], in: folder, environment: env),
                        mentioning: "The value '\(value)' is invalid for '--limit <limit>': it must be a positive integer")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            let two = try cli.hig(["search", "tap", "--limit", "2", "--format", "json"], in: folder, environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any]
            // Two hits; a hit's versions with the same words are listed among the rules after it.
            #expect((object?["hits"] as? [Any])?.count == 2)
        }
    }

    @Test("SOURCE_DATE_EPOCH and HIG_BUSY_TIMEOUT that are no such values are refused, not ignored")
    func environmentValues() throws {
        try Fixtures.withTemporaryFolder { folder in
            for epoch in ["abc", "1.5", "-1", "1e9", "99999999999999999999"] {
                cli.expectOneLineError(
                    try cli.hig(
                        ["export", "--format", "markdown"], in: folder, environment: env.merging(["SOURCE_DATE_EPOCH": epoch]) { $1 }),
                    mentioning: "$SOURCE_DATE_EPOCH is '\(epoch)'; it must be whole seconds since 1970-01-01 UTC")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            for timeout in ["abc", "-1", "nan", "100000"] {
                for command in [["import"], ["rules"]] {
                    cli.expectOneLineError(
                        try cli.hig(command, in: folder, environment: env.merging(["HIG_BUSY_TIMEOUT": timeout]) { $1 }),
                        mentioning: "$HIG_BUSY_TIMEOUT is '\(timeout)'; it must be a number of seconds from 0 to 86400")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            let good = try cli.hig(
                ["export", "--format", "markdown"], in: folder,
                environment: env.merging(["SOURCE_DATE_EPOCH": "1700000000", "HIG_BUSY_TIMEOUT": "0.5"]) { $1 })
            #expect(good.status == 0 && good.stdout.contains("on 2023-11-14."))
            #expect(try EnvironmentSetting.busyTimeout(["HIG_BUSY_TIMEOUT": ""]) == nil)
            #expect(try EnvironmentSetting.busyTimeout(["HIG_BUSY_TIMEOUT": "0.25"]) == .milliseconds(250))
        }
    }

    /// The error of importing the seeds under a manifest changed by `edit`.
    func manifestError(_ edit: (inout [String: Any]) -> Void) throws -> String {
        try Fixtures.withTemporaryFolder { folder in
            let editions = folder.appending(path: "editions")
            try FileManager.default.copyItem(at: Fixtures.editions, to: editions)
            let url = editions.appending(path: EditionManifest.fileName)
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            edit(&manifest)
            try JSONSerialization.data(withJSONObject: manifest).write(to: url)
            let result = try cli.hig(["import", "--editions", editions.path], in: folder)
            cli.expectOneLineError(result, mentioning: url.path)
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "hig.sqlite").path))
            return result.stderr
        }
    }

    func editFirst(_ list: String, _ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { manifest in
            var entries = manifest[list] as! [[String: Any]]
            entries[0][key] = value
            manifest[list] = entries
        }
    }

    @Test("A manifest value of the right JSON type but not allowed is named with the entry and what is allowed")
    func manifestValues() throws {
        #expect(
            try manifestError(editFirst("files", "form", "pdf"))
                .contains(
                    "file 2008-chunk045.md: form 'pdf' is unknown; it must be one of: pdf-markdown, web-text, web-markdown; fix the manifest"
                ))
        #expect(
            try manifestError(editFirst("files", "coverage", "most"))
                .contains("file 2008-chunk045.md: coverage 'most' is unknown; it must be one of: excerpt, complete"))
        #expect(
            try manifestError(editFirst("files", "form", 5)).contains(
                "file 2008-chunk045.md: form must be one of pdf-markdown, web-text, web-markdown, not 5"))
        #expect(try manifestError(editFirst("editions", "order", 3.5)).contains("edition '2008': order must be an integer, not 3.5"))
        #expect(
            try manifestError(editFirst("files", "chunk", "45")).contains(
                "file 2008-chunk045.md: chunk must be an integer, not the text \"45\""))
        #expect(try manifestError { $0["format"] = 1.5 }.contains("the manifest: format must be an integer, not 1.5"))
        // A missing key is still named where it is missing.
        #expect(
            try manifestError { manifest in
                var editions = manifest["editions"] as! [[String: Any]]
                editions[0].removeValue(forKey: "order")
                manifest["editions"] = editions
            }.contains("edition '2008': missing key 'order' (format 1 places editions by order)"))
        #expect(
            try manifestError { manifest in
                var editions = manifest["editions"] as! [[String: Any]]
                editions[0].removeValue(forKey: "name")
                manifest["editions"] = editions
            }.contains("missing key 'name' at editions[0]"))
    }
}
