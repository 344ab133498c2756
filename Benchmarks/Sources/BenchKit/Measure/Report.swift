import Foundation

/// The machine a run happened on, for the table's caption.
public struct Machine: Sendable, Codable {
    public let cpus: Int
    public let model: String
    public let memoryGiB: Double
    public let date: String

    public static func current() -> Machine {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = info.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Machine(cpus: ProcessInfo.processInfo.activeProcessorCount, model: model,
                       memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
                       date: formatter.string(from: Date()))
    }
}

/// The Markdown tables `hig-bench run` prints, with each target's verdict.
public enum Report {
    public static let importRatioTarget = 3.0
    public static let importMemoryTargetMiB = 1024.0
    public static let startupTargetMs = 50.0
    public static let searchP99TargetMs = 10.0

    public static func markdown(_ results: [SizeResult], machine: Machine) -> String {
        var out = "Machine: \(machine.cpus) CPUs (\(machine.model)), \(String(format: "%.0f", machine.memoryGiB)) GiB, \(machine.date)\n\n"
        out += "| rules/edition | editions | rules | corpus MiB | hig import s | CPU s | rules/s | peak MiB | sqlite3 floor s | CPU s | floor peak MiB | import/floor | target ≤3x, <1 GiB |\n"
        out += "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:--|\n"
        for r in results {
            let met = r.floorRatio <= importRatioTarget && r.importPeakMiB < importMemoryTargetMiB
            out += "| \(r.rulesPerEdition) | \(r.editions) | \(r.totalRules) | \(f(r.corpusMiB, 1)) | \(f(r.importSeconds, 2)) | "
                + "\(f(r.importCPUSeconds, 2)) | \(f(r.importRulesPerSecond, 0)) | \(f(r.importPeakMiB, 0)) | \(f(r.floorSeconds, 2)) | "
                + "\(f(r.floorCPUSeconds, 2)) | \(f(r.floorPeakMiB, 0)) | "
                + "\(f(r.floorRatio, 1))x | \(met ? "met" : "**not met**") |\n"
        }
        out += "\n| rules | hig editions median ms | p90 ms | target <50 ms | queries | search p50 ms | search p99 ms | target p99 <10 ms | git diff s | hig diff s | lineage s | lineage F1 |\n"
        out += "|---:|---:|---:|:--|---:|---:|---:|:--|---:|---:|---:|---:|\n"
        for r in results {
            let startupMet = r.editionsMedianMs < startupTargetMs
            let searchMet = r.searchP99Ms.map { $0 < searchP99TargetMs }
            out += "| \(r.totalRules) | \(f(r.editionsMedianMs, 1)) | \(f(r.editionsP90Ms, 1)) | \(startupMet ? "met" : "**not met**") | "
                + "\(r.searchQueries) | \(opt(r.searchP50Ms, 2)) | \(opt(r.searchP99Ms, 2)) | \(searchMet.map { $0 ? "met" : "**not met**" } ?? "—") | "
                + "\(opt(r.gitDiffSeconds, 2)) | \(opt(r.higDiffSeconds, 2)) | \(opt(r.lineageSeconds, 2)) | \(opt(r.lineageF1, 3)) |\n"
        }
        out += "\n— : not built yet. Targets at 4 x 100k rules: import within 3x the sqlite3 floor and under 1 GiB; "
            + "`hig editions` under 50 ms; search p99 under 10 ms; lineage of two 100k editions under 5 s with F1 ≥ 0.95; "
            + "`hig diff` within 3x of git diff.\n"
        return out
    }

    private static func f(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func opt(_ value: Double?, _ digits: Int) -> String {
        value.map { f($0, digits) } ?? "—"
    }
}
