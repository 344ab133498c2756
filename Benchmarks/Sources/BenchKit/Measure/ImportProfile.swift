import Foundation
import HIGStore
import HIGDatabase
import HIGLineage
import HIGText

/// Where an in-process import spends its time and memory, stage by stage: the stages of
/// `Corpus.load` (read, lexicon, clean, split, then ids and digests), then `Importer.write`.
/// Each stage's peak is the process's high-water mark (VmHWM) when the stage ends.
public enum ImportProfile {
    public struct Stage: Sendable {
        public let name: String
        public let seconds: Double
        /// User + system CPU time of the process during the stage (steadier than wall time on a busy machine).
        public let cpuSeconds: Double
        public let highWaterMiB: Double
    }

    public static func run(editions folder: URL, database: String) throws -> [Stage] {
        var stages: [Stage] = []
        let clock = ContinuousClock()
        func stage<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            var value: T?
            let cpuBefore = cpuSeconds()
            let elapsed = try clock.measure { value = try body() }
            stages.append(
                Stage(
                    name: name, seconds: elapsed.seconds, cpuSeconds: cpuSeconds() - cpuBefore,
                    highWaterMiB: highWaterMiB()))
            return value!
        }

        let files = try stage("read manifest and files") { () throws -> [(SourceFile, EditionManifest.Edition)] in
            let manifest = try EditionManifest.load(folder: folder)
            var files: [(SourceFile, EditionManifest.Edition)] = []
            for edition in manifest.orderedEditions {
                for entry in manifest.files(of: edition.id) {
                    files.append((try SourceFile.read(entry, folder: folder, displayRoot: folder.deletingLastPathComponent()), edition))
                }
            }
            return files
        }
        let splitter = stage("lexicon: learn web words, count words") { () -> SourceSplitter in
            var lexicon = Lexicon.bundled
            for (file, _) in files where file.entry.form == .webText { lexicon.learnWords(from: file.text) }
            for (file, _) in files { lexicon.countWords(in: file.text) }
            return SourceSplitter(lexicon: lexicon)
        }
        let cleaning = stage("clean: strip markup, repair glued words") {
            files.reduce(0) { $0 + splitter.markedLines($1.0.lines, form: $1.0.entry.form).count }
        }
        let drafts = stage("clean + split into rules (again)") {
            files.reduce(0) { $0 + splitter.drafts($1.0.lines, entry: $1.0.entry, platforms: $1.1.platforms).count }
        }
        _ = (cleaning, drafts)
        let corpus = try stage("Corpus.load (all of the above, plus ids and digests)") { try Corpus.load(folder: folder) }
        for suffix in ["", "-journal"] { unlink(database + suffix) }
        _ = try stage("Importer.write (one transaction: rows, FTS5 triggers, topics)") {
            let db = try Database(path: database, mode: .create)
            return try Importer.write(corpus, to: db)
        }
        return stages
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The process's peak resident memory so far (VmHWM), in MiB.
    public static func highWaterMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return digits / 1024
        }
        return 0
    }
}
