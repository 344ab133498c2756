import Foundation
import HIGStore

/// `hig-bench bundled`: the import of a real editions folder (by default the bundled whole HIG)
/// as a whole process, against the sqlite3 floor on the same rows, and search latency on it with
/// questions a designer asks. The generated corpora of `hig-bench run` measure scale; this
/// measures the texts users get.
public enum BundledBenchmark {
    /// Questions about subjects all over the HIG, one to four words, as people type them.
    public static let queries = [
        "alert", "tab bar", "button placement", "app icon", "destructive action", "cancel button",
        "navigation bar", "toolbar", "text field", "keyboard", "dark mode", "color contrast", "accessibility",
        "voiceover", "dynamic type", "font size", "launch screen", "onboarding", "settings", "notifications",
        "badge", "action sheet", "modal view", "popover", "split view", "table view", "search bar",
        "segmented control", "slider", "switch", "progress indicator", "activity indicator", "pull to refresh",
        "haptics", "gestures", "swipe to delete", "undo", "privacy permission", "sign in with apple", "apple pay",
        "widgets", "live activities", "app clips", "siri", "watch complications", "game controller", "focus",
        "spatial layout", "icon size pixels", "title capitalization", "wording error message",
        "default button trailing side", "status bar", "home screen quick actions", "context menu",
    ]

    public static func measure(
        hig: String, editions: URL, work: URL, repeats: Int, searchRuns: Int, log: (String) -> Void
    ) throws -> SizeResult {
        guard FileManager.default.isExecutableFile(atPath: hig) else {
            throw BenchError(
                "no hig executable at \(hig); build it with `swift build -c release --static-swift-stdlib --product hig` (in Benchmarks/) or pass --hig"
            )
        }
        guard ChildProcess.available("sqlite3", ["-version"]) else {
            throw BenchError("the import floor needs the sqlite3 command-line tool (Debian package `sqlite3`: apt-get install sqlite3)")
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let database = work.appending(path: "bundled.sqlite").path(percentEncoded: false)
        let imports = try Benchmark.measureImport(
            hig: hig, editions: editions, database: database, folder: work, repeats: repeats, label: "bundled: hig import", log: log)
        let store = try RuleStore.open(path: database)
        let editionSummaries = try store.editions()
        var result = SizeResult(rulesPerEdition: 0, editions: editionSummaries.count)
        imports.record(into: &result)
        result.totalRules = editionSummaries.reduce(0) { $0 + $1.rules }
        result.corpusMiB = try folderMiB(editions)
        log("bundled: sqlite3 floor")
        try Benchmark.measureFloor(database: database, folder: work, repeats: repeats, expected: result.totalRules).record(into: &result)
        log("bundled: search x\(searchRuns) over \(queries.count) questions")
        let asked = (0..<searchRuns).map { queries[$0 % queries.count] }
        let latencies = try SearchProbe.measure(database: database, queries: asked)
        result.searchQueries = latencies.count
        result.searchP50Ms = Statistics.percentile(latencies, 0.5)
        result.searchP99Ms = Statistics.percentile(latencies, 0.99)
        return result
    }

    /// The table `Benchmarks/README.md` keeps for the bundled editions.
    public static func markdown(_ result: SizeResult) -> String {
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        let lineage = result.lineageSeconds.map { f($0) } ?? "—"
        return """
            | editions | rules | corpus MiB | hig import s | CPU s | peak MiB | lineage s | sqlite3 floor s | floor peak MiB | import/floor | search p50 / p99 ms (queries) |
            |---|---|---|---|---|---|---|---|---|---|---|
            | \(result.editions) | \(result.totalRules) | \(f(result.corpusMiB, 1)) | \(f(result.importSeconds)) | \(f(result.importCPUSeconds)) | \(f(result.importPeakMiB, 0)) | \(lineage) | \(f(result.floorSeconds)) | \(f(result.floorPeakMiB, 0)) | \(f(result.floorRatio, 1))x | \(f(result.searchP50Ms ?? 0)) / \(f(result.searchP99Ms ?? 0)) (\(result.searchQueries)) |

            """
    }

    private static func folderMiB(_ folder: URL) throws -> Double {
        var bytes = 0
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let url = walker?.nextObject() as? URL {
            bytes += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return Double(bytes) / 1_048_576
    }
}
