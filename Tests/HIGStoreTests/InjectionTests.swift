import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// SQL and FTS5 injection attempts in every string a user can give: each reaches SQLite only
/// as a bound parameter, so each command answers or fails with one clear line, and the
/// database is the same, byte for byte, afterwards.
@Suite("Injection: user strings are data, never SQL")
struct InjectionTests {
    let cli = HigRunner()

    /// Quotes, statement ends, LIKE and FTS5 syntax, control characters, odd Unicode, length.
    static let attempts = [
        "'", "''", "\"", "x' OR '1'='1", "x\" OR \"1\"=\"1", "'; DROP TABLE rules; --", "\"; DROP TABLE rules; --",
        "2011-a4f784df'; DELETE FROM rules WHERE '1'='1", "') OR 1=1 --", "' UNION SELECT name, sql FROM sqlite_master --",
        "%", "_", "%_%", "2011-%", "____-________", "\\", "\\%", "*", "\"*\"", "rule*", "NEAR(", "NEAR(cancel left, 5)",
        "OR", "AND", "NOT", "a OR b", "title:alert", "^alert", "{text}: x", "(", ")", "\"unterminated", ";", "--",
        "x\ny", "tab\there", "\u{1B}[31mred", "\u{202E}reversed", "👩‍💻", "é", "e\u{301}", "\u{FEFF}", " ", "",
        String(repeating: "a", count: 5_000), String(repeating: "' OR ", count: 500),
    ]

    /// Every option and argument takes these, and `rotating` more of `commandLineAttempts` in
    /// turn, so that every attempt reaches several of them (each run is a process; the library
    /// takes every attempt everywhere).
    static let coreAttempts = ["'", "'; DROP TABLE rules; --", "%", "NEAR(", "\"unterminated", "x\ny"]
    static let rotating = 6

    /// One of each kind, for the command line.
    static let commandLineAttempts = [
        "'", "\"", "x' OR '1'='1", "'; DROP TABLE rules; --", "') OR 1=1 --", "' UNION SELECT name, sql FROM sqlite_master --",
        "%", "_", "____-________", "2011-%", "\\%", "*", "NEAR(", "NEAR(cancel left, 5)", "OR", "a OR b", "title:alert",
        "(", "\"unterminated", "--", "-x", "x\ny", "\u{1B}[31mred", "\u{202E}reversed", "e\u{301}", "",
        String(repeating: "' OR ", count: 500),
    ]

    /// What can only reach the library: argv cannot carry a NUL byte.
    static let libraryOnly = ["\u{0}", "x\u{0}'; DROP TABLE rules; --", "2011-\u{0}%"]

    @Test("Every query of the library takes the attempts as plain values")
    func libraryQueries() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let store = try RuleStore.open(path: path)
            let real = try #require(try store.rules(RuleFilter(edition: "2011")).first)
            for attempt in Self.attempts + Self.libraryOnly {
                #expect(throws: HIGError.unknownEdition(attempt, known: ["2008", "2010", "2011", "web-2022-23"])) {
                    try store.rules(RuleFilter(edition: attempt))
                }
                #expect(throws: HIGError.unknownPlatform(attempt, known: ["iOS", "iPadOS", "iPhone OS", "macOS", "tvOS", "watchOS"])) {
                    try store.rules(RuleFilter(platform: attempt))
                }
                #expect(try store.rule(id: attempt) == nil, "\(attempt.debugDescription)")
                #expect {
                    try store.detail(id: attempt)
                } throws: { error in
                    guard case .unknownRule(let id, let suggestions, _) = error as? HIGError else { return false }
                    // LIKE wildcards are literal: "____-________" suggests nothing, "2011-%" only 2011 ids.
                    return id == attempt && suggestions.allSatisfy { $0.hasPrefix(String(attempt.prefix(4))) }
                }
            }
            // A NUL byte does not cut the value short: an id followed by NUL and junk is not that id.
            #expect(try store.rule(id: real.id + "\u{0}junk") == nil)
            #expect(try store.rule(id: real.id) == real)
            #expect(try store.rules().count == 114)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("Every option and argument of every command takes the attempts as plain values", .tags(.endToEnd), .fullRunOnly)
    func everyCommand() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let dump = try Fixtures.dump(Database(path: path))
            // The commands run in a folder of their own: an attempt may name a file or folder there.
            let scratch = folder.appending(path: "scratch")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            // Options with a closed set of values or a number are answered by the argument
            // parser before any query: a few attempts suffice there.
            let parsedOnly = ["'; DROP TABLE rules; --", "%", "x\ny", "", "-1"]
            var runs = 0
            var turn = 0
            let others = Self.commandLineAttempts.filter { !Self.coreAttempts.contains($0) }
            for command in HigCommand.all {
                var slots: [(label: String, isParsed: Bool, arguments: (String) -> [String])] = []
                let base = ["--db", path, command.name]
                let placeholders = command.arguments.map { _ in "x" }
                for option in command.options where !option.namesOutputFile {
                    slots.append(("\(command.name) \(option.name)", option.isParsed, { base + placeholders + [option.name, $0] }))
                }
                for (index, argument) in command.arguments.enumerated() {
                    slots.append(
                        (
                            "\(command.name) \(argument)", false,
                            { attempt in
                                var values = placeholders
                                values[index] = attempt
                                // "--" ends the options, so an attempt that starts with "-" is still the argument.
                                return base + ["--"] + values
                            }
                        ))
                }
                for slot in slots {
                    let attempts =
                        slot.isParsed
                        ? parsedOnly
                        : Self.coreAttempts + (0..<Self.rotating).map { others[(turn + $0) % others.count] }
                    if !slot.isParsed { turn += Self.rotating }
                    for attempt in attempts {
                        let result = try cli.hig(slot.arguments(attempt), in: scratch)
                        runs += 1
                        let line = "\(slot.label) \(attempt.debugDescription.prefix(60))"
                        if result.status == 0 {
                            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("hig: ") }, "\(line): \(result.stderr)")
                        } else {
                            #expect(result.status == 1, "\(line): exit \(result.status)")
                            #expect(result.stdout.isEmpty, "\(line)")
                            #expect(
                                result.stderr.hasPrefix("hig: error: ") && result.stderr.split(separator: "\n").count == 1,
                                "\(line): \(result.stderr.prefix(300))")
                        }
                    }
                }
            }
            print("injection: \(runs) runs of \(HigCommand.all.map(\.name).joined(separator: ", "))")
            #expect(runs > 60)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try Fixtures.dump(Database(path: path)) == dump)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0 != "hig.sqlite" && $0 != "scratch"
            }
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }
}
