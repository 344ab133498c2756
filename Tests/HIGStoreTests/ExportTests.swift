import CSV
import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGRendering

/// Rules and lineages made up to hold what the seeds do not: markup characters, line breaks,
/// quotes, a reversal with a curated reason.
enum ExportFixtures {
    static let nasty =
        "Use <b>bold</b> & \"quotes\", 'apostrophes', a | pipe,\na line break, a * star, [brackets] and `ticks`.\r\nAnd a CRLF."

    static func rule(
        _ id: String, edition: String, text: String, title: String? = nil, topics: [String] = [],
        previous: [String] = [], change: String? = nil, section: String? = nil, line: Int = 1
    ) -> RuleRecord {
        RuleRecord(
            id: id, edition: edition, kind: .guideline, section: section, title: title, text: text, verbatim: text,
            platforms: ["iOS"], parent: nil, topics: topics, previous: previous, change: change,
            source: .init(
                file: "Data/editions/\(edition) <&> \"file\".md", lineStart: line, lineEnd: line + 1,
                document: "Doc <\(edition)> & \"co\"", chunk: 7, page: 12, sha256: String(repeating: "ab", count: 32)))
    }

    static func edition(_ id: String, position: Int) -> EditionSummary {
        EditionSummary(
            id: id, name: "Edition \(id) <\"&\">", date: nil, platformScope: "iOS", platforms: ["iOS"],
            rules: 1, rulesByKind: [.guideline: 1], sources: [])
    }

    /// Two editions; the later rule reverses the earlier one, by a curated link whose reason has markup.
    static var content: ExportContent {
        let old = rule("e1-00000001", edition: "e1", text: "Always use the word \"tap\" <here> & there.", topics: ["t<1>"])
        let new = rule(
            "e2-00000002", edition: "e2", text: nasty, title: "Use <b>bold</b>", topics: ["t<1>", "t2"],
            previous: [old.id], change: "revised", section: "Section › <sub>")
        let link = LinkRecord(
            from: old.id, to: new.id, change: .revised, similarity: 0.5, method: .curated,
            forceFrom: .must, forceTo: .avoid, forceChanged: true, reversal: true,
            rationale: "Because <script>alert('x')</script> & \"so\".")
        return ExportContent(
            rules: [old, new], editions: [edition("e1", position: 1), edition("e2", position: 2)],
            topics: [
                .init(slug: "t<1>", name: "Topic <one>", description: "About <one> & more."),
                .init(slug: "t2", name: "Topic two", description: "About two."),
            ],
            lineages: [Lineage(versions: [old, new], links: [link])], filter: RuleFilter())
    }
}

@Suite("Exports: CSV, Markdown and JSON")
struct ExportFormatTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    /// Every row of `csv` as a real RFC 4180 reader sees it.
    func parse(_ csv: String) throws -> (header: [String], rows: [[String]]) {
        let reader = try CSVReader(string: csv, hasHeaderRow: true)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        if let error = reader.error { throw error }
        return (try #require(reader.headerRow), rows)
    }

    @Test("CSV: all 114 seed rules survive a round trip through a real CSV reader, field for field")
    func csvRoundTripOfTheSeeds() throws {
        let rules = try store.rules()
        #expect(rules.count == 114)
        #expect(RuleFormatter.csv(rules) == RuleFormatter.csv(rules, rawFormulas: true))
        let (header, rows) = try parse(RuleFormatter.csv(rules))
        #expect(header == RuleFormatter.columns)
        #expect(rows.count == rules.count)
        for (rule, row) in zip(rules, rows) {
            let field = Dictionary(uniqueKeysWithValues: zip(header, row))
            func list(_ key: String) -> [String] { field[key]!.isEmpty ? [] : field[key]!.components(separatedBy: "; ") }
            func optional(_ key: String) -> String? { field[key]!.isEmpty ? nil : field[key] }
            #expect(row.count == RuleFormatter.columns.count)
            #expect(field["id"] == rule.id)
            #expect(field["edition"] == rule.edition)
            #expect(optional("section") == rule.section)
            #expect(field["kind"] == rule.kind.rawValue)
            #expect(list("topics") == rule.topics)
            #expect(list("platforms") == rule.platforms)
            #expect(optional("title") == rule.title)
            // No seed rule opens like a formula, so none is guarded (csvFormulasAreNeutralised covers those).
            #expect(field["text"] == rule.text)
            #expect(field["source"] == rule.source.citation)
            #expect(optional("page").flatMap(Int.init) == rule.source.page)
            #expect(optional("chunk").flatMap(Int.init) == rule.source.chunk)
            #expect(list("previous") == rule.previous)
            #expect(optional("change") == rule.change)
        }
    }

    @Test("CSV: quotes, commas, CRLF and LF inside fields survive the round trip")
    func csvRoundTripOfHardFields() throws {
        let rules = ExportFixtures.content.rules
        let (_, rows) = try parse(RuleFormatter.csv(rules))
        #expect(rows == rules.map(RuleFormatter.cells))
        #expect(rows[1][7] == ExportFixtures.nasty)
    }

    @Test("CSV: a cell a spreadsheet would run as a formula is written behind an apostrophe, unless raw cells are asked for")
    func csvFormulasAreNeutralised() throws {
        // OWASP's openings of a formula: =, +, -, @, and a tab or carriage return before one.
        let hostile = ["=HYPERLINK(\"https://example.com/x\",\"Click\")", "+1 (555) 0100", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1+1"]
        let harmless = ["Use a = b where you should.", "'quoted", " =1", "A plain rule, with a comma."]
        let rules = (hostile + harmless).enumerated().map { index, text in
            ExportFixtures.rule(
                "e1-0000000\(index)", edition: "e1", text: text, title: index == 0 ? "=1+1" : nil, section: index == 1 ? "-Section" : nil)
        }
        let column = RuleFormatter.columns.firstIndex(of: "text")!
        let (_, guarded) = try parse(RuleFormatter.csv(rules))
        #expect(guarded.map { $0[column] } == hostile.map { "'" + $0 } + harmless)
        #expect(guarded[0][RuleFormatter.columns.firstIndex(of: "title")!] == "'=1+1")
        #expect(guarded[1][RuleFormatter.columns.firstIndex(of: "section")!] == "'-Section")
        let (_, raw) = try parse(RuleFormatter.csv(rules, rawFormulas: true))
        #expect(raw == rules.map(RuleFormatter.cells))
        #expect(raw.map { $0[column] } == hostile + harmless)
    }

    @Test("Markdown: a cell with a pipe and a line break stays one cell and reads back as written")
    func markdownEscaping() throws {
        let table = RuleFormatter.markdown(ExportFixtures.content.rules)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)  // header, alignment row, two rules: the line breaks did not end a row
        let cells = Self.cells(of: String(lines[3]))
        #expect(cells.count == RuleFormatter.columns.count)
        let text = cells[RuleFormatter.columns.firstIndex(of: "text")!]
        #expect(text.contains(#"a \| pipe"#) && text.contains("<br>"))
        #expect(!text.contains("<b>"))
        #expect(Self.unescape(text) == ExportFixtures.nasty.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// The cells of a GitHub table row: split at pipes that no backslash escapes.
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row.dropFirst().dropLast() {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current)
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// What a Markdown renderer shows for a cell: escapes dropped, `<br>` a line break.
    static func unescape(_ cell: String) -> String {
        var out = ""
        var escaped = false
        for character in cell.replacingOccurrences(of: "<br>", with: "\n") {
            if !escaped && character == "\\" { escaped = true; continue }
            escaped = false
            out.append(character)
        }
        return out
    }

    @Test("Markdown page by edition: a heading, provenance, one table per edition with the CSV's columns")
    func markdownByEdition() throws {
        let content = try store.exportContent()
        let page = MarkdownExport.document(
            content, groupBy: .edition, provenance: ExportProvenance(version: "9.9.9", date: Date(timeIntervalSince1970: 0)))
        #expect(page.hasPrefix("# HIG rules by edition\n\nAll 114 rules from editions 2008, 2010, 2011 and web-2022-23"))
        #expect(page.contains("Exported by hig 9.9.9 on 1970-01-01."))
        #expect(page.contains("## 2011: iOS Human Interface Guidelines (2011)"))
        // The provenance line names the document, the file, the lines cited and the start of the hash.
        let source = try #require(content.sourceFiles.first { $0.file.hasSuffix("2011-chunk131.md") })
        #expect(
            page.contains(
                "Source: 2011 iOS Human Interface Guidelines.pdf, chunk 131 — `Tests/Fixtures/seed-editions/2011-chunk131.md`, lines \(source.lines.lowerBound)–\(source.lines.upperBound), sha256 `\(source.sha256.prefix(12))`."
            ))
        let headers = page.split(separator: "\n").filter { $0.hasPrefix("| id |") }
        #expect(headers.count == 4)
        #expect(headers.allSatisfy { Self.cells(of: String($0)) == RuleFormatter.columns })
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| 20") || $0.hasPrefix("| web-2022-23-") }
        #expect(rows.count == 114)
        #expect(rows.allSatisfy { Self.cells(of: String($0)).count == RuleFormatter.columns.count })
    }

    @Test("Markdown page by topic: a table per topic, a rule under each of its topics")
    func markdownByTopic() throws {
        let content = try store.exportContent(RuleFilter(edition: "2011"))
        let page = MarkdownExport.document(content, groupBy: .topic, provenance: ExportProvenance())
        #expect(page.contains("39 rules (edition 2011) from edition 2011"))
        #expect(page.contains("## Button placement and emphasis"))
        let withTwoTopics = try #require(content.rules.first { $0.topics.count >= 2 })
        #expect(page.components(separatedBy: "| \(withTwoTopics.id) |").count - 1 == withTwoTopics.topics.count)
        let unplaced = content.rules.filter(\.topics.isEmpty)
        #expect(page.contains("## No topic") == !unplaced.isEmpty)
        // Headings in taxonomy order.
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let order = content.topics.map(\.name) + ["No topic"]
        #expect(headings == order.filter(headings.contains))
    }

    @Test("Markdown escapes headings and sources too")
    func markdownEscapesEverything() {
        let page = MarkdownExport.document(ExportFixtures.content, groupBy: .topic, provenance: ExportProvenance())
        #expect(page.contains(#"## Topic \<one\>"#))
        #expect(page.contains(#"About \<one\> \& more."#))
        #expect(!page.contains("<b>") && !page.contains("<one>"))
    }

    @Test("JSON: every key of the contract, null included, keys sorted")
    func jsonContract() throws {
        let rules = try store.rules()
        let json = try RuleFormatter.json(rules)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.count == 114)
        let keys: Set = [
            "id", "edition", "kind", "section", "title", "text", "verbatim", "platforms", "parent", "topics", "previous", "change",
            "source",
        ]
        let sourceKeys: Set = ["file", "line_start", "line_end", "document", "chunk", "page", "sha256"]
        for object in objects {
            #expect(Set(object.keys) == keys)
            #expect(Set((object["source"] as? [String: Any] ?? [:]).keys) == sourceKeys)
        }
        // Absent values are written as null, not left out.
        #expect(json.contains("\"section\" : null"))
        #expect(json.contains("\"page\" : null"))
        // Sorted keys, two-space indentation, unescaped slashes: the shape consumers already parse.
        let first = json.split(separator: "\n").prefix(3).joined(separator: "\n")
        #expect(first == "[\n  {\n    \"change\" : null,")
        #expect(json.contains("\"file\" : \"Tests/Fixtures/seed-editions/2008-chunk045.md\""))
        #expect(json.hasSuffix("}\n]\n"))
    }
}
