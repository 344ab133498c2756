import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText
#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("The HTML report")
struct HTMLReportTests {
    /// The report parsed as XML, after a strict check: Foundation's XMLDocument repairs what it
    /// reads (an unclosed tag, a stray `&` or `<`), so the check comes first.
    func parse(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLDocument {
        let problems = StrictXML.problems(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        guard problems.isEmpty else { throw StrictXML.Malformed() }
        return try XMLDocument(xmlString: html, options: [])
    }

    func values(_ document: XMLDocument, _ xpath: String) throws -> [String] {
        try document.nodes(forXPath: xpath).compactMap(\.stringValue)
    }

    @Test("The strict check catches what XMLDocument would quietly repair")
    func theCheckIsStrict() {
        for broken in [
            "<a><b></a>", "<a><br></a>", "<a x=\"<1>\">t</a>", "<a>x & y</a>", "<a>1 < 2</a>", "<a>&nbsp;</a>",
            "<a x=y>t</a>", "<a></a><b></b>", "<a>",
        ] {
            #expect(!StrictXML.problems(broken).isEmpty, "\(broken) passed")
        }
        #expect(StrictXML.problems("<!DOCTYPE html>\n<a x=\"1 &gt; 0\"><b>ok &amp; &#39;fine&#39;</b><br /></a>").isEmpty)
    }

    @Test func theSeedReportIsWellFormed() throws {
        let document = try parse(SeedsReport.html)
        #expect(document.rootElement()?.name == "html")
        #expect(try values(document, "/html/@lang") == ["en"])
        let ids = try values(document, "//@id")
        #expect(Set(ids).count == ids.count, "duplicate ids")
    }

    @Test("Self-contained: nothing is loaded from anywhere, and every link goes to this page or a source file")
    func selfContained() throws {
        let html = try SeedsReport.html
        for forbidden in ["http://", "https://", "src=", "<link", "@import", "url(", "//fonts."] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        let document = try parse(html)
        let ids = Set(try values(document, "//@id"))
        let sourceFiles = Set(try SeedsDatabase.store.rules().map { "../" + $0.source.file })
        for href in try values(document, "//a/@href") {
            if href.hasPrefix("#") {
                #expect(ids.contains(String(href.dropFirst())), "dangling link \(href)")
            } else {
                #expect(sourceFiles.contains(href), "unexpected link \(href)")
            }
        }
        #expect(try document.nodes(forXPath: "//script[@src] | //img | //iframe | //object").isEmpty)
    }

    @Test("Every seed rule has a row with an anchor, its words and a link to its source lines")
    func everyRuleHasARow() throws {
        let document = try parse(SeedsReport.html)
        let rules = try SeedsDatabase.store.rules()
        let rows = try document.nodes(forXPath: "//table[@class='rules']/tbody/tr[@data-edition]")
        #expect(rows.count == 114)
        for (rule, row) in zip(rules, rows) {
            let element = try #require(row as? XMLElement)
            #expect(element.attribute(forName: "id")?.stringValue == "rule-\(rule.id)")
            let text = element.stringValue ?? ""
            #expect(text.contains(rule.text.suffix(40)))
            #expect(text.contains(rule.source.document))
            let links = try element.nodes(forXPath: ".//a[@class='src']/@href").compactMap(\.stringValue)
            #expect(links == ["../" + rule.source.file])
        }
    }

    @Test("Accessible structure: captions, header scopes, labelled controls, headings in order")
    func accessibleStructure() throws {
        let document = try parse(SeedsReport.html)
        let tables = try document.nodes(forXPath: "//table")
        #expect(tables.count == 3)
        #expect(try document.nodes(forXPath: "//table[not(caption)]").isEmpty)
        #expect(try document.nodes(forXPath: "//th[not(@scope)]").isEmpty)
        for control in try document.nodes(forXPath: "//select | //input") {
            let id = try #require((control as? XMLElement)?.attribute(forName: "id")?.stringValue)
            #expect(try document.nodes(forXPath: "//label[@for='\(id)']").count == 1, "\(id) has no label")
        }
        #expect(try values(document, "//select/@id") == ["f-edition", "f-topic", "f-kind"])
        #expect(try document.nodes(forXPath: "//*[@tabindex and @tabindex != '0']").isEmpty)
        let levels = try document.nodes(forXPath: "//h1 | //h2 | //h3 | //h4").compactMap { $0.name?.dropFirst() }.compactMap { Int($0) }
        #expect(levels.first == 1)
        for (previous, next) in zip(levels, levels.dropFirst()) { #expect(next <= previous + 1, "heading skips a level") }
    }

    @Test("Lineages: a timeline per lineage, word diffs marked without colour, flags and reasons visible")
    func lineages() throws {
        let content = try SeedsDatabase.store.exportContent()
        let document = try parse(SeedsReport.html)
        #expect(try document.nodes(forXPath: "//article[@class='lineage']").count == content.lineages.count)
        #expect(content.lineages.count > 10)
        // Insertions and deletions carry a + or − a reader sees, not only a colour.
        let deletions = try document.nodes(forXPath: "//del")
        let insertions = try document.nodes(forXPath: "//ins")
        #expect(!deletions.isEmpty && !insertions.isEmpty)
        #expect(try values(document, "//del/span[@class='mk']").allSatisfy { $0 == "−" })
        #expect(try values(document, "//ins/span[@class='mk']").allSatisfy { $0 == "+" })
        // The tap reversal, the force change of "Prefer a two-button alert", the curated reasons.
        let tap = try #require(content.lineages.first { $0.links.contains(where: \.reversal) })
        let article = try #require(try document.nodes(forXPath: "//article[@id='lineage-\(tap.versions[0].id)']").first)
        #expect(article.stringValue?.contains("⚑ Reversal") == true)
        #expect(try SeedsReport.html.contains("⚑ Force: should → hedged"))
        let reasons = try values(document, "//p[@class='why']")
        #expect(reasons.count == 4)
        #expect(reasons.contains { $0.contains("The button-colour scheme (left dark, right light) gave way to placement") })
    }

    @Test("Text is escaped everywhere: in content, in attributes, in reasons")
    func escaping() throws {
        let html = HTMLReport(content: ExportFixtures.content, provenance: ExportProvenance()).render()
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<b>bold"))
        #expect(!html.contains("<sub>"))
        let document = try parse(html)
        let row = try #require(try document.nodes(forXPath: "//tr[@id='rule-e2-00000002']").first)
        #expect(row.stringValue?.contains("<b>bold</b>") == true)
        #expect(try values(document, "//tr[@id='rule-e2-00000002']/@data-topics") == ["t<1> t2"])
        #expect(try values(document, "//a[@class='src']/@href").contains("Data/editions/e1 <&> \"file\".md"))
        #expect(try values(document, "//p[@class='why']").first == "Why: Because <script>alert('x')</script> & \"so\".")
        #expect(try values(document, "//option").contains("Topic <one> (2)"))
    }

    @Test func relativePrefixes() {
        #expect(RelativePath.prefix(from: URL(fileURLWithPath: "/repo"), to: URL(fileURLWithPath: "/repo")) == "")
        #expect(RelativePath.prefix(from: URL(fileURLWithPath: "/repo/docs/site"), to: URL(fileURLWithPath: "/repo")) == "../../")
        #expect(RelativePath.prefix(from: URL(fileURLWithPath: "/tmp/out"), to: URL(fileURLWithPath: "/repo")) == "../../repo/")
    }

    @Test("Links go to the first root that holds every source file, else stay relative to the report")
    func sourceBaseFindsTheFiles() throws {
        try Fixtures.withTemporaryFolder { folder in
            let clone = folder.appending(path: "clone")
            try FileManager.default.createDirectory(at: clone.appending(path: "Data/editions"), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: clone.appending(path: "Data/editions/a.md"))
            let files = ["Data/editions/a.md"]
            let report = folder.appending(path: "site/docs")
            #expect(RelativePath.sourceBase(files: files, reportFolder: report, roots: [folder, clone]) == "../../clone/")
            #expect(RelativePath.sourceBase(files: files + ["Data/editions/b.md"], reportFolder: report, roots: [clone]) == "")
        }
    }

    @Test func anEmptyExportSaysSo() throws {
        let empty = ExportContent(rules: [], editions: [], topics: [], lineages: [], filter: RuleFilter(kind: .note))
        let html = HTMLReport(content: empty, provenance: ExportProvenance()).render()
        _ = try parse(html)
        #expect(html.contains("No rule matches"))
    }
}

/// Well-formedness by a SAX parser that reports every error, and a stack of open elements that
/// each end tag must close.
final class StrictXML: NSObject, XMLParserDelegate {
    struct Malformed: Error {}

    private var open: [String] = []
    private var problems: [String] = []
    private var rootsClosed = 0

    static func problems(_ text: String) -> [String] {
        let checker = StrictXML()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = checker
        if !parser.parse() && checker.problems.isEmpty { checker.problems.append("not parsed: \(String(describing: parser.parserError))") }
        if !checker.open.isEmpty { checker.problems.append("unclosed: \(checker.open)") }
        if checker.rootsClosed != 1 { checker.problems.append("\(checker.rootsClosed) root elements closed, not 1") }
        return checker.problems
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(name)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if open.last == name {
            open.removeLast()
            if open.isEmpty { rootsClosed += 1 }
        } else {
            problems.append("line \(parser.lineNumber): </\(name)> closes <\(open.last ?? "")>")
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        problems.append("line \(parser.lineNumber): \((error as NSError).code)")
    }
}

@Suite("The HTML report's candidates")
struct HTMLReportCandidateTests {
    @Test("--candidates lists, under a rule removed later, the candidates hig evolution gives it, in well-formed HTML")
    func candidatesUnderARemovedRule() throws {
        let store = try SeedsDatabase.store
        // 2011's "Don't hesitate to be negative" is removed in the 2022-23 page (LineageTests).
        let removed = "2011-42f6c763"
        let content = try store.exportContent(RuleFilter(edition: "2011"), withEditionDiffs: true, candidates: 2)
        let fate = try #require(content.fates[removed])
        let candidates = try #require(fate.candidates)
        let evolution = try store.evolution(removed, candidates: 2)
        #expect(candidates == evolution.fates[removed]?.candidates)
        #expect(!candidates.isEmpty && candidates.allSatisfy { $0.rule.hasPrefix("web-2022-23-") && $0.text != nil })
        let html = HTMLReport(
            content: content, provenance: ExportProvenance(version: "9.9.9", date: Date(timeIntervalSince1970: 0)), sourceBase: "../"
        ).render()
        #expect(StrictXML.problems(html).isEmpty)
        let summary = "<summary>\(TextCut.count(candidates.count, "likely counterpart")) in web-2022-23</summary>"
        #expect(html.contains(summary))
        #expect(html.contains("<span class=\"rid\">\(candidates[0].rule)</span> <span class=\"muted\">score "))
        // Without --candidates, none.
        let plain = try store.exportContent(RuleFilter(edition: "2011"), withEditionDiffs: true)
        #expect(plain.fates[removed]?.candidates == nil)
    }
}
