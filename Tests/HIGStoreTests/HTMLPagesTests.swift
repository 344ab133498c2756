import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// `hig export --format html --pages -o FOLDER` on the whole bundled HIG, and the rules of
/// replacing a folder.
@Suite("HTML report as a folder of pages")
struct HTMLPagesTests {
    @Test("The whole HIG as pages: every rule on exactly one page, none above 500, every link resolves")
    func wholeBundle() throws {
        let store = try RuleStore.open(path: BundleDatabase.path)
        let content = try store.exportContent()
        let folder = HTMLPages(content: content)
        #expect(content.rules.count == 24_030)  // the bundle's rules (Digests/bundled.tsv)
        let placed = folder.pages.flatMap(\.ruleIDs)
        #expect(placed.count == content.rules.count && Set(placed) == Set(content.rules.map(\.id)))
        #expect(folder.pages.allSatisfy { $0.ruleIDs.count <= HTMLPages.pageRuleLimit && !$0.ruleIDs.isEmpty })
        // A web page is one page: Charts.md's 61 rules (counted by `hig sources`).
        #expect(folder.pages.filter { $0.source.hasSuffix("/Charts.md") }.map(\.ruleIDs.count) == [61])
        // A PDF document is cut by chapter: 2014's has more than one page, each from one chapter.
        let pages2014 = folder.pages.filter { $0.edition == "ios-2014-03" }
        #expect(pages2014.count > 1)
        try Fixtures.withTemporaryFolder { temporary in
            let target = temporary.appending(path: "report").path
            try AtomicFolder.write(folder.render(provenance: ExportProvenance(), sourceBase: ""), to: target)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: target))
            #expect(names == Set(["index.html", AtomicFolder.marker] + folder.pages.map(\.file)))
            let index = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
            let indexLinks = Self.hrefs(in: index)
            #expect(Set(indexLinks) == Set(folder.pages.map(\.file)))
            // Every rule's row anchor is on exactly one page; every link to another page names
            // an anchor that page has.
            var anchors: [String: Set<String>] = [:]
            var texts: [String: String] = [:]
            for page in folder.pages {
                let html = try String(contentsOfFile: target + "/" + page.file, encoding: .utf8)
                texts[page.file] = html
                anchors[page.file] = Set(html.components(separatedBy: " id=\"rule-").dropFirst().map { String($0.prefix { $0 != "\"" }) })
            }
            let counts = anchors.values.flatMap { $0 }.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            #expect(counts.count == content.rules.count && counts.values.allSatisfy { $0 == 1 })
            var crossLinks = 0
            for (file, html) in texts {
                for href in Self.hrefs(in: html) where href.contains(".html#rule-") {
                    let parts = href.split(separator: "#", maxSplits: 1)
                    let ruleID = String(parts[1].dropFirst("rule-".count))
                    #expect(anchors[String(parts[0])]?.contains(ruleID) == true, "\(file) links to \(href)")
                    crossLinks += 1
                }
            }
            #expect(crossLinks > 1_000)
        }
    }

    static func hrefs(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("Data/") && !$0.hasPrefix("../") }
    }

    @Test("A folder is replaced only when hig wrote it; a user's folder, a file or a link is refused and left alone")
    func replacementRules() throws {
        try Fixtures.withTemporaryFolder { folder in
            let files = [(name: "index.html", text: "new")]
            // A new folder is written, then replaced (its old files gone).
            let target = folder.appending(path: "pages").path
            try AtomicFolder.write([(name: "index.html", text: "old"), (name: "gone.html", text: "x")], to: target)
            try AtomicFolder.write(files, to: target)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: target)) == ["index.html", AtomicFolder.marker])
            #expect(try String(contentsOfFile: target + "/index.html", encoding: .utf8) == "new")
            // A folder without the marker.
            let mine = folder.appending(path: "mine")
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: mine.appending(path: "notes.txt"))
            #expect(throws: HIGError.pagesTargetNotReport(path: mine.path)) { try AtomicFolder.write(files, to: mine.path) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["notes.txt"])
            // A regular file, and a link to a report folder.
            let file = folder.appending(path: "file.html").path
            try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
            #expect(throws: HIGError.pagesTargetNotFolder(path: file)) { try AtomicFolder.write(files, to: file) }
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep")
            let link = folder.appending(path: "link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            #expect(throws: HIGError.pagesTargetNotFolder(path: link)) { try AtomicFolder.write(files, to: link) }
            // A missing parent folder.
            let nowhere = folder.appending(path: "nowhere/pages").path
            #expect(throws: HIGError.outputFolderMissing(path: nowhere, folder: folder.appending(path: "nowhere").path)) {
                try AtomicFolder.write(files, to: nowhere)
            }
            // No temporary folder is left beside them.
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(left.isEmpty)
        }
    }

    @Test("The command line: --pages needs html and -o, and a refused target is one line")
    func commandLine() throws {
        let cli = HigRunner()
        try Fixtures.withTemporaryFolder { folder in
            let db = try BundleDatabase.path
            let noFolder = try cli.hig(["--db", db, "export", "--format", "html", "--pages"], in: folder)
            #expect(noFolder.status != 0 && noFolder.stderr == "hig: error: --pages writes a folder of pages; give it with -o FOLDER\n")
            let csv = try cli.hig(["--db", db, "export", "--format", "csv", "--pages", "-o", "x"], in: folder)
            #expect(csv.stderr == "hig: error: --pages applies only to --format html; drop it or add --format html\n")
            let candidates = try cli.hig(["--db", db, "export", "--format", "markdown", "--candidates", "2"], in: folder)
            #expect(candidates.stderr == "hig: error: --candidates applies only to --format html; drop it or add --format html\n")
            let tooMany = try cli.hig(["--db", db, "export", "--format", "html", "--candidates", "11"], in: folder)
            #expect(tooMany.status != 0 && tooMany.stdout.isEmpty && tooMany.stderr.contains("--candidates"))
            try FileManager.default.createDirectory(at: folder.appending(path: "docs"), withIntermediateDirectories: false)
            let refused = try cli.hig(["--db", db, "export", "--format", "html", "--pages", "-o", "docs"], in: folder)
            #expect(refused.status != 0)
            #expect(
                refused.stderr
                    == "hig: error: cannot write pages to docs: it is a folder hig did not write (it has no .hig-report); give the path of a new folder (nothing was written)\n"
            )
            let written = try cli.hig(
                ["--db", db, "export", "--format", "html", "--pages", "--edition", "web-2022-23", "-o", "site"], in: folder)
            #expect(written.status == 0 && written.stderr.hasPrefix("hig: wrote 37 rules to site/ (1 page and index.html, "))
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "site").path))
            #expect(files == ["index.html", "web-2022-23-alerts.html", AtomicFolder.marker])
        }
    }
}
