import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

@Suite("Topics")
struct TopicTests {
    func lines(_ rules: [RuleRecord], edition: String) -> [Int] {
        rules.filter { $0.edition == edition }.map(\.source.lineStart)
    }

    @Test("Button placement: left/right and dark/light in 2008-2011, leading/trailing today")
    func buttonPlacement() throws {
        let slug = try TopicResolver().resolve("button placement").slug
        let rules = try SeedsDatabase.store.rules(RuleFilter(topic: slug))
        // Read off the seed files: the colour and side rules of each edition.
        #expect(Set([6, 7, 8, 9]).isSubset(of: Set(lines(rules, edition: "2008"))))
        #expect(Set([9, 10, 11]).isSubset(of: Set(lines(rules, edition: "2010"))))
        #expect(Set([37, 38, 39]).isSubset(of: Set(lines(rules, edition: "2011"))))
        #expect(lines(rules, edition: "web-2022-23").contains(62))
        let trailing = try #require(rules.first { $0.edition == "web-2022-23" && $0.source.lineStart == 62 })
        #expect(trailing.text.contains("default button on the trailing side"))
        // Not every rule that says "right": "information they need right away" is not about buttons.
        #expect(!lines(rules, edition: "web-2022-23").contains(1))
    }

    @Test func everyGuidelineOfTheSeedsHasATopic() throws {
        let guidelines = try SeedsDatabase.store.rules(RuleFilter(kind: .guideline))
        #expect(guidelines.count == 96)
        for rule in guidelines {
            #expect(!rule.topics.isEmpty, "\(rule.id) has no topic: \(rule.text)")
        }
    }

    @Test func everyFinerTopicCoversSomeSeedRule() throws {
        let (_, topics) = try SeedsDatabase.store.topicMatrix()
        #expect(topics.map(\.slug) == Taxonomy.bundled.topics.map(\.slug))
        // The subjects of the whole HIG are for the bundle (SectionQueryTests); the seeds hold alerts.
        for topic in topics where Taxonomy.bundled.topic(slug: topic.slug)?.isSubject == false {
            #expect(topic.counts.values.reduce(0, +) > 0, "\(topic.slug) matches nothing")
        }
        let platform = try #require(topics.first { $0.slug == "platform-elements" })
        // The suppression checkbox, accessory view, help button and text field exist only today.
        #expect(platform.counts["2008"] == nil && platform.counts["web-2022-23", default: 0] >= 4)
    }

    @Test func aChildWithNoTopicOfItsOwnTakesItsParents() throws {
        let rules = try SeedsDatabase.store.rules(RuleFilter(edition: "2011"))
        let leadIn = try #require(rules.first { $0.source.lineStart == 4 })
        #expect(leadIn.text == "These alerts are usually unnecessary if they:")
        #expect(leadIn.topics == ["when-to-use"])
    }

    @Test func theJSONExportCarriesTopics() throws {
        let rule = try #require(try SeedsDatabase.store.rules(RuleFilter(edition: "web-2022-23")).first { $0.source.lineStart == 86 })
        #expect(rule.topics.contains("platform-elements"))
        let json = try RuleFormatter.json([rule])
        #expect(json.contains("\"platform-elements\""))
    }

    /// `body` with the topics of the rule that opens with given words, in a one-file edition
    /// of `text` imported into a fresh database.
    static func withTopics(
        ofEdition text: String, file: String, form: String, _ body: (_ topics: (String) throws -> [String]) throws -> Void
    ) throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: Fixtures.manifest([("glasses", file)], form: form), files: [file: Data(text.utf8)])
            let path = folder.appending(path: "g.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let rules = try RuleStore.open(path: path).rules()
            try body { opening in try #require(rules.first { $0.text.hasPrefix(opening) }).topics }
        }
    }

    @Test("A section about something else keeps an alert topic's words from making it an alert topic")
    func finerTopicsNeedTheirSubject() throws {
        // Two sections no subject of the taxonomy names: one about plug-in icons, whose words
        // ("on the left", "default button") are button-placement's, and one about alerts.
        let text = """
            # Icons for Plug-ins

            Plug-in icons look like stackable components, with the identifier on the left side and a specific image on the right.

            Use the default button shape for the plug-in's toolbar.

            # Alerts on the glasses

            Put the default button on the trailing side of the pair.

            The glasses display alerts at eye level.
            """
        try Self.withTopics(ofEdition: text, file: "glasses.md", form: "pdf-markdown") { topics throws in
            #expect(try topics("Plug-in icons look like").isEmpty)
            #expect(try topics("Use the default button shape").isEmpty)
            #expect(try topics("Put the default button").contains("button-placement"))
        }
    }

    @Test("'Leads' is not 'leading', and a side is a button's only next to a button")
    func leadsIsNotALeadingSide() throws {
        // The Mac HIG of 2005-2009 on software updates: "the Learn More button ... leads to your
        // company's website"; FTS5's stemming made 'leading' match it (and "leading spaces").
        let text = """
            Alerts on the glasses

            The Learn More button removes the alert and leads to your company's website.

            Strip leading and trailing spaces from what people type in an alert's text field.

            Put the most likely button on the trailing side of the alert.

            The alert's close box is on the left end of its title bar.

            In an alert, the button on the right confirms the action.
            """
        try Self.withTopics(ofEdition: text, file: "glasses.txt", form: "web-text") { topics throws in
            #expect(try !topics("The Learn More button").contains("button-placement"))
            #expect(try !topics("Strip leading and trailing").contains("button-placement"))
            #expect(try topics("Put the most likely button").contains("button-placement"))
            // A side is the topic's only next to a button (the 1995 glossary's close box is not).
            #expect(try !topics("The alert's close box").contains("button-placement"))
            #expect(try topics("In an alert, the button on the right confirms").contains("button-placement"))
        }
    }

    @Test("A heading names its subject among its words: 'A Standard Alert', 'Stop Alert Boxes'")
    func headingsHoldingASubjectsName() throws {
        let alerts = try #require(Taxonomy.bundled.topic(slug: "alerts"))
        #expect(SubjectNames.innermostHeading(of: "Layout Examples › A Standard Alert", holds: alerts))
        #expect(SubjectNames.innermostHeading(of: "Stop Alert Boxes", holds: alerts))
        #expect(!SubjectNames.innermostHeading(of: "Alerts › Dismissing Dialogs", holds: alerts))
        #expect(!SubjectNames.innermostHeading(of: "Updating Installed Applications", holds: alerts))
        #expect(!SubjectNames.innermostHeading(of: nil, holds: alerts))
    }

    @Test("An edition the taxonomy has never seen gets sensible topics")
    func unseenEdition() throws {
        let text = """
            Alerts on the glasses

            Keep the alert title to a few words; long titles are truncated in the wearer's view.

            Show the destructive choice in red and never make it the default button.

            Put the default button on the trailing side of the pair.

            Don't describe which button to tap; the wearer pinches to choose.

            When the device is busy, prefer an inline progress indicator to an alert.

            The glasses display alerts at eye level.
            """
        try Self.withTopics(ofEdition: text, file: "glasses.txt", form: "web-text") { topics throws in
            #expect(try topics("Keep the alert title").contains("alert-titles"))
            #expect(try topics("Show the destructive choice").contains("destructive-actions"))
            #expect(try topics("Show the destructive choice").contains("button-placement"))
            #expect(try topics("Put the default button").contains("button-placement"))
            #expect(try topics("Don't describe which button to tap").contains("referring-to-buttons"))
            #expect(try topics("When the device is busy").contains("alternatives-to-alerts"))
            #expect(try topics("The glasses display alerts").isEmpty)
        }
    }

    @Test func aChangedTaxonomyRecomputesTopicsOnTheNextImport() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "t.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let db = try Database(path: path)
            let tiny = Taxonomy(
                format: 1,
                topics: [
                    .init(slug: "taps", name: "Taps", description: "Tapping", aliases: [], query: "tap")
                ])
            let report = try Importer.write(try Corpus.load(folder: Fixtures.editions), to: db, taxonomy: tiny)
            #expect(report.topicsRecomputed && report.editions.allSatisfy { $0.filesWritten == 0 })
            #expect(try db.rows("SELECT DISTINCT topic_slug FROM rule_topics").map { $0.string("topic_slug") } == ["taps"])
            let again = try Importer.write(try Corpus.load(folder: Fixtures.editions), to: db, taxonomy: tiny)
            #expect(!again.topicsRecomputed && !again.changedAnything)
        }
    }

    @Test(
        "What users type resolves to a topic",
        arguments: [
            ("button-placement", "button-placement"), ("Button placement and emphasis", "button-placement"),
            ("button colours", "button-placement"), ("button colors", "button-placement"),
            ("buttons-placement", "button-placement"), ("buton placemnt", "button-placement"),
            ("colour", "color"), ("Cancel", "cancel-and-dismissal"), ("TAP", "referring-to-buttons"),
            ("what may an alert title say", "alert-titles"), ("action sheets", "action-sheets"),
            ("Tab Bar", "tab-bars"), ("haptics", "playing-haptics"),
        ])
    func resolves(input: String, slug: String) throws {
        #expect(try TopicResolver().resolve(input).slug == slug)
    }

    @Test func anUnknownTopicListsTheNearestOnes() {
        #expect {
            try TopicResolver().resolve("hologram")
        } throws: { error in
            guard case .unknownTopic(let input, let nearest) = error as? HIGError else { return false }
            return input == "hologram" && nearest.count == 3
        }
        #expect {
            try TopicResolver().resolve("views")
        } throws: { error in
            guard case .ambiguousTopic(_, let candidates) = error as? HIGError else { return false }
            return candidates.count >= 3 && candidates.contains { $0.hasPrefix("text-views") }
        }
        #expect(throws: HIGError.self) { try TopicResolver().resolve("  ") }
    }

    @Test func taxonomySlugsAreUniqueAndWellFormed() {
        let slugs = Taxonomy.bundled.topics.map(\.slug)
        #expect(Set(slugs).count == slugs.count)
        #expect(slugs.count >= 14)
        for slug in slugs { #expect(slug.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil) }
    }
}
