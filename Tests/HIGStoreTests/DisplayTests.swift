import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a user reads: each answer says what happened next, shows the words that carry a rule,
/// cuts between words, counts with the right plural and says when it is filtered.
@Suite("What the answers show")
struct DisplayTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }
    let plain = TextRenderer(colored: false)

    @Test("A version no later edition continues says what became of it, as hig diff counts it")
    func fatesAgreeWithDiff() throws {
        // 2011-42f6c763 ("The infrequency with which alerts appear ...", 2011-chunk131.md:2) has
        // no counterpart in the complete current page: removed there.
        let answer = try store.evolution("2011-42f6c763")
        #expect(answer.fates["2011-42f6c763"] == RuleFate(rule: "2011-42f6c763", notInExcerpts: [], removedIn: "web-2022-23"))
        #expect(plain.evolution(answer).contains("   then: removed in web-2022-23\n"))
        // Over the seeds: a rule of an older edition with a fate is one `hig diff EDITION current`
        // calls removed (current is the first complete edition after each of them), and a rule
        // that diff calls removed and no link continues has that fate.
        let links = try store.allLinks()
        let all = try store.rules(RuleFilter())
        let fates = try store.fates(of: all, links: links)
        let continued = Set(links.map(\.from))
        for edition in try store.editionIDs().dropLast() {
            let removed = Set(try store.diff(from: edition, to: "web-2022-23").removed)
            let withFate = Set(all.filter { $0.edition == edition && fates[$0.id] != nil }.map(\.id))
            #expect(withFate == removed.subtracting(continued), "\(edition)")
            if edition == "2011" { #expect(withFate.count == 23) }
        }
        #expect(fates.values.allSatisfy { $0.removedIn == "web-2022-23" })
        #expect(all.filter { $0.edition == "web-2022-23" }.allSatisfy { fates[$0.id] == nil })
    }

    @Test("The report says what became of a rule no later edition continues, as evolution does")
    func reportShowsFates() throws {
        let document = try XMLDocument(xmlString: SeedsReport.html, options: [])
        let row = try document.nodes(forXPath: "//tr[@id='rule-2011-42f6c763']/td[@data-label='Lineage']").first?.stringValue
        #expect(row?.contains("then removed in web-2022-23") == true, "\(row ?? "no row")")
        let card = try document.nodes(forXPath: "//div[contains(@class,'version')][.//a[@href='#rule-2011-42f6c763']]").first?.stringValue
        #expect(card?.contains("then removed in web-2022-23") == true, "\(card ?? "no card")")
    }

    @Test("A fate names the excerpts that lack the rule before the edition that removed it")
    func fateSentences() {
        #expect(TextRenderer.sentence(RuleFate(rule: "a", notInExcerpts: [], removedIn: "web-2022-23")) == "removed in web-2022-23")
        #expect(
            TextRenderer.sentence(RuleFate(rule: "a", notInExcerpts: ["2010", "2011"], removedIn: "web-2022-23"))
                == "not in the excerpts of 2010 and 2011; removed in web-2022-23")
        #expect(
            TextRenderer.sentence(RuleFate(rule: "a", notInExcerpts: ["2010"], removedIn: nil))
                == "not in the excerpt of 2010, the last edition")
        // Left out of an excerpt that holds the page of its subject, as hig diff says of it.
        #expect(
            TextRenderer.sentence(RuleFate(rule: "a", notInExcerpts: ["alerts"], removedIn: "web-2022", leftOutOf: ["alerts"]))
                == "left out of the excerpt of alerts, which holds the page of its subject; removed in web-2022")
        #expect(
            TextRenderer.sentence(
                RuleFate(rule: "a", notInExcerpts: ["x", "alerts", "sheets", "y"], removedIn: nil, leftOutOf: ["alerts", "sheets"]))
                == "not in the excerpt of x; left out of the excerpts of alerts and sheets, which hold the page of its subject; "
                + "not in the excerpt of y, the last edition")
    }

    @Test("hig show lists a rule's previous and next versions with their editions and change classes")
    func showListsVersions() throws {
        // The tap bullet: unchanged from 2010-ad054201, merged into web-2022-23-bf953825 (curated, a reversal).
        let tap = plain.detail(try store.detail(id: "2011-87efb4bd"))
        // Word for word the same: a link of the same words, right in all 74 of the gold set (75/76).
        #expect(tap.contains("previous:  2010-ad054201  2010  unchanged (similarity 1.00, confidence 0.99)\n"))
        #expect(tap.contains("next:      web-2022-23-bf953825  web-2022-23  merged (similarity "))
        #expect(tap.contains("⚑ REVERSAL, force must → avoid, curated"))
        let removed = plain.detail(try store.detail(id: "2011-42f6c763"))
        #expect(removed.contains("next:      none: removed in web-2022-23\n"))
        let first = plain.detail(try store.detail(id: "2008-155ac21a"))
        #expect(first.contains("previous:  none: 2008 is the first edition\n"))
        #expect(first.contains("next:      2010-26dc6ca0  2010  revised"))
    }

    @Test("hig rules shows the guidance under a title, cut between words with … at the terminal's width")
    func rulesShowTheWords() throws {
        let current = try store.rules(RuleFilter(edition: "web-2022-23"))
        // "Use alerts sparingly" has a title that opens its text: the text is shown, not the title alone.
        let sparingly = try #require(current.first { $0.title == "Use alerts sparingly" })
        let full = plain.rules([sparingly]).output
        #expect(full.contains("Use alerts sparingly. Alerts give people important information"))
        let lines = TextRenderer(colored: false, width: 100).rules(current).output.split(separator: "\n").map(String.init)
        let column = try #require(lines.first?.range(of: "RULE")).lowerBound.utf16Offset(in: lines[0])
        let cells = lines.dropFirst().map { String($0.dropFirst(column)) }
        #expect(cells.count == current.count)
        for (cell, rule) in zip(cells, current) {
            let words = TextRenderer.words(of: rule)
            #expect(column + cell.count <= 100, "\(cell)")
            if cell == words { continue }
            #expect(cell.hasSuffix("…"), "\(cell)")
            let kept = String(cell.dropLast())
            #expect(words.hasPrefix(kept), "\(cell)")
            // The character after what was kept ends a word (a space, or the punctuation before one).
            let after = words.dropFirst(kept.count)
            #expect(after.first.map { $0 == " " || ",;:.—–-".contains($0) } ?? true, "\(cell) cut inside a word")
        }
    }

    @Test("Text is cut between words, with …")
    func cutAtWords() {
        #expect(TextCut.words("Avoid explaining alert buttons", limit: 30) == "Avoid explaining alert buttons")
        #expect(TextCut.words("Avoid explaining alert buttons", limit: 20) == "Avoid explaining…")
        #expect(TextCut.words("Avoid explaining alert buttons", limit: 17) == "Avoid explaining…")
        #expect(TextCut.words("Avoid explaining alert buttons", limit: 16) == "Avoid…")
        #expect(TextCut.words("Write a title, then the text", limit: 17) == "Write a title…")
        #expect(TextCut.words("Supercalifragilistic", limit: 8) == "Superca…")
        #expect(TextCut.words("Prefer a two-button alert to give people a clear choice", limit: 1) == "…")
    }

    @Test("Lineage headings are cut between words")
    func lineageHeadings() throws {
        let answer = try store.evolution("button colors", limit: 20)
        let text = plain.evolution(answer)
        for (number, lineage) in answer.lineages.enumerated() {
            let summary = try #require(lineage.versions.last?.summary)
            let prefix = "\n\(number + 1). "
            let line = try #require(text.components(separatedBy: prefix).dropFirst().first?.split(separator: "\n").first.map(String.init))
            #expect(
                line == summary
                    || (line.hasSuffix("…") && summary.hasPrefix(line.dropLast())
                        && summary.dropFirst(line.count - 1).first.map { !$0.isLetter } == true),
                "\(line)")
        }
    }

    @Test("Counts of one are singular: 1 rule, 1 more lineage, 1 unchanged rule")
    func plurals() throws {
        #expect(TextCut.count(1, "rule") == "1 rule" && TextCut.count(2, "rule") == "2 rules")
        let one = Evolution(reading: .words("x"), lineages: [], omitted: 1)
        #expect(plain.evolution(one).contains("\n1 more lineage; raise --limit to see them.\n"))
        let source = EditionSummary.Source(
            path: "a.md", document: "A", chunk: nil, form: "web-text", coverage: "complete", rules: 1, sha256: "")
        let edition = EditionSummary(
            id: "x", name: "X", date: nil, platformScope: "iOS", platforms: ["iOS"], rules: 1,
            rulesByKind: [.guideline: 1], sources: [source])
        #expect(plain.editions([edition]).contains("a.md  web-text, complete, whole page, 1 rule\n"))
        let diff = EditionDiff(
            from: "a", to: "b", added: [], removed: [], notInExcerpt: [], notInFromExcerpt: ["b-1"],
            changed: [], unchanged: [["a-2", "b-2"]])
        let text = plain.diff(diff, rules: [:], showUnchanged: false)
        #expect(text.contains("(and 1 rule of b not in the a excerpt, so not called added)"))
        #expect(text.contains("1 unchanged rule not shown"))
    }

    @Test("diff --reversals says its summary is filtered; diff --topic names the topic")
    func filteredDiffsSaySo() throws {
        let options = RuleStore.DiffOptions(reversalsOnly: true)
        let reversals = try store.diff(from: "2011", to: "web-2022-23", options: options)
        let text = plain.diff(reversals, rules: try store.ruleTexts(of: reversals), options: options, showUnchanged: false)
        #expect(text.hasPrefix("hig diff 2011 web-2022-23 --reversals\n  filtered: only changes flagged as a reversal;"))
        let topic = RuleStore.DiffOptions(topic: "referring-to-buttons")
        let byTopic = try store.diff(from: "2011", to: "web-2022-23", options: topic)
        let topicText = plain.diff(byTopic, rules: try store.ruleTexts(of: byTopic), options: topic, showUnchanged: false)
        #expect(topicText.contains("only topic referring-to-buttons (Referring to buttons in text)"))
        let markdown = TextRenderer.diffMarkdown(reversals, rules: [:], options: options)
        #expect(markdown.contains("Filtered: only changes flagged as a reversal"))
    }

    @Test("The report's At a glance gives, per pair of editions, the counts of hig diff with removed, left-out and not-in-excerpt")
    func glanceAgreesWithDiff() throws {
        let document = try XMLDocument(xmlString: SeedsReport.html, options: [])
        let headers = try document.nodes(forXPath: "//table[contains(@class,'glance')]/thead/tr/th").compactMap(\.stringValue)
        #expect(["Removed", "Left out of the newer excerpt", "Not in the newer excerpt"].allSatisfy(headers.contains))
        let editions = try store.editionIDs()
        for (from, to) in zip(editions, editions.dropFirst()) {
            let diff = try store.diff(from: from, to: to)
            let row = try #require(
                try document.nodes(forXPath: "//table[contains(@class,'glance')]/tbody/tr[th[starts-with(., '\(from) → \(to)')]]").first
                    as? XMLElement)
            let cells = try row.nodes(forXPath: "td").compactMap(\.stringValue).compactMap { Int($0) }
            #expect(Array(cells.prefix(11)) == diff.counts.map(\.1), "\(from) → \(to)")
            #expect(cells[11] == diff.notInFromExcerpt.count)
            // On a phone each figure is a labelled line of a card, not a column behind a scroll.
            let labels = try row.nodes(forXPath: "td/@data-label").compactMap(\.stringValue)
            #expect(labels == Array(headers.dropFirst()))
        }
        #expect(HTMLReport.style.contains(".stack td[data-label]::before { content: attr(data-label);"))
        #expect(try !SeedsReport.html.contains("class=\"scroll\" role=\"region\" aria-labelledby=\"summary-caption\""))
    }

    @Test("The report's Words filter reads a rule's words, not its ids, tags or struck-out words")
    func wordsFilterReadsWords() throws {
        let document = try XMLDocument(xmlString: SeedsReport.html, options: [])
        let rows = try document.nodes(forXPath: "//table[contains(@class,'rules')]/tbody/tr[@data-edition]")
        #expect(!rows.isEmpty)
        let selectors = Set(try document.nodes(forXPath: "//tr[@data-edition]/@data-words").compactMap(\.stringValue))
        #expect(selectors == ["td.rule-text"])
        let versions = Set(try document.nodes(forXPath: "//div[contains(@class,'version')]/@data-words").compactMap(\.stringValue))
        #expect(versions == [":scope > p.text"])
        // The script matches the start of a word among the words it read, never the glued text of the row.
        #expect(!HTMLReport.script.contains("element.textContent"))
        #expect(HTMLReport.script.contains("node.parentNode.closest(\"del, .vh\") === null"))
        #expect(HTMLReport.script.contains("text.indexOf(\" \" + word)"))
    }

    @Test("Help says what is printed: the topics' ·, the rules' topic filter, --db on every subcommand")
    func helpTexts() throws {
        try Fixtures.withTemporaryFolder { folder in
            let cli = HigRunner()
            let topics = try cli.hig(["topics", "--help"], in: folder).stdout
            #expect(topics.contains("A cell with · is a topic an edition has no rule of") && !topics.contains("blank cell"))
            #expect(try cli.hig(["rules", "--help"], in: folder).stdout.contains("filtered by edition, topic, kind and platform"))
            for command in ["import", "editions", "rules", "show", "topics", "search", "evolution", "diff", "export"] {
                let help = try cli.hig([command, "--help"], in: folder).stdout
                #expect(help.contains("The database is --db PATH (before or after the command name)"), "\(command)")
            }
        }
    }
}

@Suite("Text tables")
struct TextTableTests {
    @Test("A long path column is cut from its start, so the words keep room and the line its width")
    func pathCutFromStart() {
        let path = "Data/editions/web-2026-07/Components/Navigation and search/Tab bars.md:45"
        let rows = [["web-2026-07-0a1b2c3d", path, "Use a tab bar to support navigation, not to provide actions."]]
        let table = TextTable.render(header: ["ID", "SOURCE", "RULE"], rows: rows, width: 80, cutFromStart: [1])
        let line = String(table.split(separator: "\n")[1])
        #expect(line.count <= 80)
        #expect(line.contains("…") && line.contains("Tab bars.md:45"))
        #expect(!line.contains("Data/editions"))
        #expect(line.contains("Use a tab bar"))
        // Without a width (a pipe), nothing is cut.
        let piped = TextTable.render(header: ["ID", "SOURCE", "RULE"], rows: rows, width: nil, cutFromStart: [1])
        #expect(piped.contains(path))
    }
}
