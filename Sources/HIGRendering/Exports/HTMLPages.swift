import Foundation
import HIGStore

/// The HTML report as a folder of pages, for an export too large for one file (the whole HIG):
/// `index.html` lists the editions and their pages, and each page is the report of one source
/// file (a web page) or, for a file of more than `pageRuleLimit` rules (a whole PDF document),
/// of one top-level section (a chapter), cut in parts of at most `pageRuleLimit` rules when a
/// chapter is longer. Every rule is on exactly one page; a lineage's versions on other pages are
/// linked there by relative hrefs.
public struct HTMLPages: Sendable {
    public struct Page: Sendable, Equatable {
        /// The page's file name in the folder.
        public let file: String
        public let edition: String
        /// A web page's title, or a document's chapter (with its part when cut).
        public let title: String
        /// The source file its rules are read from.
        public let source: String
        public let ruleIDs: [String]
    }

    /// The most rules a page holds.
    public static let pageRuleLimit = 500

    public let content: ExportContent
    public let pages: [Page]

    public init(content: ExportContent) {
        self.content = content
        var pages: [Page] = []
        var used: Set<String> = []
        func fileName(_ edition: String, _ title: String) -> String {
            let words = title.lowercased().unicodeScalars.map {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-"
            }
            let slug = String(words).split(separator: "-").joined(separator: "-").prefix(60)
            var name = "\(edition)-\(slug.isEmpty ? "page" : String(slug)).html"
            var n = 2
            while !used.insert(name).inserted {
                name = "\(edition)-\(slug)-\(n).html"
                n += 1
            }
            return name
        }
        // Grouped once: filtering every rule for each file was quadratic (1,000 files of the
        // whole HIG times 24,000 rules).
        let rulesOfFile = Dictionary(grouping: content.rules, by: \.source.file)
        for file in content.sourceFiles {
            let rules = rulesOfFile[file.file] ?? []
            let edition = file.edition
            let base = URL(fileURLWithPath: file.file).deletingPathExtension().lastPathComponent
            let title = base == "full_document" ? file.document : base
            guard rules.count > Self.pageRuleLimit else {
                pages.append(
                    Page(file: fileName(edition, title), edition: edition, title: title, source: file.file, ruleIDs: rules.map(\.id)))
                continue
            }
            // By chapter (the first part of the section path), in reading order.
            var order: [String] = []
            var byChapter: [String: [String]] = [:]
            for rule in rules {
                let chapter = rule.section.map { String($0.components(separatedBy: " › ")[0]) } ?? "Front matter"
                if byChapter[chapter] == nil { order.append(chapter) }
                byChapter[chapter, default: []].append(rule.id)
            }
            for chapter in order {
                let ids = byChapter[chapter]!
                let parts = stride(from: 0, to: ids.count, by: Self.pageRuleLimit).map {
                    Array(ids[$0..<min($0 + Self.pageRuleLimit, ids.count)])
                }
                for (index, part) in parts.enumerated() {
                    let name = parts.count == 1 ? chapter : "\(chapter) (part \(index + 1) of \(parts.count))"
                    pages.append(Page(file: fileName(edition, name), edition: edition, title: name, source: file.file, ruleIDs: part))
                }
            }
        }
        self.pages = pages
    }

    /// The folder's files: `index.html` first, then each page, by file name.
    public func render(provenance: ExportProvenance, sourceBase: String) -> [(name: String, text: String)] {
        var pageOf: [String: String] = [:]
        for page in pages { for id in page.ruleIDs { pageOf[id] = page.file } }
        let byID = Dictionary(content.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // What each page shows, grouped once rather than filtered per page (quadratic on the
        // whole HIG): the lineages holding one of its rules, in the content's order, and its
        // rules' fates.
        var lineagesOfPage: [String: [Int]] = [:]
        for (index, lineage) in content.lineages.enumerated() {
            var onPages: Set<String> = []
            for version in lineage.versions {
                if let page = pageOf[version.id], onPages.insert(page).inserted { lineagesOfPage[page, default: []].append(index) }
            }
        }
        var fatesOfPage: [String: [String: RuleFate]] = [:]
        for (id, fate) in content.fates { if let page = pageOf[id] { fatesOfPage[page, default: [:]][id] = fate } }
        let notesOfFile = Dictionary(grouping: content.changeNotes, by: \.file)
        var files = [(name: "index.html", text: index(provenance: provenance))]
        for page in pages {
            var sliced = ExportContent(
                rules: page.ruleIDs.compactMap { byID[$0] }, editions: content.editions, topics: content.topics,
                lineages: (lineagesOfPage[page.file] ?? []).map { content.lineages[$0] }, filter: content.filter)
            sliced.fates = fatesOfPage[page.file] ?? [:]
            sliced.changeNotes = notesOfFile[page.source] ?? []
            var report = HTMLReport(content: sliced, provenance: provenance, sourceBase: sourceBase)
            report.pageOf = pageOf
            report.pageTitle = "\(page.edition): \(page.title)"
            files.append((name: page.file, text: report.render()))
        }
        return files
    }

    func index(provenance: ExportProvenance) -> String {
        let h = HTML.escape
        var out = HTML.documentHead(title: "HIG rules and how they changed", version: provenance.version)
        out += """
            <header class="page"><div class="wrap">
            <h1>HIG rules and how they changed</h1>
            <p class="lede">\(h(content.scopeSentence)) of Apple’s Human Interface Guidelines, on \(pages.count) pages.</p>
            <p class="muted">Exported by hig \(h(provenance.version)) on \(h(provenance.date)). Each page is the report of \
            one web page, or of one chapter of a PDF document, with at most \(Self.pageRuleLimit) rules.</p>
            </div></header>
            <main class="wrap">

            """
        for edition in content.editionsExported {
            let editionPages = pages.filter { $0.edition == edition.id }
            out +=
                "<section aria-labelledby=\"e-\(h(edition.id))\">\n<h2 id=\"e-\(h(edition.id))\">\(h(edition.id)): \(h(edition.name))</h2>\n"
            out +=
                "<table class=\"numbers index\">\n<thead><tr><th scope=\"col\">Page</th><th scope=\"col\">Source file</th><th scope=\"col\">Rules</th></tr></thead>\n<tbody>\n"
            for page in editionPages {
                out += "<tr><th scope=\"row\"><a href=\"\(h(page.file))\">\(h(page.title))</a></th>"
                out += "<td>\(h(page.source))</td><td>\(page.ruleIDs.count)</td></tr>\n"
            }
            out += "</tbody>\n</table>\n</section>\n"
        }
        out += """
            </main>
            <footer class="wrap"><p class="muted">Generated by hig \(h(provenance.version)) on \(h(provenance.date)) \
            (\(h(content.filterDescription))).</p></footer>
            </body>
            </html>

            """
        return out
    }
}
