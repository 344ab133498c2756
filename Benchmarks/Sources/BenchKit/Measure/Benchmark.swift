import Foundation
import HIGStore

/// What `hig-bench run` measures, per size.
public struct BenchmarkOptions: Sendable {
    public var sizes: [Int]
    public var editions = 4
    public var seed: UInt64 = 1
    /// The `hig` executable measured as a whole process.
    public var hig: String
    /// Where corpora, databases and CSV files go (created; reused across runs).
    public var work: URL
    /// Imports (and floor loads) per size; the median counts.
    public var repeats: Int?
    public var startupRuns = 20
    public var searchQueries = 200
    /// Queries run as whole processes, by `hig search` and by the sqlite3 tool.
    public var processSearchQueries = 50

    public init(sizes: [Int], hig: String, work: URL) {
        self.sizes = sizes
        self.hig = hig
        self.work = work
    }

    /// Fewer repetitions, for CI: one import, five start-ups, fifty queries.
    public mutating func makeQuick() {
        repeats = 1
        startupRuns = 5
        searchQueries = 50
        processSearchQueries = 10
    }

    func repeats(for size: Int) -> Int { repeats ?? (size <= 10_000 ? 3 : 1) }
}

/// The figures of one size. Nil where a measurement does not exist yet.
public struct SizeResult: Sendable, Codable {
    public var rulesPerEdition: Int
    public var editions: Int
    public var totalRules = 0
    public var corpusMiB = 0.0
    public var generateSeconds = 0.0
    /// `hig import` of every edition into a new database, as a whole process (median).
    public var importSeconds = 0.0
    public var importRuns: [Double] = []
    /// User + system CPU seconds of the median import: less sensitive than wall time to other
    /// work on the machine.
    public var importCPUSeconds = 0.0
    public var importPeakMiB = 0.0
    public var databaseMiB = 0.0
    /// sqlite3 loading the same rules and an FTS5 index from CSV in one transaction (median).
    public var floorSeconds = 0.0
    public var floorRuns: [Double] = []
    public var floorCPUSeconds = 0.0
    public var floorPeakMiB = 0.0
    /// `hig editions` as a whole process on the imported database.
    public var editionsMedianMs = 0.0
    public var editionsP90Ms = 0.0
    public var editionsRuns = 0
    /// `RuleStore.search`, in-process, per query.
    public var searchP50Ms: Double?
    public var searchP99Ms: Double?
    public var searchQueries = 0
    /// `hig search` as a whole process, per query, and the sqlite3 tool running the same FTS5
    /// query (bm25, best 10) on the same database: what a user would otherwise type.
    public var processSearch: ProcessSearch?
    /// `git diff --no-index --word-diff` of the first two editions' sources, each concatenated
    /// into one file: the floor for a future `hig diff`.
    public var gitDiffSeconds: Double?
    /// The import's own stage timings (`HIG_TIMING`), of the last import.
    public var importStages: [StageTime] = []
    /// The import's lineage stage (all consecutive pairs of editions), and per pair.
    public var lineageSeconds: Double?
    public var lineagePerPairSeconds: Double? {
        lineageSeconds.map { $0 / Double(max(1, editions - 1)) }
    }
    /// The links hig stored, scored against `truth.jsonl`.
    public var lineage: LineageScore?
    /// `hig diff` of editions 1 and 2 as a whole process.
    public var higDiffSeconds: Double?

    public struct StageTime: Sendable, Codable {
        public let name: String
        public let seconds: Double
    }

    public var importRulesPerSecond: Double { Double(totalRules) / importSeconds }
    public var floorRatio: Double { importSeconds / floorSeconds }
    /// The import less its lineage stage: reading, cleaning, splitting, writing, indexing and
    /// topics, the work the floor's load compares with (the lineage has its own target).
    public var importWithoutLineageSeconds: Double? { lineageSeconds.map { importSeconds - $0 } }
}

/// Runs the measurements of `hig-bench run`.
///
/// A new measurement is one more step per size, filling a field of `SizeResult` (nil, printed
/// as —, where it does not apply).
public enum Benchmark {
    public static func run(_ options: BenchmarkOptions, log: (String) -> Void) throws -> [SizeResult] {
        guard FileManager.default.isExecutableFile(atPath: options.hig) else {
            throw BenchError(
                "no hig executable at \(options.hig); build it with `swift build -c release --static-swift-stdlib --product hig` (in Benchmarks/) or pass --hig"
            )
        }
        guard ChildProcess.available("sqlite3", ["-version"]) else {
            throw BenchError("the import floor needs the sqlite3 command-line tool (Debian package `sqlite3`: apt-get install sqlite3)")
        }
        try FileManager.default.createDirectory(at: options.work, withIntermediateDirectories: true)
        return try options.sizes.map { try measure(size: $0, options, log: log) }
    }

    static func measure(size: Int, _ options: BenchmarkOptions, log: (String) -> Void) throws -> SizeResult {
        var result = SizeResult(rulesPerEdition: size, editions: options.editions)
        let folder = options.work.appending(path: "n\(size)")
        let editions = folder.appending(path: "editions")
        let database = folder.appending(path: "hig.sqlite").path(percentEncoded: false)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clock = ContinuousClock()

        log("[\(size)] generating \(options.editions) editions")
        var corpus: GeneratedCorpus?
        result.generateSeconds = try clock.measure {
            corpus = try CorpusGenerator.generate(
                GeneratorOptions(rules: size, editions: options.editions, seed: options.seed),
                into: editions
            ).0
        }.seconds
        result.totalRules = corpus!.totalRules
        result.corpusMiB = Double(corpus!.editions.reduce(0) { $0 + $1.bytes }) / 1_048_576

        let imports = try measureImport(
            hig: options.hig, editions: editions, database: database, folder: folder, repeats: options.repeats(for: size),
            label: "[\(size)] hig import", log: log)
        imports.record(into: &result)
        let store = try RuleStore.open(path: database)
        let imported = try store.editions().reduce(0) { $0 + $1.rules }
        guard imported == result.totalRules else {
            throw BenchError("hig imported \(imported) rules of \(result.totalRules) generated; run `hig-bench check --rules \(size)`")
        }

        log("[\(size)] sqlite3 floor")
        let floor = try measureFloor(database: database, folder: folder, repeats: options.repeats(for: size), expected: result.totalRules)
        floor.record(into: &result)

        log("[\(size)] hig editions x\(options.startupRuns)")
        _ = try ChildProcess.run(options.hig, ["--db", database, "editions"])  // warm the page cache
        let startups = try (0..<options.startupRuns).map { _ in
            try ChildProcess.run(options.hig, ["--db", database, "editions"]).wall.milliseconds
        }
        result.editionsRuns = startups.count
        result.editionsMedianMs = Statistics.median(startups)
        result.editionsP90Ms = Statistics.percentile(startups, 0.9)

        log("[\(size)] search x\(options.searchQueries) (at most a minute)")
        let latencies = try SearchProbe.measure(
            database: database,
            queries: SearchProbe.queries(count: options.searchQueries, seed: options.seed))
        result.searchQueries = latencies.count
        result.searchP50Ms = Statistics.percentile(latencies, 0.5)
        result.searchP99Ms = Statistics.percentile(latencies, 0.99)
        log("[\(size)] hig search and sqlite3 as processes x\(options.processSearchQueries)")
        result.processSearch = try ProcessSearch.measure(
            hig: options.hig, database: database,
            queries: SearchProbe.queries(count: options.processSearchQueries, seed: options.seed))

        if options.editions >= 2 {
            log("[\(size)] lineage against the truth")
            result.lineage = try LineageScore.score(database: database, editions: editions)
            log("[\(size)] hig diff and git diff")
            let (first, second) = (corpus!.editions[0].id, corpus!.editions[1].id)
            let output = folder.appending(path: "diff.out").path(percentEncoded: false)
            result.higDiffSeconds = try ChildProcess.run(options.hig, ["--db", database, "diff", first, second], output: output).seconds
            unlink(output)
            result.gitDiffSeconds = try gitDiff(corpus!, editions: editions, scratch: folder)
        }
        return result
    }

    /// `hig import` of `editions` into a new `database`, `repeats` times, as whole processes.
    struct ImportRuns {
        var runs: [ProcessRun]
        var stages: [SizeResult.StageTime]

        func record(into result: inout SizeResult) {
            result.importStages = stages
            result.importPeakMiB = runs.map(\.peakMiB).max() ?? 0
            result.importRuns = runs.map(\.seconds)
            result.importSeconds = Statistics.median(result.importRuns)
            result.lineageSeconds = stages.first { $0.name == "lineage" }?.seconds
            result.importCPUSeconds = Statistics.median(runs.map { $0.userSeconds + $0.systemSeconds })
        }
    }

    static func measureImport(
        hig: String, editions: URL, database: String, folder: URL, repeats: Int, label: String, log: (String) -> Void
    ) throws -> ImportRuns {
        var imports = ImportRuns(runs: [], stages: [])
        for attempt in 1...repeats {
            log("\(label) \(attempt)/\(repeats)")
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(database + suffix) }
            let timings = folder.appending(path: "import.timing").path(percentEncoded: false)
            let run = try ChildProcess.run(
                hig, ["--db", database, "import", "--editions", editions.path(percentEncoded: false)],
                errors: timings, environment: ["HIG_TIMING": "1"])
            imports.stages = Self.stages(timings)
            imports.runs.append(run)
        }
        return imports
    }

    /// sqlite3 loading the rules of `database` and an FTS5 index from CSV, `repeats` times.
    struct FloorRuns {
        var runs: [ProcessRun]

        func record(into result: inout SizeResult) {
            result.floorPeakMiB = runs.map(\.peakMiB).max() ?? 0
            result.floorRuns = runs.map(\.seconds)
            result.floorSeconds = Statistics.median(result.floorRuns)
            result.floorCPUSeconds = Statistics.median(runs.map { $0.userSeconds + $0.systemSeconds })
        }
    }

    static func measureFloor(database: String, folder: URL, repeats: Int, expected: Int) throws -> FloorRuns {
        let csv = folder.appending(path: "rules.csv")
        try SQLiteFloor.exportCSV(database: database, to: csv)
        let floorDatabase = folder.appending(path: "floor.sqlite").path(percentEncoded: false)
        // Not kept: the next size needs the disk, and a rerun makes the same bytes.
        defer {
            try? FileManager.default.removeItem(at: csv)
            for suffix in ["", "-journal"] { unlink(floorDatabase + suffix) }
        }
        var floors = FloorRuns(runs: [])
        for _ in 1...repeats {
            floors.runs.append(try SQLiteFloor.run(csv: csv, database: floorDatabase, scratch: folder))
        }
        let loaded = try SQLiteFloor.count(database: floorDatabase)
        guard loaded == expected else { throw BenchError("the floor loaded \(loaded) rules of \(expected)") }
        return floors
    }

    /// `git diff --no-index --word-diff` of the first two editions, each as one file.
    static func gitDiff(_ corpus: GeneratedCorpus, editions: URL, scratch: URL) throws -> Double? {
        guard ChildProcess.available("git", ["--version"]) else { return nil }
        var joined: [String] = []
        for edition in corpus.editions.prefix(2) {
            let folder = editions.appending(path: edition.id)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted()
            var data = Data()
            for name in names { data += try Data(contentsOf: folder.appending(path: name)) }
            let target = scratch.appending(path: "\(edition.id).all")
            try data.write(to: target)
            joined.append(target.path(percentEncoded: false))
        }
        // Status 1: the files differ.
        // Into a real file: output to /dev/null could let a tool skip work.
        let output = scratch.appending(path: "diff.out").path(percentEncoded: false)
        let run = try ChildProcess.run(
            "git", ["diff", "--no-index", "--word-diff", joined[0], joined[1]], output: output,
            allowedStatus: [0, 1])
        for path in joined + [output] { unlink(path) }
        return run.seconds
    }

    /// The lines `hig: timing: <stage> <seconds> s` that `HIG_TIMING` makes an import print.
    static func stages(_ path: String) -> [SizeResult.StageTime] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        unlink(path)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("hig: timing: "), line.hasSuffix(" s") else { return nil }
            let body = line.dropFirst("hig: timing: ".count).dropLast(2)
            guard let space = body.lastIndex(of: " "), let seconds = Double(body[body.index(after: space)...]) else { return nil }
            return SizeResult.StageTime(name: String(body[..<space]), seconds: seconds)
        }
    }

    private static func fileMiB(_ path: String) -> Double {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
        return size / 1_048_576
    }
}
