import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

/// The whole-document PDF reader on small documents written here, one construct at a time.
/// Every expectation below was worked out by reading the fixture, not from the reader's output.
@Suite("Reading a whole PDF document")
struct PDFDocumentReaderTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    static func entry(chunks: String?) -> EditionManifest.File {
        EditionManifest.File(
            path: "guide/full_document.md", edition: "e", document: "guide.pdf", chunk: nil, form: .pdfMarkdown,
            coverage: .complete, restoredHeadings: nil, restoredPlatforms: nil, chunks: chunks)
    }

    static func read(_ text: String, chunks: [ChunkFile] = []) -> (reading: SourceReading, lines: [String]) {
        let lines = SourceFile.splitLines(text)
        return (splitter.read(lines, entry: entry(chunks: "guide/chunks"), platforms: ["iOS"], chunks: chunks), lines)
    }

    /// Chapters from the table of contents (a `<br>` table row labelled `Chapter 1`, a bold
    /// link entry `Chapter 2 ...`), a running head (label and title line), a footer; levels
    /// 1-3 are sections and 4 a subsection, as `####` is used for subsections here.
    static let outlined = """
        # A Guide

        ### Contents

        | Chapter 1 | Getting<br>Started<br>5 |
        |-----------|-------------------------|
        |           | First Steps<br>5        |

        #### **Chapter 2 [Using](#page-8-0) Things 9**

        [Basics](#page-8-1) 9

        # <span id="page-4-0"></span>Getting Started

        Start with the first steps of the guide.

        # <span id="page-4-1"></span>First Steps

        Open the box before you use it.

        #### Unpacking

        Keep the box for later.

        First Steps **6**

        #### **CHAPTER 1**

        Getting Started

        ### Checking

        Check every part.

        # <span id="page-8-0"></span>Using Things

        ### <span id="page-8-1"></span>Basics

        Use things gently.
        """

    @Test("Chapters come from the table of contents and running heads; sections nest by relative level")
    func outline() {
        let (reading, _) = Self.read(Self.outlined)
        #expect(
            reading.headings.map(\.line) == [13, 17, 21, 31, 35, 37])
        #expect(
            reading.headings.map(\.path) == [
                ["Getting Started"], ["Getting Started", "First Steps"], ["Getting Started", "First Steps", "Unpacking"],
                ["Getting Started", "Checking"], ["Using Things"], ["Using Things", "Basics"],
            ])
        #expect(reading.drafts.map(\.lineStart) == [15, 19, 23, 33, 39])
        #expect(reading.drafts[2].section == "Getting Started › First Steps › Unpacking")
        #expect(reading.drafts[3].section == "Getting Started › Checking")
        // Anchor page-4-0 is printed page 5; page-8-1 is page 9.
        #expect(reading.drafts.map(\.page) == [5, 5, 5, 5, 9])
        let reasons = ReadingPlaces.reasons(reading)
        #expect(reasons[1] == .frontMatter)
        #expect([3, 5, 6, 7, 9, 11].allSatisfy { reasons[$0] == .tableOfContents })
        #expect(reasons[25] == .pageFooter)
        #expect(reasons[27] == .runningHead && reasons[29] == .runningHead)
    }

    @Test("Line accounting: every non-blank line of the outlined fixture ends in one disposition")
    func outlineAccounting() {
        let (reading, lines) = Self.read(Self.outlined)
        let accounting = LineAccounting.account(reading, lines: lines)
        #expect(accounting.unaccounted.isEmpty)
        #expect(accounting.ruleLines == 5 && accounting.headingLines == 6)
        #expect(accounting.setAsideLines == [.frontMatter: 1, .tableOfContents: 6, .pageFooter: 1, .runningHead: 2])
        #expect(accounting.nonBlankLines == 21)
    }

    /// No table of contents: level 1 headings are the chapters. A paragraph cut by a page
    /// footer and the next page's anchor; a table whose cell holds `<br>`; a figure's words.
    static let body = """
        # <span id="page-0-0"></span>Tables

        A table shows the choices you can make when you design the

        Tables **3**

        <span id="page-3-0"></span>screen of an app.

        **Table 1-1** Buttons and their meanings

        | Button | Meaning |
        |--------|---------|
        | Add | Adds an<br>item |

        ![](images/_page_3_Picture_1.jpeg)

        On Off

        Use a switch for two states.
        """

    static let bodyChunks = [
        ChunkFile(
            number: 0,
            lines: [
                "<!-- Chunk 0 | Source: guide.pdf | Est. Tokens: 10 -->",
                "A table shows the choices you can make when you design the  ", "Tables **3**  ",
                "<span id=\"page-3-0\"></span>screen of an app.  ", "**Table 1-1** Buttons and their meanings  ",
            ]),
        ChunkFile(
            number: 1,
            lines: [
                "<!-- Chunk 1 | Source: guide.pdf | Est. Tokens: 10 -->", "| Button | Meaning |  ", "|--------|---------|  ",
                "| Add | Adds an<br>item |  ", "![](images/_page_3_Picture_1.jpeg)  ", "On Off  ", "Use a switch for two states.",
            ]),
    ]

    @Test("A paragraph split by a page break is one rule citing both halves; the footer between stays set aside")
    func pageBreakJoin() throws {
        let (reading, lines) = Self.read(Self.body, chunks: Self.bodyChunks)
        let joined = try #require(reading.drafts.first)
        #expect(joined.text == "A table shows the choices you can make when you design the screen of an app.")
        #expect(joined.lineStart == 3 && joined.lineEnd == 7)
        #expect(joined.page == 1)
        #expect(ReadingPlaces.reasons(reading)[5] == .pageFooter)
        let accounting = LineAccounting.account(reading, lines: lines)
        #expect(accounting.unaccounted.isEmpty)
        #expect(accounting.setAsideLines[.pageFooter] == 1)
    }

    @Test("Table rows are rules with <br> read as a space; the separator row is the converter's; figure words are figure text")
    func tablesAndFigures() throws {
        let (reading, _) = Self.read(Self.body, chunks: Self.bodyChunks)
        #expect(reading.drafts.map(\.lineStart) == [3, 9, 11, 13, 17, 19])
        #expect(reading.drafts.map(\.text)[2...3] == ["Button — Meaning", "Add — Adds an item"])
        // Figure words and the table's caption are figures; whether the rest prescribe is the classifier's.
        #expect(reading.drafts.map { $0.kind == .figure } == [false, true, false, false, true, false])
        let reasons = ReadingPlaces.reasons(reading)
        #expect(reasons[12] == .converterChrome && reasons[15] == .image)
        #expect(reading.drafts[1].page == 4)
    }

    @Test("Chunk provenance: each line's chunk and line in it, level 1-3 headings and blank lines in none")
    func chunkLines() {
        let (reading, _) = Self.read(Self.body, chunks: Self.bodyChunks)
        #expect(reading.chunkLines.count == 19)
        #expect(reading.chunkLines[0] == nil && reading.chunkLines[1] == nil)
        #expect(reading.chunkLines[2] == ChunkLine(chunk: 0, line: 2))
        #expect(reading.chunkLines[6] == ChunkLine(chunk: 0, line: 4))
        #expect(reading.chunkLines[10] == ChunkLine(chunk: 1, line: 2))
        #expect(reading.chunkLines[18] == ChunkLine(chunk: 1, line: 7))
        #expect(reading.drafts.map(\.chunk) == [0, 0, 1, 1, 1, 1])
    }

    @Test("Chunk alignment steps over a line one side lacks")
    func chunkAlignmentResynchronises() {
        let document = ["# Title", "one", "stray", "two", "three"]
        let chunks = [ChunkFile(number: 4, lines: ["<!-- Chunk 4 -->", "one  ", "two", "three"])]
        let aligned = ChunkAlignment.align(document: document, chunks: chunks)
        #expect(aligned == [nil, ChunkLine(chunk: 4, line: 2), nil, ChunkLine(chunk: 4, line: 3), ChunkLine(chunk: 4, line: 4)])
    }

    /// Back matter: a glossary, an index, a revision history and a copyright page at the end.
    static let backMatter = """
        # <span id="page-1-0"></span>Using Things

        Use things gently.

        # <span id="page-2-0"></span>Glossary

        **thing** An object you use.

        # <span id="page-3-0"></span>Index

        | thing 3 | use 3 |
        |---------|-------|
        <!-- Chunk 3 | Source: guide.pdf -->

        # <span id="page-4-0"></span>Document Revision History

        This table describes the changes to *A Guide*.

        | Date | Notes |
        |------|-------|
        | 2014-03-10 | Added<br>guidelines<br>about onboarding. |
        | 2013-09-18 | Reorganized for iOS 7. |

        Apple Inc. Copyright © 2014 Apple Inc. All rights reserved.

        No licenses, express or implied, are granted.
        """

    @Test("Glossary entries are definitions; an index, a revision history and a legal page are set aside")
    func backMatterIsSetAside() {
        let (reading, lines) = Self.read(Self.backMatter)
        #expect(reading.headings.map(\.line) == [1, 5, 9, 15])
        #expect(reading.drafts.map(\.lineStart) == [3, 7])
        #expect(reading.drafts[1].kind == .definition && reading.drafts[1].title == "thing")
        let reasons = ReadingPlaces.reasons(reading)
        #expect(reasons[11] == .index && reasons[12] == .index)
        #expect(reasons[13] == .converterChrome)
        #expect([17, 19, 20, 21, 22].allSatisfy { reasons[$0] == .changeLog })
        #expect(reasons[24] == .legalText && reasons[26] == .legalText)
        #expect(LineAccounting.account(reading, lines: lines).unaccounted.isEmpty)
    }

    /// The 1992 Macintosh HIG's ending: an index the table of contents does not name, so the
    /// outline reads its heading as a section of the last chapter; its letters and an entry are
    /// headings; the book's colophon follows it.
    static let unchapteredIndex = """
        # A Guide

        ### Contents

        | Chapter 1 | Using<br>Things<br>5 |
        |-----------|----------------------|

        # <span id="page-4-0"></span>Using Things

        Use things gently.

        Put things back where they were.

        # Index

        ## A

        alerts 12, 14–15 about boxes 7

        #### I, J I-beam pointer 270 icons 224–255

        ## *Guide Production Notes*

        Writers used a word processor.
        """

    @Test("An index the outline did not make a chapter is set aside, its letters and entries too, up to a heading that is none of them")
    func unchapteredIndexIsSetAside() {
        let (reading, lines) = Self.read(Self.unchapteredIndex)
        let reasons = ReadingPlaces.reasons(reading)
        #expect([16, 18, 20].allSatisfy { reasons[$0] == .index })
        #expect(reading.headings.map(\.line).contains(14) && !reading.headings.map(\.line).contains(16))
        // The colophon's heading stops the index: its paragraph is read as before.
        #expect(reasons[22] == nil && reasons[24] == nil)
        #expect(reading.drafts.map(\.lineStart) == [10, 12, 24])
        #expect(LineAccounting.account(reading, lines: lines).unaccounted.isEmpty)
        #expect(DocumentMatter.isIndexHeading("I, J I-beam pointer 270 icons 224–255"))
        #expect(DocumentMatter.isIndexHeading("Ζ") && !DocumentMatter.isIndexHeading("Mac OS 8 Human Interface Guidelines"))
        #expect(DocumentMatter.isIndexHeading("icon families 234–236") && DocumentMatter.isIndexHeading("inserting 107."))
        #expect(!DocumentMatter.isIndexHeading("In Practice") && !DocumentMatter.isIndexHeading("UI Elements"))
    }

    @Test("Each dated row of a revision history is a change note")
    func revisionHistory() {
        let (reading, _) = Self.read(Self.backMatter)
        #expect(
            reading.changeNotes == [
                ChangeNote(lineStart: 21, lineEnd: 21, date: "2014-03-10", text: "Added guidelines about onboarding."),
                ChangeNote(lineStart: 22, lineEnd: 22, date: "2013-09-18", text: "Reorganized for iOS 7."),
            ])
    }

    @Test("Generic subheadings nest under the element above them, which nests under the heading that groups them")
    func genericSubheadings() {
        let text = """
            # <span id="page-1-0"></span>Elements

            ### Bars

            Bars hold controls.

            ### Tab Bar

            ### Guidelines

            Use a tab bar to switch modes.

            ### Toolbar

            ### Guidelines

            Use a toolbar for actions.

            ### Slider

            ### Guidelines

            Use a slider for values.
            """
        let (reading, _) = Self.read(text)
        #expect(
            reading.headings.map(\.path) == [
                ["Elements"], ["Elements", "Bars"], ["Elements", "Bars", "Tab Bar"], ["Elements", "Bars", "Tab Bar", "Guidelines"],
                ["Elements", "Bars", "Toolbar"], ["Elements", "Bars", "Toolbar", "Guidelines"], ["Elements", "Bars", "Slider"],
                ["Elements", "Bars", "Slider", "Guidelines"],
            ])
    }

    @Test("A bold lead, a list lead and a bullet made headings by the conversion are text, not sections")
    func textMadeHeadings() {
        let text = """
            # <span id="page-1-0"></span>Alerts

            #### **Avoid creating unnecessary alerts**.

            #### A navigation bar:

            - Shows a title.

            #### ■ Black
            """
        let (reading, _) = Self.read(text)
        #expect(reading.headings.map(\.line) == [1])
        #expect(reading.drafts.map(\.lineStart) == [3, 5, 7, 9])
        #expect(reading.drafts.allSatisfy { $0.section == "Alerts" })
    }

    @Test("A manifest file naming its chunks folder is read whole; without it, as a chunk file as before")
    func routing() throws {
        let lines = SourceFile.splitLines(Self.outlined)
        let whole = Self.splitter.read(lines, entry: Self.entry(chunks: "guide/chunks"), platforms: ["iOS"])
        let chunk = Self.splitter.read(lines, entry: Self.entry(chunks: nil), platforms: ["iOS"])
        #expect(whole.headings.count == 6)
        // Read as a chunk file, every Markdown heading but a bold lead's is a section of its own:
        // "# A Guide" (1), "### Contents" (3), the bold contents entry (9), the three `#` and the
        // `####` headings of the body (13, 17, 21, 35), the running head's label (27), "### Checking" (31)
        // and "### Basics" (37).
        #expect(chunk.headings.map(\.line) == [1, 3, 9, 13, 17, 21, 27, 31, 35, 37])
        #expect(chunk.headings[3].path == ["Getting Started"])
        #expect(chunk.drafts == PDFMarkdownSplitter(platforms: ["iOS"]).split(Self.splitter.markedLines(lines, form: .pdfMarkdown)))
        let json = """
            {"path": "a/full_document.md", "edition": "e", "document": "d", "form": "pdf-markdown",
             "coverage": "complete", "chunks": "a/chunks"}
            """
        let file = try JSONDecoder().decode(EditionManifest.File.self, from: Data(json.utf8))
        #expect(file.chunks == "a/chunks")
    }
}

@Suite("Reading a chunk file alone")
struct ChunkFileReadingTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    /// A chunk as the converter writes it: its comment, a heading with a page anchor, a bold lead
    /// the conversion made a heading, an image, a bare anchor, a list.
    static let chunk = """
        <!-- Chunk 7 | Source: Guide.pdf | Est. Tokens: 120 -->
        ## <span id="page-3-0"></span>Alerts

        #### **Avoid unnecessary alerts**.
        Alerts interrupt people.
        ![](images/_page_3_Picture_1.jpeg)

        <span id="page-4-0"></span>
        **Keep titles short**. Use a few words:
        - Say what happened.
        """

    @Test("Every line ends in a rule, a heading or a set-aside: the converter's comment and anchor, the image")
    func everyLineAccounted() {
        let lines = SourceFile.splitLines(Self.chunk)
        let entry = EditionManifest.File(
            path: "e/chunk-007.md", edition: "e", document: "Guide.pdf", chunk: 7, form: .pdfMarkdown, coverage: .complete,
            restoredHeadings: nil, restoredPlatforms: nil, chunks: nil)
        let reading = Self.splitter.read(lines, entry: entry, platforms: ["iOS"])
        #expect(reading.headings == [SectionHeading(line: 2, path: ["Alerts"])])
        #expect(ReadingPlaces.reasons(reading) == [1: .converterChrome, 6: .image, 8: .converterChrome])
        // The bold lead made a heading is a rule, the paragraph under it its child; the bold lead and its bullet are two more.
        #expect(reading.drafts.map(\.lineStart) == [4, 5, 9, 10])
        #expect(reading.drafts.allSatisfy { $0.section == "Alerts" })
        let accounting = LineAccounting.account(reading, lines: lines)
        #expect(accounting.unaccounted.isEmpty)
        #expect(accounting.headingLines == 1)
    }
}

@Suite("Line accounting")
struct LineAccountingTests {
    @Test("Each non-blank line is counted once: set-aside first, then heading, then a rule's range; the rest is listed")
    func precedence() {
        var reading = SourceReading(drafts: [
            RuleDraft(
                ordinal: 1, parentOrdinal: nil, kind: .guideline, section: nil, title: nil, text: "a b", lineStart: 1, lineEnd: 4,
                page: nil, platforms: [], repairs: [])
        ])
        reading.headings = [SectionHeading(line: 5, path: ["Five"])]
        reading.setAsides = [SetAside(lineStart: 3, lineEnd: 3, reason: .runningHead)]
        let accounting = LineAccounting.account(reading, lines: ["a", " ", "head", "b", "# Five", "lost", ""])
        #expect(accounting.ruleLines == 2)
        #expect(accounting.headingLines == 1)
        #expect(accounting.setAsideLines == [.runningHead: 1])
        #expect(accounting.unaccounted == [6])
        #expect(accounting.blankLines == 2)
        #expect(accounting.nonBlankLines == 5)
    }
}
