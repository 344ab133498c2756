import ArgumentParser
import BenchKit
import Foundation
import HIGStore

@main
struct HIGBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hig-bench",
        abstract: "Generated editions with a known truth, and the measurements of issue 7.",
        subcommands: [Generate.self, Check.self, Run.self, Bundled.self, Profile.self, Search.self]
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
        out +=
            "\(e.id.padding(toLength: 8, withPad: " ", startingAt: 0)) \(e.form.padding(toLength: 13, withPad: " ", startingAt: 0))"
            + String(format: "%6d  %5d  %5d  %9d\n", e.rules, e.files, e.glued, e.bytes)
    }
    let classes = TruthChange.allCases.map(\.rawValue)
    out += "\nTRUTH    " + classes.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined() + "\n"
    for t in corpus.transitions {
        out +=
            "\(t.from)>\(t.to)".padding(toLength: 9, withPad: " ", startingAt: 0)
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

    @Option(
        help: ArgumentHelp(
            "A committed digest (Digests/*.tsv) the imported database must have.",
            discussion: "Source paths are stored relative to the folder above the corpus, so keep --work outside any package or git clone.")
    )
    var expectDigest: String?

    @Option(help: "Write the imported database's digest to this file instead of checking one.")
    var writeDigest: String?

    func run() throws {
        let scratch =
            work.map { URL(fileURLWithPath: $0) }
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

        let report = try ConsistencyCheck.run(
            corpus: generated, expected: expected, folder: folder,
            database: scratch.appending(path: "check.sqlite").path(percentEncoded: false))
        print("EDITION  GENERATED  IMPORTED  GLUED  REPAIRED")
        for e in report.editions {
            print(
                e.id.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + String(format: " %9d  %8d  %5d  %8d", e.generated, e.imported, e.glued, e.repairs))
        }
        problems += report.problems
        problems += try checkDigest(of: scratch.appending(path: "check.sqlite").path(percentEncoded: false))
        guard problems.isEmpty else {
            throw BenchError("the check failed:\n" + problems.joined(separator: "\n"))
        }
        print("check passed: \(expected.count) rules, \(report.truthLinks) truth links; every rule imported as generated; deterministic")
    }
}

extension Check {
    /// Compares the database's digest with `--expect-digest`, or writes it to `--write-digest`.
    func checkDigest(of database: String) throws -> [String] {
        guard expectDigest != nil || writeDigest != nil else { return [] }
        let digest = try DatabaseDigest.of(databaseAt: database)
        if let writeDigest {
            let header = [
                "The database `hig import` builds from the generated corpus of `hig-bench check --rules \(corpus.rules)",
                "--editions \(corpus.editions) --seed \(corpus.seed)`: per table, its rows and the SHA-256 of their values in key order.",
                "Checked by Benchmarks/ci-small.sh; written again by the same command with --write-digest FILE,",
                "in a commit that says which intended change altered the database and why.",
            ]
            try Data(digest.text(header: header).utf8).write(to: URL(fileURLWithPath: writeDigest))
            print("digest written to \(writeDigest): \(digest.total)")
            return []
        }
        let expected = try DatabaseDigest(text: String(decoding: try Data(contentsOf: URL(fileURLWithPath: expectDigest!)), as: UTF8.self))
        let differences = digest.differences(from: expected)
        if differences.isEmpty { print("digest matches \(expectDigest!): \(digest.total)") }
        return differences.map { "digest: \($0)" }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate each size, measure import against the sqlite3 floor, start-up and search; print Markdown tables.")

    @Option(
        help: "Rules per edition, comma-separated.",
        transform: { text in
            try text.split(separator: ",").map {
                guard let size = Int($0.trimmingCharacters(in: .whitespaces)), size >= 1 else {
                    throw ValidationError("--sizes takes whole numbers, e.g. 1000,10000")
                }
                return size
            }
        })
    var sizes: [Int] = [1000, 10000]

    @Option(help: "Editions per size.")
    var editions: Int = 4

    @Option(help: "Seed of the generator.")
    var seed: UInt64 = 1

    @Flag(help: "One import per size, 5 start-ups, 50 queries (for CI).")
    var quick = false

    @Option(help: "Imports and floor loads per size (default: 3 up to 10k rules, else 1).")
    var repeats: Int?

    @Option(help: "The hig executable (default: the one beside hig-bench).")
    var hig: String?

    @Option(help: "Scratch folder for corpora and databases.")
    var work: String = ".build/bench-work"

    @Option(help: "Also write the figures as JSON to this file.")
    var json: String?

    func run() throws {
        var options = BenchmarkOptions(sizes: sizes, hig: hig ?? siblingHIG(), work: URL(fileURLWithPath: work))
        options.editions = editions
        options.seed = seed
        if quick { options.makeQuick() }
        if let repeats { options.repeats = repeats }
        let results = try Benchmark.run(options) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let machine = Machine.current()
        print(Report.markdown(results, machine: machine))
        if let json {
            struct Output: Encodable {
                let machine: Machine
                let results: [SizeResult]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Output(machine: machine, results: results)).write(to: URL(fileURLWithPath: json))
        }
    }
}

struct Bundled: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the import of a real editions folder (the bundled whole HIG) against the sqlite3 floor, and search on it.")

    @Option(help: "The editions folder (default: ../Data/editions, the bundle, from Benchmarks/).")
    var editions: String = "../Data/editions"

    @Option(help: "Imports and floor loads (the median counts).")
    var repeats: Int = 3

    @Option(help: "Searches timed (the questions repeat).")
    var searches: Int = 200

    @Option(help: "The hig executable (default: the one beside hig-bench).")
    var hig: String?

    @Option(help: "Scratch folder.")
    var work: String = ".build/bench-work/bundled"

    func validate() throws {
        guard repeats >= 1, searches >= 10 else { throw ValidationError("--repeats takes 1 or more, --searches 10 or more") }
    }

    func run() throws {
        let result = try BundledBenchmark.measure(
            hig: hig ?? siblingHIG(), editions: URL(fileURLWithPath: editions), work: URL(fileURLWithPath: work), repeats: repeats,
            searchRuns: searches
        ) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        print(BundledBenchmark.markdown(result), terminator: "")
    }
}

struct Profile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the stages of an in-process import of an editions folder (read, clean, split, write).")

    @Option(help: "An editions folder (e.g. one `hig-bench generate` wrote).")
    var editions: String

    @Option(help: "The database to create (replaced).")
    var db: String = ".build/bench-work/profile.sqlite"

    func run() throws {
        let stages = try ImportProfile.run(editions: URL(fileURLWithPath: editions), database: db)
        print("| stage | wall s | CPU s | process peak MiB after |\n|---|---:|---:|---:|")
        for stage in stages {
            print(
                "| \(stage.name) | \(String(format: "%.2f", stage.seconds)) | \(String(format: "%.2f", stage.cpuSeconds)) | "
                    + "\(String(format: "%.0f", stage.highWaterMiB)) |")
        }
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Search latency alone, in-process, on a database already imported: the run's queries, p50, p99 and the slowest.")

    @Option(help: "The hig database to search.")
    var db: String

    @Option(help: "Queries (the run uses 200).")
    var queries: Int = 200

    @Option(help: "Seed of the queries (the run uses the generator's).")
    var seed: UInt64 = 1

    @Option(help: "How many of the slowest queries to list.")
    var slowest: Int = 5

    @Option(name: .customLong("query"), help: "A query of your own instead of the generated ones (repeatable; each runs 20 times).")
    var own: [String] = []

    func run() throws {
        let queries = own.isEmpty ? SearchProbe.queries(count: queries, seed: seed) : own.flatMap { Array(repeating: $0, count: 20) }
        let latencies = try SearchProbe.measure(database: db, queries: queries)
        print(
            String(
                format: "%d queries  p50 %.2f ms  p99 %.2f ms", latencies.count,
                Statistics.median(latencies), Statistics.percentile(latencies, 0.99)))
        for (query, milliseconds) in zip(queries, latencies).sorted(by: { $0.1 > $1.1 }).prefix(slowest) {
            print(String(format: "  %7.2f ms  %@", milliseconds, query))
        }
    }
}

/// The `hig` beside the running hig-bench (both built by the same `swift build`).
func siblingHIG() -> String {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appending(path: "hig").path(percentEncoded: false)
}
