import ArgumentParser
import BenchKit
import Foundation

@main
struct HIGBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hig-bench",
        abstract: "Generated editions with a known truth (issue 7).",
        subcommands: [Generate.self, Check.self]
    )

    /// A failure of the benchmark prints one line (and what the failing tool said), exit 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as BenchError {
            FileHandle.standardError.write(Data("hig-bench: error: \(error.description)\n".utf8))
            Self.exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}

struct CorpusOptions: ParsableArguments {
    @Option(help: "Rules of the first edition (bullets count as rules).")
    var rules: Int = 1000

    @Option(help: "Editions: all PDF-derived Markdown but the last, which is web text.")
    var editions: Int = 4

    @Option(help: "Seed of the generator: the same seed writes the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "About this many rules per chunk or page file.")
    var rulesPerFile: Int = 400

    func validate() throws {
        guard rules >= 1 else { throw ValidationError("--rules must be at least 1") }
        guard (1...99).contains(editions) else { throw ValidationError("--editions must be between 1 and 99") }
        guard rulesPerFile >= 1 else { throw ValidationError("--rules-per-file must be at least 1") }
    }

    var generator: GeneratorOptions {
        GeneratorOptions(rules: rules, editions: editions, seed: seed, rulesPerFile: rulesPerFile)
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write generated editions, editions.json, truth.jsonl and generated.json into a folder.",
        discussion: "`hig import --editions DIR` reads the folder as it is.")

    @OptionGroup var corpus: CorpusOptions

    @Option(help: "The folder to write (created; its generated files are replaced).")
    var out: String

    func run() throws {
        let folder = URL(fileURLWithPath: out)
        let (generated, _) = try CorpusGenerator.generate(corpus.generator, into: folder)
        print(summary(generated))
    }
}

func summary(_ corpus: GeneratedCorpus) -> String {
    var out = "EDITION  FORM          RULES   FILES  GLUED   BYTES\n"
    for e in corpus.editions {
        out += "\(e.id.padding(toLength: 8, withPad: " ", startingAt: 0)) \(e.form.padding(toLength: 13, withPad: " ", startingAt: 0))"
            + String(format: "%6d  %5d  %5d  %9d\n", e.rules, e.files, e.glued, e.bytes)
    }
    let classes = ChangeClass.allCases.map(\.rawValue)
    out += "\nTRUTH    " + classes.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined() + "\n"
    for t in corpus.transitions {
        out += "\(t.from)>\(t.to)".padding(toLength: 9, withPad: " ", startingAt: 0)
            + classes.map { String(t.links[$0] ?? 0).padding(toLength: 10, withPad: " ", startingAt: 0) }.joined() + "\n"
    }
    return out
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate, import with HIGStore, and check that hig reads every generated rule as written.",
        discussion: """
            Passes when each generated rule is exactly one imported rule starting at the line the truth \
            names, with the generator's clean text; each glued pair is repaired once; the truth names \
            every rule; and generating twice writes the same bytes.
            """)

    @OptionGroup var corpus: CorpusOptions

    @Option(help: "Scratch folder (default: a new temporary folder, removed afterwards).")
    var work: String?

    func run() throws {
        let scratch = work.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appending(path: "hig-bench-check-\(getpid())")
        try? FileManager.default.removeItem(at: scratch)
        defer { if work == nil { try? FileManager.default.removeItem(at: scratch) } }
        let folder = scratch.appending(path: "editions")
        let (generated, expected) = try CorpusGenerator.generate(corpus.generator, into: folder, expectations: true)
        print(summary(generated))

        var problems: [String] = []
        let again = scratch.appending(path: "again")
        try CorpusGenerator.generate(corpus.generator, into: again)
        if let difference = try FolderDigest.firstDifference(folder, again) {
            problems.append("generating twice with seed \(corpus.seed) wrote different bytes: \(difference)")
        }
        try? FileManager.default.removeItem(at: again)

        let report = try ConsistencyCheck.run(corpus: generated, expected: expected, folder: folder,
                                              database: scratch.appending(path: "check.sqlite").path(percentEncoded: false))
        print("EDITION  GENERATED  IMPORTED  GLUED  REPAIRED")
        for e in report.editions {
            print(e.id.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: " %9d  %8d  %5d  %8d", e.generated, e.imported, e.glued, e.repairs))
        }
        problems += report.problems
        guard problems.isEmpty else {
            throw BenchError("the check failed:\n" + problems.joined(separator: "\n"))
        }
        print("check passed: \(expected.count) rules, \(report.truthLinks) truth links; every rule imported as generated; deterministic")
    }
}
