import Foundation

/// The machine a run happened on, for the table's caption.
public struct Machine: Sendable, Codable {
    public let cpus: Int
    public let model: String
    public let memoryGiB: Double
    public let date: String

    public static func current() -> Machine {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            info.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Machine(
            cpus: ProcessInfo.processInfo.activeProcessorCount, model: model,
            memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
            date: formatter.string(from: Date()))
    }
}

/// The Markdown tables `hig-bench run` prints, with each target's verdict.
public enum Report {
    // Issue 33's targets at 4 x 100k rules.
    public static let importRatioTarget = 2.5
    public static let importMemoryTargetMiB = 900.0
    public static let startupTargetMs = 30.0
    public static let searchP99TargetMs = 10.0
    /// `hig search` as a process against the sqlite3 shell on the same query, p50.
    public static let processSearchRatioTarget = 2.0
    public static let lineageTargetSeconds = 3.0
    public static let lineageF1Target = 0.95
    public static let diffRatioTarget = 2.5

    private static func verdict(_ met: Bool) -> String { met ? "met" : "**not met**" }

    public static func markdown(_ results: [SizeResult], machine: Machine) -> String {
        var out = "Machine: \(machine.cpus) CPUs (\(machine.model)), \(String(format: "%.0f", machine.memoryGiB)) GiB, \(machine.date)\n\n"
        out +=
            "| rules/edition | editions | rules | corpus MiB | hig import s | CPU s | rules/s | peak MiB | sqlite3 floor s | CPU s | floor peak MiB | import/floor | target ≤\(f(importRatioTarget, 1))x, <\(f(importMemoryTargetMiB, 0)) MiB | without lineage s | without lineage/floor |\n"
        out += "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:--|---:|---:|\n"
        for r in results {
            let met = r.floorRatio <= importRatioTarget && r.importPeakMiB < importMemoryTargetMiB
            out +=
                "| \(r.rulesPerEdition) | \(r.editions) | \(r.totalRules) | \(f(r.corpusMiB, 1)) | \(f(r.importSeconds, 2)) | "
                + "\(f(r.importCPUSeconds, 2)) | \(f(r.importRulesPerSecond, 0)) | \(f(r.importPeakMiB, 0)) | \(f(r.floorSeconds, 2)) | "
                + "\(f(r.floorCPUSeconds, 2)) | \(f(r.floorPeakMiB, 0)) | "
                + "\(f(r.floorRatio, 1))x | \(verdict(met)) | \(opt(r.importWithoutLineageSeconds, 2)) | "
                + "\(r.importWithoutLineageSeconds.map { f($0 / r.floorSeconds, 1) + "x" } ?? "—") |\n"
        }
        out +=
            "\n| rules | hig editions median ms | p90 ms | target <\(f(startupTargetMs, 0)) ms | queries | search p50 ms | search p99 ms "
            + "| target p99 <\(f(searchP99TargetMs, 0)) ms | process queries | hig search p50 / p99 ms | sqlite3 p50 / p99 ms "
            + "| target p50 ≤\(f(processSearchRatioTarget, 0))x sqlite3 |\n"
        out += "|---:|---:|---:|:--|---:|---:|---:|:--|---:|---:|---:|:--|\n"
        for r in results {
            let startupMet = r.editionsMedianMs < startupTargetMs
            let searchMet = r.searchP99Ms.map { $0 < searchP99TargetMs }
            let process = r.processSearch
            out +=
                "| \(r.totalRules) | \(f(r.editionsMedianMs, 1)) | \(f(r.editionsP90Ms, 1)) | \(verdict(startupMet)) | "
                + "\(r.searchQueries) | \(opt(r.searchP50Ms, 2)) | \(opt(r.searchP99Ms, 2)) | \(searchMet.map(verdict) ?? "—") | "
                + "\(process.map { String($0.queries) } ?? "—") | \(process.map { f($0.higP50Ms, 1) + " / " + f($0.higP99Ms, 1) } ?? "—") | "
                + "\(process.map { f($0.sqliteP50Ms, 1) + " / " + f($0.sqliteP99Ms, 1) } ?? "—") | "
                + "\(process.map { verdict($0.higP50Ms <= processSearchRatioTarget * $0.sqliteP50Ms) } ?? "—") |\n"
        }
        out +=
            "\n| rules | lineage s (all pairs) | per pair s | target <\(f(lineageTargetSeconds, 0)) s | link F1 | right-class F1 "
            + "| target F1 ≥\(f(lineageF1Target, 2)) | hig diff s | git diff s | diff/git | target ≤\(f(diffRatioTarget, 1))x |\n"
        out += "|---:|---:|---:|:--|---:|---:|:--|---:|---:|---:|:--|\n"
        for r in results {
            let linkF1 = r.lineage?.links.f1
            let labelledF1 = r.lineage?.labelled.f1
            let ratio = r.higDiffSeconds.flatMap { diff in r.gitDiffSeconds.map { diff / $0 } }
            out +=
                "| \(r.totalRules) | \(opt(r.lineageSeconds, 2)) | \(opt(r.lineagePerPairSeconds, 2)) | "
                + "\(r.lineagePerPairSeconds.map { verdict($0 < lineageTargetSeconds) } ?? "—") | \(opt(linkF1, 3)) | \(opt(labelledF1, 3)) | "
                + "\(labelledF1.map { verdict($0 >= lineageF1Target) } ?? "—") | \(opt(r.higDiffSeconds, 2)) | \(opt(r.gitDiffSeconds, 2)) | "
                + "\(ratio.map { f($0, 1) + "x" } ?? "—") | \(ratio.map { verdict($0 <= diffRatioTarget) } ?? "—") |\n"
        }
        for r in results {
            if let lineage = r.lineage {
                out +=
                    "\nLineage against the truth, \(r.totalRules) rules (\(lineage.perTransition.sorted { $0.key < $1.key }.map { "\($0.key) link F1 \(f($0.value, 3))" }.joined(separator: ", "))):\n\n"
                out += "| class | truth | hig | right | precision | recall | F1 |\n|---|---:|---:|---:|---:|---:|---:|\n"
                for row in [lineage.links, lineage.labelled] + lineage.classes {
                    out +=
                        "| \(row.name) | \(row.truth) | \(row.predicted.map(String.init) ?? "—") | \(row.correct) | "
                        + "\(opt(row.precision, 3)) | \(f(row.recall, 3)) | \(opt(row.f1, 3)) |\n"
                }
            }
            if !r.importStages.isEmpty {
                out +=
                    "\nImport stages (HIG_TIMING), \(r.totalRules) rules: "
                    + r.importStages.map { "\($0.name) \(f($0.seconds, 2)) s" }.joined(separator: "; ") + "\n"
            }
        }
        out +=
            "\nTargets at 4 x 100k rules (issue 33): import within \(f(importRatioTarget, 1))x the sqlite3 floor and under "
            + "\(f(importMemoryTargetMiB, 0)) MiB; `hig editions` under \(f(startupTargetMs, 0)) ms; search p99 under "
            + "\(f(searchP99TargetMs, 0)) ms in process and `hig search` p50 within \(f(processSearchRatioTarget, 0))x sqlite3's; "
            + "linking two 100k editions under \(f(lineageTargetSeconds, 0)) s with F1 ≥ \(f(lineageF1Target, 2)); "
            + "`hig diff` within \(f(diffRatioTarget, 1))x of git diff.\n"
        return out
    }

    private static func f(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func opt(_ value: Double?, _ digits: Int) -> String {
        value.map { f($0, digits) } ?? "—"
    }
}
