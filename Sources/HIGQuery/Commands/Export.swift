import ArgumentParser
import Foundation
import HIGStore
import HIGRendering
import HIGText

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export rules as JSON (the documented contract), CSV, a Markdown page or an HTML report.",
        discussion: HelpText.discussion(
            """
            csv and markdown have the same columns. markdown is a page to paste into documentation: \
            a provenance line, then a table per edition (or per topic with --group-by topic). html is \
            one self-contained file: the rules with filters, each lineage as a timeline with word \
            diffs, Apple's change notes of the source files, and links to the source files; it \
            holds at most \(HTMLReport.ruleLimit) rules (narrow a larger export with the filters, or give --pages -o FOLDER: a folder \
            of pages, index.html first, replaced only if hig wrote it). --output writes a file atomically: it holds either \
            its old content or the whole export, never part of one.
            """,
            examples: [
                .init("Every rule, for a spreadsheet", "hig export --format csv -o rules.csv"),
                .init("A report to open in a browser: alerts in every edition", "hig export --format html --topic alerts -o alerts.html"),
                .init(
                    "A Markdown page of the 2011 iOS HIG's rules about alerts",
                    "hig export --format markdown --edition ios-2011-03 --topic alerts"),
            ]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, jsonl, csv, markdown, html }

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Option(help: "json, jsonl (one JSON object per line), csv, markdown or html.")
    var format: Format = .json

    @Option(help: "markdown only: one table per edition (the default) or per topic.")
    var groupBy: MarkdownExport.Grouping?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout (- for stdout).", valueName: "file"))
    var output: String?

    @Flag(
        help:
            "csv only: write cells that start with =, +, -, @, a tab or a carriage return as they are, not behind an apostrophe that stops a spreadsheet from running them as formulas."
    )
    var csvRawFormulas = false

    @Flag(
        help:
            "html only: write a folder of pages (index.html, then a page per web page or PDF chapter, at most \(HTMLPages.pageRuleLimit) rules each) to -o FOLDER."
    )
    var pages = false

    @Option(
        help: ArgumentHelp(
            "html only: under each rule removed in a later edition, its N likely counterparts there (\(ArgumentChecks.candidateRangeText)), as `hig evolution --candidates`.",
            valueName: "N"))
    var candidates: Int?

    var target: String? { output == "-" ? nil : output }

    /// Mistakes in the arguments, refused before anything is imported or computed.
    func validate() throws {
        if groupBy != nil && format != .markdown { throw HIGError.optionNeedsFormat(option: "--group-by", format: "markdown") }
        if csvRawFormulas && format != .csv { throw HIGError.optionNeedsFormat(option: "--csv-raw-formulas", format: "csv") }
        if pages && format != .html { throw HIGError.optionNeedsFormat(option: "--pages", format: "html") }
        if pages && target == nil { throw HIGError.pagesNeedFolder }
        if candidates != nil && format != .html { throw HIGError.optionNeedsFormat(option: "--candidates", format: "html") }
        try ArgumentChecks.candidateCount(candidates)
        if let target { try pages ? AtomicFolder.checkTarget(target) : AtomicFile.checkTarget(target) }
        _ = try ExportProvenance.now()
    }

    func run() throws {
        let store = try root.openStore()
        let filter = try filters.filter(store)
        let text: String
        let count: Int
        switch format {
        case .json, .jsonl, .csv:
            let rules = try store.rules(filter)
            text =
                switch format {
                case .json: try RuleFormatter.json(rules)
                case .jsonl: try JSONLines.rules(rules)
                default: RuleFormatter.csv(rules, rawFormulas: csvRawFormulas)
                }
            count = rules.count
        case .markdown:
            let content = try store.exportContent(filter)
            text = MarkdownExport.document(content, groupBy: groupBy ?? .edition, provenance: try .now())
            count = content.rules.count
        case .html where pages:
            let content = try store.exportContent(filter, candidates: candidates ?? 0)
            let base = sourceBase(reportAt: target.map { $0 + "/index.html" }, files: content.sourceFiles.map(\.file))
            let folder = HTMLPages(content: content)
            let files = folder.render(provenance: try .now(), sourceBase: base)
            try AtomicFolder.write(files, to: target!)
            let bytes = files.map(\.text.utf8.count)
            Console.note(
                "wrote \(content.rules.count) rules to \(target!)/ (\(folder.pages.count) page\(folder.pages.count == 1 ? "" : "s") and index.html, \(bytes.reduce(0, +)) bytes, the largest page \(bytes.max() ?? 0))"
            )
            return
        case .html:
            try HTMLReport.checkSize(rules: try store.rules(filter).count)
            let content = try store.exportContent(filter, withEditionDiffs: true, candidates: candidates ?? 0)
            let base = sourceBase(reportAt: target, files: content.sourceFiles.map(\.file))
            text = HTMLReport(content: content, provenance: try .now(), sourceBase: base).render()
            count = content.rules.count
        }
        guard let target else {
            Console.print(text)
            return
        }
        try AtomicFile.write(Data(text.utf8), to: target)
        Console.note("wrote \(count) rule\(count == 1 ? "" : "s") to \(target) (\(format.rawValue), \(text.utf8.count) bytes)")
    }

    /// Source paths are relative to the repository the editions were imported from, which the
    /// database does not record: the links go from the report's folder to the clone whose
    /// editions hig finds (as `hig import` would), else to the current folder, whichever holds
    /// the files.
    func sourceBase(reportAt target: String?, files: [String]) -> String {
        var roots: [URL] = []
        if let editions = try? EditionsLocator.locate(explicit: nil) { roots.append(EditionsLocator.repositoryRoot(of: editions)) }
        roots.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let folder = URL(fileURLWithPath: target ?? "report").deletingLastPathComponent()
        return RelativePath.sourceBase(files: files, reportFolder: folder, roots: roots)
    }
}

extension MarkdownExport.Grouping: ExpressibleByArgument {}
