import HIGStore
import HIGText

/// `hig import`: per edition its files, rules, repairs and files written, then one line on what
/// changed in the database.
extension TextRenderer {
    public func importReport(_ report: ImportReport, database: String) -> String {
        let rows = report.editions.map { edition in
            [
                edition.id, "\(edition.files)", "\(edition.rules)", "\(edition.repairs)",
                edition.filesWritten == 0 ? "unchanged" : "\(edition.filesWritten) written",
            ]
        }
        var out = TextTable.render(header: ["EDITION", "FILES", "RULES", "REPAIRS", "FILES WRITTEN"], rows: rows, width: nil)
        for edition in report.editionsRemoved {
            out += "removed edition \(edition.id) (\(TextCut.count(edition.rules, "rule"))): \(Self.words(edition.reason))\n"
        }
        if let sources = report.sources {
            let captures = sources.captures.map { "the capture \($0.id) \($0.absolutePath)" }
            let read = [sources.editions.description] + (sources.archive.map { [$0.description] } ?? []) + captures
            out += "read from " + read.dropLast().joined(separator: ", ") + (read.count > 1 ? " and " : "") + read.last! + "\n"
        }
        var summary = report.changedAnything ? "imported into \(database)" : "\(database) was up to date; nothing changed"
        if report.filesRemoved > 0 {
            summary += "; \(TextCut.count(report.filesRemoved, "file")) no longer in the manifest removed"
        }
        out += summary + "\n"
        return out
    }

    /// Why an edition was removed, in the words of the sources read.
    static func words(_ reason: ImportReport.RemovalReason) -> String {
        switch reason {
        case .leftManifest(let source):
            "no longer in the manifest of \(source)"
        case .notInManifest(let source, let replacing):
            "not in the manifest of \(source)" + (replacing.map { ", read instead of \($0)" } ?? "")
        case .leftArchiveCatalogue(let archive):
            "this hig's archive catalogue no longer names it (\(archive) read again)"
        case .nowInEditionsFolder(let edition):
            "its archive document is edition \(edition) of the editions folder now"
        case .archiveDropped(let archive):
            "\(archive.map { "\($0)" } ?? "the archive") dropped (--drop-archive)"
        case .captureDropped(let folder):
            "the capture read from \(folder) dropped (--drop-capture)"
        }
    }

    /// The import's warnings, one line each (for stderr): the lines of words no reader placed.
    public func importWarnings(_ report: ImportReport) -> [String] {
        report.unaccountedLines.map { line in
            "warning: \(line.file):\(line.line): a line of words in no rule, heading or set-aside: \"\(line.text)\""
        }
            + report.decisionsNotApplied.map { decision in
                let verb = decision.verdict == .confirm ? "confirmed" : "rejected"
                return
                    "warning: the link \(decision.from) → \(decision.to) \(decision.origin == .reader ? "you" : "the curated-links file") "
                    + "\(verb) no longer applies: \(decision.note ?? "")"
                    + " (`hig link list` shows it; `hig link forget` removes yours)"
            }
    }
}
