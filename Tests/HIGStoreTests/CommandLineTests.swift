import Foundation
import HIGStore
import Testing
import HIGAssistants

/// End-to-end: the built `hig` binary, run as a user runs it.
@Suite("The hig command line")
struct CommandLineTests {
    let cli = HigRunner()

    @Test func aFirstQueryImportsTheBundledEditions() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = Fixtures.editions.path
            let first = try cli.hig(["editions"], in: folder, environment: ["HIG_EDITIONS": editions])
            #expect(first.status == 0)
            #expect(first.stderr.hasPrefix("hig: no database at hig.sqlite yet; importing"))
            #expect(first.stdout.contains("2011  iOS Human Interface Guidelines (2011)"))
            #expect(first.stdout.contains("rules: 39 (35 guideline, 2 definition, 1 note, 1 context)"))
            #expect(first.stdout.contains("Tests/Fixtures/seed-editions/current-alerts.txt  web-text, complete, whole page, 37 rules"))
            let second = try cli.hig(["editions"], in: folder)
            #expect(second.stderr.isEmpty)
            #expect(second.stdout == first.stdout)
        }
    }

    @Test("hig mcp --help names every tool the server lists, and how many")
    func mcpHelpListsEveryTool() throws {
        try Fixtures.withTemporaryFolder { folder in
            let help = try cli.hig(["mcp", "--help"], in: folder)
            #expect(help.status == 0)
            // Help text is wrapped at the terminal's width: compare it unwrapped.
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("\(AssistantCatalog.tools.count) tools: search_rules, get_rule,"), "\(text)")
            for tool in AssistantCatalog.tools { #expect(text.contains(tool.name), "\(tool.name)") }
        }
    }

    @Test func importReportsEditionsAndThenNothingToDo() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = folder.appending(path: "k.sqlite").path
            let first = try cli.hig(["--db", db, "import", "--editions", Fixtures.editions.path], in: folder)
            #expect(first.status == 0)
            #expect(first.stdout.contains("2010         2      24     8        2 written"))
            let again = try cli.hig(["import", "--db", db, "--editions", Fixtures.editions.path], in: folder)
            #expect(again.stdout.contains("was up to date; nothing changed"))
        }
    }

    @Test func rulesAsJSONAndShow() throws {
        try Fixtures.withTemporaryFolder { folder in
            let env = ["HIG_EDITIONS": Fixtures.editions.path, "HIG_DB": folder.appending(path: "e.sqlite").path]
            let json = try cli.hig(
                ["rules", "--edition", "2011", "--kind", "definition", "--format", "json"], in: folder, environment: env)
            #expect(json.status == 0)
            let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(rules.compactMap { $0["title"] as? String } == ["Title-style capitalization", "Sentence-style capitalization"])
            let id = try #require(rules.first?["id"] as? String)
            let show = try cli.hig(["show", id], in: folder, environment: env)
            #expect(show.status == 0)
            #expect(show.stdout.contains("Title-style capitalization means that every word is capitalized"))
            #expect(show.stdout.contains("│ - **Title-style capitalization** meansthat every word"))
            #expect(show.stdout.contains("line 15: meansthat → means that (glued-words)"))
            #expect(show.stdout.contains("Tests/Fixtures/seed-editions/2011-chunk131.md:15"))
            #expect(show.stdout.contains("parent:"))
        }
    }

    @Test func exportWritesTheWholeContract() throws {
        try Fixtures.withTemporaryFolder { folder in
            let env = ["HIG_EDITIONS": Fixtures.editions.path]
            let export = try cli.hig(["export", "--format", "json"], in: folder, environment: env)
            #expect(export.status == 0)
            let rules = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]])
            #expect(rules.count == 114)
        }
    }

    @Test func mistakesGetOneClearLine() throws {
        try Fixtures.withTemporaryFolder { folder in
            let env = ["HIG_EDITIONS": Fixtures.editions.path]
            _ = try cli.hig(["import"], in: folder, environment: env)
            cli.expectOneLineError(try cli.hig(["show", "2011-00000000"], in: folder), mentioning: "no rule with id '2011-00000000'")
            cli.expectOneLineError(
                try cli.hig(["rules", "--edition", "1999"], in: folder),
                mentioning: "unknown edition '1999'; known editions: 2008, 2010, 2011, web-2022-23")
            try Data("not a database at all\n".utf8).write(to: folder.appending(path: "notes.txt"))
            cli.expectOneLineError(try cli.hig(["--db", "notes.txt", "rules"], in: folder), mentioning: "notes.txt is not a hig database")
            cli.expectOneLineError(
                try cli.hig(["--db", "nowhere/x.sqlite", "rules"], in: folder, environment: env), mentioning: "its folder does not exist")
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "nowhere").path))
            cli.expectOneLineError(try cli.hig(["import", "--editions", "missing-folder"], in: folder), mentioning: "no manifest at")
            cli.expectOneLineError(
                try cli.hig(["rules", "--section", "Nowhere"], in: folder),
                mentioning: "no section has the heading 'Nowhere'; list them with `hig sections`")
            cli.expectOneLineError(
                try cli.hig(["sections", "--edition", "web-2022-23", "--section", "Nowhere"], in: folder),
                mentioning: "no section of web-2022-23 has the heading 'Nowhere'; list them with `hig sections --edition web-2022-23`")
            cli.expectOneLineError(try cli.hig(["sections", "--depth", "0"], in: folder), mentioning: "--depth must be 1 or more")
            let bad = try cli.hig(["rules", "--kind", "rumour"], in: folder)
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("rumour"))
        }
    }

    @Test func withNoEditionsFolderAFirstQueryExplainsWhatToDo() throws {
        try Fixtures.withTemporaryFolder { folder in
            // A copy of the binary far from any clone: nothing to import from.
            let copy = folder.appending(path: "hig")
            try Fixtures.copyExecutable(HigRunner.binary, to: copy)
            let process = HigRunner.process(["editions"], in: folder, executable: copy)
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try Fixtures.launch(process)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            #expect(stderr.contains("no editions folder found"))
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "hig.sqlite").path))
        }
    }

    @Test("A copied binary carries its migrations and word lists")
    func copiedBinaryWorks() throws {
        try Fixtures.withTemporaryFolder { folder in
            let copy = folder.appending(path: "hig")
            try Fixtures.copyExecutable(HigRunner.binary, to: copy)
            let process = HigRunner.process(
                ["--db", folder.appending(path: "c.sqlite").path, "import", "--editions", Fixtures.editions.path],
                in: folder, executable: copy)
            let out = Pipe()
            process.standardOutput = out
            process.standardError = Pipe()
            try Fixtures.launch(process)
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(stdout.contains("2011         1      39     5"))
        }
    }
}

@Suite("The hig command line: topics and search")
struct TopicSearchCommandLineTests {
    let cli = HigRunner()

    @Test func topicsPrintsTheMatrix() throws {
        try Fixtures.withTemporaryFolder { folder in
            let top = try cli.hig(["topics"], in: folder, environment: ["HIG_EDITIONS": Fixtures.editions.path])
            // The top of the tree: the web HIG's groups; the seed page (Alerts) is in Components.
            #expect(
                top.status == 0 && top.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(16)) }.contains("components      "))
            #expect(!top.stdout.contains("platform-elements"))
            let result = try cli.hig(["topics", "--topic", "alerts"], in: folder)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.dropFirst().first?.hasPrefix("alerts ") == true)
            #expect(lines.first?.hasPrefix("TOPIC") == true && lines.first?.hasSuffix("2008  2010  2011  web-2022-23") == true)
            let platform = try #require(lines.first { $0.hasPrefix("platform-elements") })
            // No platform-specific elements before the web edition: blank cells, then a count.
            #expect(platform.contains("·     ·     ·"))
        }
    }

    @Test func searchHighlightsWithPlainMarkersWhenPiped() throws {
        try Fixtures.withTemporaryFolder { folder in
            let env = ["HIG_EDITIONS": Fixtures.editions.path]
            let result = try cli.hig(["search", "tap", "--limit", "2"], in: folder, environment: env)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Be sure to use the word \"**tap**\""))
            #expect(!result.stdout.contains("\u{1B}["))
            let json = try cli.hig(["search", "button", "colors", "--format", "json", "--edition", "2010"], in: folder, environment: env)
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let rules = try #require(answer["rules"] as? [[String: Any]])
            #expect(!rules.isEmpty && rules.allSatisfy { $0["edition"] as? String == "2010" })
            #expect((answer["total"] as? Int).map { $0 >= rules.count } == true && answer["shown"] as? Int == rules.count)
            // What was left out, and a misspelling's nearest word.
            let limited = try cli.hig(["search", "alert", "--limit", "2"], in: folder, environment: env)
            let alertJSON = try cli.hig(["search", "alert", "--format", "json", "--limit", "1000"], in: folder, environment: env)
            let alerts = try #require(try JSONSerialization.jsonObject(with: Data(alertJSON.stdout.utf8)) as? [String: Any])
            let total = try #require(alerts["total"] as? Int)
            #expect(total > 2 && (alerts["rules"] as? [Any])?.count == total)
            // Two hits, which may hold several versions of a rule with the same words.
            let twoJSON = try cli.hig(["search", "alert", "--format", "json", "--limit", "2"], in: folder, environment: env)
            let two = try #require(try JSONSerialization.jsonObject(with: Data(twoJSON.stdout.utf8)) as? [String: Any])
            let shown = try #require(two["shown"] as? Int)
            #expect((two["hits"] as? [Any])?.count == 2)
            #expect(
                limited.stderr
                    == (shown == 2
                        ? "hig: 2 of \(total) shown; --limit \(total) shows them all\n"
                        : "hig: 2 hits shown, holding \(shown) of the \(total) rules that match (a rule's versions with the same words are one hit); a higher --limit shows more\n")
            )
            let misspelt = try cli.hig(["search", "cancle"], in: folder, environment: env)
            #expect(misspelt.status == 0 && misspelt.stdout.isEmpty)
            #expect(misspelt.stderr == "hig: no rule holds 'cancle'; did you mean: cancel?\n")
            let misspeltJSON = try cli.hig(["search", "cancle", "--format", "json"], in: folder, environment: env)
            let suggestions = try #require(
                (try JSONSerialization.jsonObject(with: Data(misspeltJSON.stdout.utf8)) as? [String: Any])?["suggestions"]
                    as? [[String: Any]])
            #expect(suggestions.first?["nearest"] as? [String] == ["cancel"] && suggestions.first?["word"] as? String == "cancle")
            cli.expectOneLineError(try cli.hig(["search", "--raw", "NEAR(cancel"], in: folder), mentioning: "malformed search expression")
            cli.expectOneLineError(try cli.hig(["search", "  "], in: folder), mentioning: "nothing to search for")
            cli.expectOneLineError(
                try cli.hig(["rules", "--topic", "hologram"], in: folder), mentioning: "unknown topic 'hologram'; nearest:")
            let topic = try cli.hig(["rules", "--topic", "button colours", "--format", "csv"], in: folder)
            #expect(topic.status == 0 && topic.stdout.contains("button-placement"))
        }
    }
}

@Suite("The hig command line: evolution and diff")
struct LineageCommandLineTests {
    let cli = HigRunner()

    @Test func evolutionAndDiffRead() throws {
        try Fixtures.withTemporaryFolder { folder in
            let env = ["HIG_EDITIONS": Fixtures.editions.path]
            let evolution = try cli.hig(["evolution", "button", "colors", "--limit", "1"], in: folder, environment: env)
            #expect(evolution.status == 0)
            #expect(evolution.stdout.contains("editions: 2008 → 2010 → 2011 → web-2022-23"))
            #expect(evolution.stdout.contains("{+Place+}") && !evolution.stdout.contains("\u{1B}["))
            let diff = try cli.hig(["diff", "2011", "web-2022-23", "--reversals", "--format", "json"], in: folder)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
            let changed = try #require(object["changed"] as? [[String: Any]])
            #expect(changed.count == 1 && changed[0]["reversal"] as? Bool == true)
            let markdown = try cli.hig(["diff", "2010", "2011", "--format", "markdown"], in: folder)
            #expect(markdown.stdout.hasPrefix("# Changes from 2010 to 2011"))
            #expect(markdown.stdout.contains("| reworded |"))
            cli.expectOneLineError(try cli.hig(["diff", "web-2022-23", "2011"], in: folder), mentioning: "give the older edition first")
            cli.expectOneLineError(try cli.hig(["diff", "2011", "2012"], in: folder), mentioning: "unknown edition '2012'")
            cli.expectOneLineError(
                try cli.hig(["evolution", "tap", "--limit", "0"], in: folder),
                mentioning: "The value '0' is invalid for '--limit <limit>': it must be a positive integer")
        }
    }
}
