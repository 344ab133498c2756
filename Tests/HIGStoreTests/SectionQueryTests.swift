import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

/// `--section`, `hig sections` and `hig sources` on the bundle, the section match's SQL and Swift
/// forms against each other, and the import's warning for a line no reader placed.
@Suite("Sections and sources")
struct SectionQueryTests {
    @Test("Typed headings: '>' or '›' between them, white space collapsed; LIKE's own characters escaped")
    func normalizedAndEscaped() {
        #expect(SectionMatch.normalized("  Bars >Tab   Bar ") == "Bars › Tab Bar")
        #expect(SectionMatch.normalized("Bars › Tab Bar") == "Bars › Tab Bar")
        #expect(SectionMatch.normalized(" > ") == "")
        #expect(SectionMatch.likePattern("100%_x\\") == "% › 100\\%\\_x\\\\ › %")
    }

    @Test("The SQL match and the Swift match agree: whole headings, consecutive, ASCII case ignored")
    func sqlAndSwiftAgree() throws {
        let db = try Database(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE rules (section TEXT)")
        let paths = [
            "iOS UI Element Usage Guidelines › Bars › Tab Bar › Guidelines", "Bars › Tab Bar Icons", "Tab bars › Best practices",
            "Tab bars › Platform considerations › visionOS", "Windows › Platform considerations › visionOS › visionOS volumes",
            "Sizes: 100% and 50_50", "Écrans › Étiquettes",
        ]
        let typed = [
            "tab bar", "Tab Bar", "Bars > Tab Bar", "Tab", "bars", "Platform considerations > visionOS", "visionOS", "100%",
            "Sizes: 100% and 50_50", "50_50", "écrans", "Écrans › Étiquettes", "Guidelines", "Bars › Guidelines",
        ]
        for path in paths { try db.execute("INSERT INTO rules VALUES (?)", path) }
        for text in typed {
            let sql = try db.rows(
                "SELECT r.section FROM rules r WHERE \(SectionMatch.condition(parameter: 1))", SectionMatch.likePattern(text)
            ).map { $0.string("section") }
            let swift = paths.filter { SectionMatch.matches(path: $0, text) }
            #expect(sql == swift, "\(text)")
        }
        // Read by hand: whole headings only, and consecutive ones.
        #expect(paths.filter { SectionMatch.matches(path: $0, "Tab Bar") } == [paths[0]])
        #expect(paths.filter { SectionMatch.matches(path: $0, "Tab") }.isEmpty)
        #expect(paths.filter { SectionMatch.matches(path: $0, "Bars › Guidelines") }.isEmpty)
        #expect(paths.filter { SectionMatch.matches(path: $0, "visionOS") } == [paths[3], paths[4]])
    }

    @Test("--section on the bundle: the Tab bars page's rules, the 2011 Tab Bar section's, each under its heading")
    func sectionFilter() throws {
        let page = try BundleCorpus.source("web-2026-07", "Navigation and search/Tab bars.md")
        let rules = try BundleDatabase.store.rules(RuleFilter(edition: "current", section: "tab bars"))
        #expect(rules.map(\.id) == page.rules.map(\.id))
        let tabBar = try BundleDatabase.store.rules(RuleFilter(edition: "ios-2011-03", section: "Bars > Tab Bar"))
        let document = try BundleCorpus.source("ios-2011-03", "full_document.md")
        let expected = document.rules.filter { SectionMatch.matches(path: $0.draft.section, "Bars › Tab Bar") }
        #expect(!tabBar.isEmpty && tabBar.map(\.id) == expected.map(\.id))
        #expect(tabBar.allSatisfy { $0.section?.hasPrefix("iOS UI Element Usage Guidelines › Bars › Tab Bar") == true })
        // Search and the filter agree.
        let hits = try BundleDatabase.store.search(SearchRequest(text: "icon", filter: RuleFilter(section: "Bars > Tab Bar"), limit: 100))
            .hits
        #expect(!hits.isEmpty && hits.allSatisfy { SectionMatch.matches(path: $0.record.section, "Bars > Tab Bar") })
        #expect(throws: HIGError.unknownSection("Tab Barz", edition: "web-2026-07")) {
            try BundleDatabase.store.rules(RuleFilter(edition: "current", section: "Tab Barz"))
        }
        #expect(
            HIGError.unknownSection("Tab Barz", edition: "web-2026-07").description
                == "no section of web-2026-07 has the heading 'Tab Barz'; list them with `hig sections --edition web-2026-07`")
    }

    @Test("hig diff --section: only the rules under those headings, on either side")
    func diffBySection() throws {
        let store = try BundleDatabase.store
        let whole = try store.diff(from: "iphone-2008-11", to: "iphone-2010-03")
        let tabBars = try store.diff(from: "iphone-2008-11", to: "iphone-2010-03", options: .init(section: "Tab Bars"))
        let sections = Dictionary(uniqueKeysWithValues: try store.rules().map { ($0.id, $0.section) })
        func under(_ id: String) -> Bool { SectionMatch.matches(path: sections[id] ?? nil, "Tab Bars") }
        #expect(!tabBars.added.isEmpty && tabBars.added.allSatisfy(under))
        #expect(tabBars.removed.allSatisfy(under))
        #expect(!tabBars.changed.isEmpty && tabBars.changed.allSatisfy { under($0.from) || under($0.to) })
        #expect(tabBars.added == whole.added.filter(under))
        #expect(throws: HIGError.unknownSection("Nope", edition: nil)) {
            try store.diff(from: "iphone-2008-11", to: "iphone-2010-03", options: .init(section: "Nope"))
        }
    }

    @Test("hig sections: the Tab bars page's headings with their rules, read in the file")
    func tabBarsSections() throws {
        // Data/editions/web-2026-07/Components/Navigation and search/Tab bars.md: "# Tab bars" (3),
        // "## Best practices" (15), "## Platform considerations" (43), "### iOS" (47),
        // "### iPadOS" (61), "### tvOS" (73), "### visionOS" (96); Resources and Change log
        // are set aside with their headings.
        let answer = try BundleDatabase.store.sections(edition: "current", under: "Tab bars")
        #expect(answer.edition == "web-2026-07")
        #expect(
            answer.sections.map(\.title) == ["Tab bars", "Best practices", "Platform considerations", "iOS", "iPadOS", "tvOS", "visionOS"])
        #expect(answer.sections.map(\.line) == [3, 15, 43, 47, 61, 73, 96])
        #expect(answer.sections.map(\.depth) == [1, 2, 2, 3, 3, 3, 3])
        let page = try BundleCorpus.source("web-2026-07", "Navigation and search/Tab bars.md")
        for section in answer.sections {
            #expect(section.rules == page.rules.filter { $0.draft.section == section.path }.count, "\(section.path)")
            #expect(section.totalRules == page.rules.filter { SectionMatch.matches(path: $0.draft.section, section.path) }.count)
        }
        #expect(answer.sections[0].totalRules == page.rules.count)
        // Depth 1 of current: the pages' titles.
        let pages = try BundleDatabase.store.sections(edition: "current", maxDepth: 1).sections
        #expect(pages.allSatisfy { $0.depth == 1 } && pages.contains { $0.title == "Tab bars" })
    }

    @Test("hig sources: every line of every bundled file accounted for, in the counts the file has")
    func sourceAccounting() throws {
        let all = try BundleDatabase.store.sourceAccounting()
        #expect(try all.count == BundleCorpus.corpus.sources.count)
        for source in all {
            #expect(source.unaccounted.isEmpty, "\(source.file)")
            #expect(source.ruleLines + source.headingLines + source.setAside.values.reduce(0, +) + source.blankLines == source.lines)
        }
        let document = try #require(try BundleDatabase.store.sourceAccounting(edition: "ios-2014-03").first)
        // `wc -l` counts 3,562 line ends; the last line has none.
        #expect(document.lines == 3563 && document.rules == 1408)
        #expect(document.setAside["table-of-contents", default: 0] > 0 && document.setAside["running-head"] == nil)
    }

    @Test("Topics on the bundle: every guideline has one, every topic some rule, tab bars from 2008 to 2026")
    func subjectsOfTheWholeHIG() throws {
        let store = try BundleDatabase.store
        let rules = try store.rules()
        let guidelines = rules.filter { $0.kind == .guideline }
        #expect(guidelines.count > 5_000)
        #expect(guidelines.filter(\.topics.isEmpty).map(\.id) == [])
        let (_, topics) = try store.topicMatrix()
        #expect(topics.filter { $0.counts.isEmpty }.map(\.slug) == [])
        // `hig rules --topic "tab bars"`: the 2008-2014 chapters' Tab Bar(s) sections and the Tab bars
        // page of each web capture (2022's and 2023-09's `navigation-and-search/tab-bars.md`).
        let slug = try store.resolveTopic("tab bars").slug
        let tabBars = try store.rules(RuleFilter(topic: slug))
        #expect(
            Set(tabBars.map(\.edition)) == [
                "iphone-2008-11", "iphone-2010-03", "ios-2011-03", "ios-2014-03", "web-2022", "web-2023-09", "web-2026-07",
            ])
        let page = try BundleCorpus.source("web-2026-07", "Navigation and search/Tab bars.md")
        #expect(Set(page.rules.map(\.id)).isSubset(of: Set(tabBars.map(\.id))))
        // A web page's subject when its title names none of today's pages, read in the 2022 and
        // 2023-09 captures: a sub-page of a split page is about that page (AirPlay's
        // "Introduction"), a renamed page about today's (2026's Virtual keyboards change log:
        // "Changed page title from Onscreen keyboards"), a page gone by 2026 about its group.
        func pageSubjects(_ edition: String, _ path: String) -> Set<String> {
            Set(rules.filter { $0.edition == edition && $0.source.file.hasSuffix(path) }.flatMap(\.topics))
        }
        #expect(pageSubjects("web-2022", "technologies/airplay/introduction.md").isSuperset(of: ["airplay", "technologies"]))
        #expect(pageSubjects("web-2022", "technologies/airplay/introduction.md").isDisjoint(with: ["getting-started"]))
        #expect(pageSubjects("web-2022", "selection-and-input/onscreen-keyboards.md").contains("virtual-keyboards"))
        #expect(pageSubjects("web-2023-09", "inputs/touch-bar.md").contains("inputs"))
        #expect(pageSubjects("web-2022", "platforms/designing-for-ios.md").contains("designing-for-ios"))
        // Read in iphone-2008-11/full_document.md: "Designing an Alert" is a section of the
        // chapter "Alerts, Action Sheets, and Modal Views", a historical name of three subjects;
        // the section's own heading names the alert.
        let designing = rules.filter { $0.edition == "iphone-2008-11" && $0.section?.hasSuffix("› Designing an Alert") == true }
        #expect(!designing.isEmpty && designing.allSatisfy { $0.topics.contains("alerts") && $0.topics.contains("components") })
        let chapter = rules.filter { $0.edition == "iphone-2008-11" && $0.section == "Alerts, Action Sheets, and Modal Views" }
        #expect(!chapter.isEmpty && chapter.allSatisfy { Set(["alerts", "action-sheets", "modality"]).isSubset(of: Set($0.topics)) })
        // The seed page has its subject from its manifest title; the finer alert topics stay
        // within alerts: no rule outside it is about "button placement" of alerts.
        #expect(rules.filter { $0.edition == "web-2022-23" }.allSatisfy { $0.topics.contains("alerts") })
        #expect(rules.filter { $0.topics.contains("button-placement") }.allSatisfy { $0.topics.contains("alerts") })
    }

    @Test("A line no reader placed is unaccounted in the runs, and a warning of the import")
    func unaccountedLinesWarn() {
        let lines = ["First rule.", "Lost words.", ""]
        let reading = SourceReading(drafts: [
            RuleDraft(
                ordinal: 1, parentOrdinal: nil, kind: .guideline, section: nil, title: nil, text: "First rule.", lineStart: 1,
                lineEnd: 1, page: nil, platforms: [], repairs: [])
        ])
        let runs = LineAccounting.runs(of: reading, lines: lines)
        #expect(runs.contains(LineRun(lineStart: 2, lineEnd: 2, fate: .unaccounted)))
        var report = ImportReport(editions: [], filesRemoved: 0, editionsRemoved: [], topicsRecomputed: false)
        report.unaccountedLines = [.init(file: "Data/editions/x/a.md", line: 2, text: "Lost words.")]
        #expect(
            TextRenderer(colored: false).importWarnings(report)
                == ["warning: Data/editions/x/a.md:2: a line of words in no rule, heading or set-aside: \"Lost words.\""])
    }
}
