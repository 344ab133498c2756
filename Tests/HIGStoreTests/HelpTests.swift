import Foundation
import HIGText
import Testing

/// Every command's `--help`, as the built `hig` prints it at 80 columns: pinned by a snapshot
/// (`Tests/Snapshots/help/`, written again with `HIG_UPDATE_SNAPSHOTS=1 swift test --filter
/// HelpTests`, then read by hand), with an EXAMPLES section whose every command runs.
@Suite("Every command's help")
struct HelpTests {
    static let snapshots = Fixtures.repository.appending(path: "Tests/Snapshots/help")
    static let cli = HigRunner()

    /// Every command, as the words after `hig` (the root is no word), found from the help itself.
    static let commands: [[String]] = {
        var found: [[String]] = []
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let command = queue.removeFirst()
            found.append(command)
            for line in section("SUBCOMMANDS", of: help(command)) where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                guard let name = line.split(separator: " ").first.map(String.init), name != "help",
                    name.allSatisfy({ $0.isLowercase || $0 == "-" })
                else { continue }
                queue.append(command + [name])
            }
        }
        return found
    }()

    /// `hig COMMAND --help` at 80 columns, on a terminal of none.
    static func help(_ command: [String]) -> String {
        let folder = FileManager.default.temporaryDirectory
        let result = try? HigRunner.run(HigRunner.process(command + ["--help"], in: folder, environment: ["COLUMNS": "80"]))
        return result?.stdout ?? ""
    }

    /// The lines under a "NAME:" heading, up to the next heading.
    static func section(_ name: String, of help: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let first = line.first, first.isUppercase, line.contains(":") {
                let heading = String(line.prefix { $0 != ":" })
                if heading.allSatisfy({ $0.isUppercase || $0 == " " }) {
                    inside = heading == name
                    continue
                }
            }
            if inside { lines.append(line) }
        }
        return lines
    }

    /// The commands of an EXAMPLES section, each on one line: `#` lines are what they answer,
    /// a line ending in ` \` goes on in the next.
    static func examples(in help: String) -> [String] {
        var commands: [String] = []
        var pending = ""
        for line in section("EXAMPLES", of: help) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text.hasSuffix("\\") {
                pending += text.dropLast().trimmingCharacters(in: .whitespaces) + " "
            } else {
                commands.append(pending + text)
                pending = ""
            }
        }
        return commands
    }

    /// A command line split as a POSIX shell splits it: words apart at spaces, '...' and "..."
    /// quoting (a backslash escapes only within "..." and outside quotes).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    static func snapshotFile(_ command: [String]) -> URL {
        snapshots.appending(path: (["hig"] + command).joined(separator: "-") + ".txt")
    }

    @Test("The command list is read from the help: every subcommand, link's included")
    func commandsAreFound() {
        let names = Self.commands.map { $0.joined(separator: " ") }
        #expect(names.contains("rules"))
        #expect(names.contains("link confirm"))
        #expect(names.contains(""))
        #expect(names.count >= 17, "\(names)")
    }

    @Test("The shell words of an example are split as a shell splits them")
    func shellWords() {
        #expect(
            Self.words(#"hig search "don't use OK" --raw 'NEAR(a b, 5)'"#) == ["hig", "search", "don't use OK", "--raw", "NEAR(a b, 5)"])
        #expect(Self.words(#"A=1 hig x "" a\ b "q\"d""#) == ["A=1", "hig", "x", "", "a b", "q\"d"])
        let help = "OVERVIEW: x\n\nEXAMPLES:\n  # what\n  hig a \\\n      --b c\n\n  hig d\n\nUSAGE: hig\n"
        #expect(Self.examples(in: help) == ["hig a --b c", "hig d"])
    }

    @Test("Every command's help is its snapshot (HIG_UPDATE_SNAPSHOTS=1 writes them again)")
    func helpIsPinned() throws {
        let update = ProcessInfo.processInfo.environment["HIG_UPDATE_SNAPSHOTS"] == "1"
        var expected: Set<String> = []
        for command in Self.commands {
            let help = Self.help(command)
            let file = Self.snapshotFile(command)
            expected.insert(file.lastPathComponent)
            #expect(!help.isEmpty, "no help from hig \(command.joined(separator: " "))")
            if update {
                try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
                try Data(help.utf8).write(to: file)
            } else {
                let pinned = try? String(contentsOf: file, encoding: .utf8)
                #expect(pinned == help, "hig \(command.joined(separator: " ")) --help differs from \(file.lastPathComponent)")
            }
        }
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path)) ?? [])
        #expect(
            files == expected, "snapshots of no command: \(files.subtracting(expected)); commands with none: \(expected.subtracting(files))"
        )
    }

    @Test("Every command's help ends in EXAMPLES, a section of its own, each line within 80 columns")
    func everyHelpHasExamples() {
        for command in Self.commands {
            let help = Self.help(command)
            let name = (["hig"] + command).joined(separator: " ")
            // A heading glued to the paragraph above reads as that paragraph's last line.
            #expect(help.contains("\n\nEXAMPLES:\n"), "\(name) --help: EXAMPLES follows no blank line")
            let examples = Self.examples(in: help)
            #expect(!examples.isEmpty, "\(name) --help has no example")
            for example in examples {
                let typed = Array(Self.words(example).drop { $0.contains("=") }.prefix(1 + command.count))
                #expect(typed == ["hig"] + command, "\(name): \(example)")
            }
            for line in Self.section("EXAMPLES", of: help) where !line.isEmpty {
                // A line the help wrapped would start at the margin, and would not run.
                #expect(line.hasPrefix("  "), "\(name) --help wraps an example: \(line)")
                #expect(line.count <= 80, "\(name) --help: \(line)")
            }
        }
    }

    @Test("An option given twice is refused in one line, before anything is opened: the parser would keep the last alone")
    func repeatedOptionsAreRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = folder.appending(path: "hig.sqlite").path
            for arguments in [
                ["rules", "--section", "Tab bars", "--section", "Toolbars"],
                ["--db", database, "search", "tap", "--edition=2011", "--edition", "2010"],
                ["export", "-o", "a.json", "--output", "b.json"], ["--db", database, "rules", "--db", database],
            ] {
                let result = try Self.cli.hig(arguments, in: folder, environment: ["HIG_DB": database])
                let repeated = arguments.contains("-o") ? "--output" : arguments.first { $0.hasPrefix("--") && $0 != "--db" } ?? "--db"
                Self.cli.expectOneLineError(result, mentioning: "\(repeated.prefix { $0 != "=" }) is given twice")
            }
            #expect(!FileManager.default.fileExists(atPath: database))
        }
    }

    @Test("An option that takes several values may be repeated: hig topics --edition A --edition B")
    func repeatableOptions() throws {
        try Fixtures.withTemporaryFolder { folder in
            let environment = ["HIG_EDITIONS": Fixtures.editions.path]
            let both = try Self.cli.hig(["topics", "--edition", "2010", "--edition", "2011"], in: folder, environment: environment)
            #expect(both.status == 0 && both.stdout.contains("2010") && both.stdout.contains("2011"), "\(both.stderr)")
            // The same option of another command is still one value, and its repetition refused.
            let rules = try Self.cli.hig(["rules", "--edition", "2010", "--edition", "2011"], in: folder, environment: environment)
            Self.cli.expectOneLineError(rules, mentioning: "--edition is given twice")
        }
    }

    /// A help example to run: the command whose help shows it, its words after `hig`, and the
    /// environment it names before them.
    struct Example: Sendable {
        let name: String
        let text: String
        let words: [String]
        let environment: [String: String]
    }

    /// The commands whose examples relink the whole bundle, each one a minute of CPU in a debug
    /// build: confirm, reject, then forget (forget removes the decision reject made).
    static func relinks(_ command: [String]) -> Bool {
        command.first == "link" && ["confirm", "reject", "forget"].contains(command.dropFirst().first ?? "")
    }

    @Test(
        "Every example in the help but the link decisions' runs and exits 0: the imports on the seeds, the rest on the bundle",
        .timeLimit(.minutes(20)))
    func everyExampleRuns() throws {
        let ran = try runExamples { !Self.relinks($0) }
        // Two or more per command, one for show, link and mcp.
        let commands = Self.commands.filter { !Self.relinks($0) }
        #expect(ran >= 2 * commands.count - 3, "only \(ran) examples ran")
    }

    @Test(
        "Every link decision example in the help (confirm, reject, forget) relinks the bundled editions and exits 0",
        .tags(.endToEnd), .fullRunOnly, .timeLimit(.minutes(20)))
    func everyLinkDecisionExampleRuns() throws {
        #expect(try runExamples(Self.relinks) == 3)
    }

    /// Runs the examples of the commands `selected` picks, returns how many ran. Two groups,
    /// each on its own database and in the order of the commands, run side by side: the imports,
    /// on a copy of the seeds' database with the seeds as their editions (each would reread the
    /// whole bundle, 13 s of CPU in a debug build, and `BundleDatabase` already imports it), and
    /// the rest on a copy of the bundle's (the link decisions are among them when selected: they
    /// must run in the order confirm, reject, forget).
    func runExamples(_ selected: ([String]) -> Bool) throws -> Int {
        let databases = [try SeedsDatabase.path, try BundleDatabase.path]
        let editions = [Fixtures.editions.path, Fixtures.bundle.path]
        return try Fixtures.withTemporaryFolder { folder in
            func group(of command: [String]) -> Int { command.first == "import" ? 0 : 1 }
            var groups: [[Example]] = [[], []]
            for command in Self.commands where selected(command) {
                let name = (["hig"] + command).joined(separator: " ")
                let database = folder.appending(path: "hig-\(group(of: command)).sqlite")
                for example in Self.examples(in: Self.help(command)) {
                    var words = Self.words(example)
                    var environment = ["HIG_DB": database.path, "HIG_EDITIONS": editions[group(of: command)]]
                    while let first = words.first, first.contains("="), let equals = first.firstIndex(of: "=") {
                        environment[String(first[..<equals])] = String(first[first.index(after: equals)...])
                        words.removeFirst()
                    }
                    try #require(words.first == "hig", "\(name): \(example)")
                    groups[group(of: command)].append(
                        Example(name: name, text: example, words: Array(words.dropFirst()), environment: environment))
                }
            }
            for index in groups.indices {
                try FileManager.default.copyItem(
                    at: URL(fileURLWithPath: databases[index]), to: folder.appending(path: "hig-\(index).sqlite"))
            }
            let results = ParallelMap.map(groups) { examples in
                examples.map { example in
                    (example, Result { try Self.cli.hig(example.words, in: folder, environment: example.environment) })
                }
            }
            var ran = 0
            for (example, outcome) in results.joined() {
                let result = try outcome.get()
                #expect(result.status == 0, "\(example.name): `\(example.text)` exited \(result.status): \(result.stderr.prefix(300))")
                #expect(!result.stderr.contains("error"), "\(example.name): `\(example.text)`: \(result.stderr.prefix(300))")
                ran += 1
            }
            return ran
        }
    }
}
