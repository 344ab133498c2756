import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

/// The whole-document reader on the four iPhone and iOS documents of the archive, with their
/// chunk files (`ArchiveDocuments`: the bundle's copies of them).
@Suite("Reading the iPhone and iOS documents whole")
struct PDFDocumentArchiveTests {
    @Test("Every non-blank line ends in a rule, a heading or a set-aside", arguments: ArchiveDocuments.names)
    func nothingIsLost(name: String) throws {
        let document = try ArchiveDocuments.named(name)
        #expect(document.accounting.unaccounted.isEmpty, "\(name): \(document.accounting.unaccounted.prefix(10))")
        #expect(document.accounting.ruleLines > 500)
    }

    @Test("No rule's clean text holds markup", arguments: ArchiveDocuments.names)
    func noMarkup(name: String) throws {
        for draft in try ArchiveDocuments.named(name).reading.drafts {
            for markup in ["**", "<span", "<br>", "](", "|", "<!--", "![", "#page-"] {
                #expect(!draft.text.contains(markup), "\(name):\(draft.lineStart) holds \(markup): \(draft.text)")
            }
        }
    }

    /// Compared on letters and digits, so a glued word the cleaning cut in two ("userssometimes")
    /// and a `<br>` still count as the source's words.
    @Test("Every rule's cited lines hold its words", arguments: ArchiveDocuments.names)
    func citedLinesHoldTheWords(name: String) throws {
        let document = try ArchiveDocuments.named(name)
        for draft in document.reading.drafts {
            let cited = TitleKey.of((draft.lineStart...draft.lineEnd).map(document.line).joined(separator: " "))
            let missing = draft.text.split(separator: " ").map(TitleKey.of).filter { !$0.isEmpty && !cited.contains($0) }
            #expect(missing.isEmpty, "\(name):\(draft.lineStart)-\(draft.lineEnd) lacks \(missing)")
        }
    }

    @Test("Every rule has its chunk and its printed page; every heading path starts with a chapter", arguments: ArchiveDocuments.names)
    func provenance(name: String) throws {
        let reading = try ArchiveDocuments.named(name).reading
        #expect(reading.drafts.allSatisfy { $0.chunk != nil && $0.page != nil })
        let chapters = Set(reading.headings.filter { $0.path.count == 1 }.map(\.path[0]))
        #expect(reading.headings.allSatisfy { chapters.contains($0.path[0]) })
        #expect(reading.drafts.allSatisfy { $0.section.map { chapters.contains(String($0.split(separator: " › ")[0])) } ?? false })
    }

    // Rules counted by hand from full_document.md: one per paragraph, bullet, figure caption,
    // figure label line and table row, less the paragraphs that open with a continuation
    // ("Similarly,", "For example,": Data/vocabulary/cues.json) and fold into the rule above,
    // and plus nothing for the lines set aside (running heads, footers, images, lists that only
    // name chapters with their pages). A paragraph a page break split counts once.

    @Test("2008-11: the rules of chapters 2 and 5, counted by hand")
    func handCounts2008() throws {
        let document = try ArchiveDocuments.document("2008-11")
        // Chapter 2, lines 529-594: intro 531, 533, 535 (3); Metaphors 539-545 (4); Direct
        // Manipulation 549, 551, 559 and its bullets 561, 562 (5); See and Point 566, 568 (2);
        // Feedback 572, 574, 576 (3); User Control 580, 582 (2); Aesthetic Integrity 586, 588,
        // 590 (3). 553 is a footer, 555-557 and 592-594 running heads.
        let principles = document.rules(under: ["Human Interface Principles: Creating a Great User Interface"])
        #expect(principles.count == 22)
        #expect(principles.filter { $0.kind == .figure || $0.kind == .note }.isEmpty)
        // Chapter 5, lines 1009-1066: intro 1011, 1013 (2); Application Screens 1017-1029 (7),
        // bullets 1031, 1033-1035 (4), 1037, captions 1039 and 1045, 1043, 1051 (5); Using Views
        // 1055, bullets 1057-1058, 1060, 1066 (5). 1062-1064 is a running head.
        let tour = document.rules(under: ["A Brief Tour of the Application User Interface"])
        #expect(tour.count == 23)
        // 1037 opens "Figure 5-1 shows": the classifier reads it as describing the figure.
        #expect(tour.filter { $0.kind == .figure }.map(\.lineStart) == [1037, 1039, 1045])
    }

    @Test("2010-03: the rules of chapters 2 and 5, counted by hand")
    func handCounts2010() throws {
        let document = try ArchiveDocuments.document("2010-03")
        // Chapter 2, lines 501-564: intro 503, 505 (2); Metaphors 509-515 (4); Direct
        // Manipulation 519, 521, 523 and bullets 531, 532 past the page's footer and running
        // head (5); See and Point 536, 538 (2); Feedback 542-546 (3); User Control 550, 552 (2);
        // Aesthetic Integrity 556-560 (3).
        let principles = document.rules(under: ["Human Interface Principles: Creating a Great User Interface"])
        #expect(principles.count == 21)
        // Chapter 5, lines 1094-1151: intro 1096, 1098 (2); Application Screens 1102-1114 (7),
        // bullets 1116, 1118-1120 (4), 1122, 1128, caption 1130, 1136 (4); Using Views 1140,
        // bullets 1142-1143, 1145, 1151 (5).
        let tour = document.rules(under: ["A Brief Tour of the Application User Interface"])
        #expect(tour.count == 22)
        // 1122 opens "Figure 5-1 shows" (its caption was lost): a figure's description.
        #expect(tour.filter { $0.kind == .figure }.map(\.lineStart) == [1122, 1130])
    }

    @Test("2011: the rules of the Introduction and chapter 2, counted by hand")
    func handCounts2011() throws {
        let document = try ArchiveDocuments.document("2011")
        // Introduction, lines 197-247: 199, 203 (2); At a Glance 207 (1); its five subsections
        // 211 (joined with 215 across the running head 213), 221, 223, 229, 235, 241 (6). The
        // five "Relevant Chapters:" lines only name chapters and pages: set aside.
        let introduction = document.rules(under: ["Introduction"])
        #expect(introduction.count == 9)
        // Chapter 2, lines 400-474: intro 402 (1); Aesthetic Integrity 406 with 408 folded
        // ("Similarly,") (1); Consistency 412, 414, bullets 416-418 (5); Direct Manipulation 422
        // with 424 folded ("For example,"), 426, bullets 428-430 (5); Feedback 434-440 (4);
        // Metaphors 444, 446, 452, bullets 454-458, 460 (9); User Control 464-468 (3).
        let principles = document.rules(under: ["Human Interface Principles"])
        #expect(principles.count == 28)
    }

    @Test("2014: the rules of Design Principles, Animation and Branding, counted by hand")
    func handCounts2014() throws {
        let document = try ArchiveDocuments.document("2014")
        // Design Principles, lines 916-988: Aesthetic Integrity 920, 924, 926 (3); Consistency
        // 930, 934, bullets 936-938 (5); Direct Manipulation 942, 946, 948, bullets 950-952 (6);
        // Feedback 956, 960, 962, 964 (4); Metaphors 968, 970, 972, bullets 974, 976-978 (7);
        // User Control 982, 986, 988 (3).
        #expect(document.rules(under: ["Design Principles"]).count == 28)
        // Animation, 615-633: 617, bullets 619-621, 625, 627, 629, 631, 633 (9). Branding,
        // 635-656: 637, 639, bullets 641-642, 644, 646, the figure's label 650 ("Recommended
        // Not Recommended", between two images), 654, 656 (9).
        #expect(document.rules(under: ["Animation"]).count == 9)
        let branding = document.rules(under: ["Branding"])
        #expect(branding.count == 9)
        #expect(branding.filter { $0.kind == .figure }.map(\.lineStart) == [650])
        // Design Strategies (909-914) only lists its chapters.
        #expect(document.rules(under: ["Design Strategies"]).isEmpty)
    }

    @Test(
        "Headings carry their whole path",
        arguments: [
            ("2008-11", 1267, ["Alerts, Action Sheets, and Modal Views", "Designing an Alert"]),
            ("2008-11", 1228, ["Alerts, Action Sheets, and Modal Views", "Usage and Behavior", "Using Alerts"]),
            (
                "2008-11", 291,
                ["The iPhone OS Platform: Rich with Possibilities", "Platform Differences to Keep in Mind", "Compact Screen Size"]
            ),
            ("2008-11", 326, ["The iPhone OS Platform: Rich with Possibilities", "What Are Your Options?"]),
            ("2008-11", 1145, ["Navigation Bars, Tab Bars, Toolbars, and the Status Bar", "Toolbars"]),
            ("2010-03", 1432, ["Alerts, Action Sheets, and Modal Views", "Designing an Alert"]),
            ("2010-03", 1203, ["Navigation Bars, Tab Bars, Toolbars, and the Status Bar", "Navigation Bars", "Navigation Bar Contents"]),
            ("2011", 2290, ["iOS UI Element Usage Guidelines", "Alerts, Action Sheets, and Modal Views", "Alert"]),
            ("2011", 2306, ["iOS UI Element Usage Guidelines", "Alerts, Action Sheets, and Modal Views", "Alert", "Guidelines"]),
            ("2011", 2483, ["iOS UI Element Usage Guidelines", "Controls", "Activity Indicator"]),
            ("2014", 1963, ["Bars", "The Status Bar"]),
            ("2014", 3005, ["Temporary Views", "Alert"]),
            ("2014", 3526, ["Document Revision History"]),
        ])
    func headingPaths(document: String, line: Int, path: [String]) throws {
        let heading = try ArchiveDocuments.document(document).reading.headings.first { $0.line == line }
        #expect(heading?.path == path)
    }

    @Test("The 2011 Alerts guidance sits under its chapter, section and subsection")
    func alertsOf2011() throws {
        let reading = try ArchiveDocuments.document("2011").reading
        let avoid = reading.drafts.first { $0.lineStart == 2310 }
        #expect(avoid?.title == "Avoid creating unnecessary alerts")
        #expect(avoid?.section == "iOS UI Element Usage Guidelines › Alerts, Action Sheets, and Modal Views › Alert › Guidelines")
    }

    @Test(
        "Running heads and footers are set aside, not headings",
        arguments: [
            ("2008-11", 553, SetAsideReason.pageFooter), ("2008-11", 555, .runningHead), ("2008-11", 557, .runningHead),
            ("2008-11", 348, .runningHead), ("2010-03", 1090, .runningHead), ("2011", 1845, .pageFooter),
            ("2011", 3138, .runningHead), ("2008-11", 41, .tableOfContents), ("2008-11", 9, .legalText),
            ("2014", 3537, .legalText), ("2014", 911, .tableOfContents), ("2011", 1332, .image),
        ])
    func setAsides(document: String, line: Int, reason: SetAsideReason) throws {
        let reading = try ArchiveDocuments.document(document).reading
        #expect(reading.setAsides.first { $0.lineStart <= line && line <= $0.lineEnd }?.reason == reason)
        #expect(!reading.headings.contains { $0.line == line })
    }

    /// The seed excerpts are chunks of these documents, byte for byte: the rules whose first
    /// line is one of a seed's lines, in the stretch of the document the seed covers, get that
    /// chunk's number.
    @Test(
        "The seed chunks' rules get the seeds' chunk numbers",
        arguments: [
            ("2008-11", "2008-chunk045.md", 45), ("2010-03", "2010-chunk098.md", 98), ("2010-03", "2010-chunk103.md", 103),
            ("2011", "2011-chunk131.md", 131),
        ])
    func seedChunks(document name: String, seed: String, chunk: Int) throws {
        let document = try ArchiveDocuments.document(name)
        let seedLines = SourceFile.splitLines(try String(contentsOf: Fixtures.editions.appending(path: seed), encoding: .utf8))
            .dropFirst().map { ChunkAlignment.trimmed($0) }.filter { !$0.isEmpty }
        let trimmed = document.lines.map { ChunkAlignment.trimmed($0) }
        let first = try #require(
            trimmed.indices.first {
                trimmed[$0] == seedLines.first! && trimmed[$0 + 2] == seedLines[1]
                    || trimmed[$0] == seedLines.first! && trimmed[$0 + 1] == seedLines[1]
            })
        let last = try #require(trimmed.indices.first { $0 > first && trimmed[$0] == seedLines.last! })
        let seedSet = Set(seedLines)
        let rules = document.reading.drafts.filter {
            (first + 1...last + 1).contains($0.lineStart) && seedSet.contains(trimmed[$0.lineStart - 1])
        }
        #expect(rules.count >= 5)
        #expect(rules.allSatisfy { $0.chunk == chunk }, "\(rules.filter { $0.chunk != chunk }.map(\.lineStart))")
    }

    @Test("Paragraphs the conversion cut in two are joined: across a running head (2011) and across a blank line (2014)")
    func splitParagraphs() throws {
        // 2011, 211-215: "... people might not be aware of human interface" / the running head
        // "Introduction" / "design principles, such as direct manipulation or consistency, ...".
        let introduction = try #require(ArchiveDocuments.document("2011").reading.drafts.first { $0.lineStart == 211 })
        #expect(introduction.lineEnd == 215)
        #expect(introduction.text.contains("aware of human interface design principles, such as direct manipulation"))
        // 2014, 820-822: "... appearance customization APIs or tint" / "color. If you want ...".
        let tint = try #require(ArchiveDocuments.document("2014").reading.drafts.first { $0.lineStart == 820 })
        #expect(tint.lineEnd == 822)
        #expect(tint.text.contains("APIs or tint color. If you want"))
        // A caption with no sentence end does not run into the paragraph after its image (2008, 1191-1195).
        let caption = try #require(ArchiveDocuments.document("2008-11").reading.drafts.first { $0.lineStart == 1191 })
        #expect(caption.lineEnd == 1191)
    }

    @Test("The revision history of 2014 gives its four dated change notes")
    func changeNotes2014() throws {
        let notes = try ArchiveDocuments.document("2014").reading.changeNotes
        #expect(notes.map(\.date) == ["2014-03-10", "2014-02-11", "2013-10-22", "2013-09-18"])
        #expect(notes.first?.text == "Added guidelines about onboarding; made minor corrections and updated some artwork.")
        #expect(notes.map(\.lineStart) == [3532, 3533, 3534, 3535])
    }

    @Test("Reading grows linearly: the four documents read twice over take no more than twice as long per line")
    func linear() throws {
        let document = try ArchiveDocuments.document("2014")
        let doubled = document.lines + document.lines
        let entry = EditionManifest.File(
            path: "x", edition: "e", document: "d", chunk: nil, form: .pdfMarkdown, coverage: .complete,
            restoredHeadings: nil, restoredPlatforms: nil, chunks: "c")
        let clock = ContinuousClock()
        let once = clock.measure {
            _ = ArchiveDocuments.splitter.read(document.lines, entry: entry, platforms: ["iOS"], chunks: document.chunks)
        }
        let twice = clock.measure { _ = ArchiveDocuments.splitter.read(doubled, entry: entry, platforms: ["iOS"], chunks: document.chunks) }
        #expect(twice < once * 4, "\(once) for \(document.lines.count) lines, \(twice) for twice as many")
    }
}
