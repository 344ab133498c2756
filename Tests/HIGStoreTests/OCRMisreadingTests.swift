import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

/// The OCR misreading repair (issue 17): the words a scan's OCR misread are read back, only in
/// the documents the archive catalogue marks as scanned, never guessed, and every change recorded.
@Suite("Cleaning: OCR misreadings of scanned documents", .needsArchive)
struct OCRMisreadingTests {
    /// The scanned documents of the archive, read whole once: their words are the corpus the
    /// repair weighs a reading against (the import weighs it against every file it reads).
    enum Scans {
        static let folders = [
            "1980-lisa-ui-standards", "1982-apple-iie", "1983-lisa-ui", "1985-apple-ii-hig", "1986-07-hig-beta",
            "1986-12-hig-final", "1987-desktop-interface", "1993-nextstep",
        ]

        static let lines: [String: [String]] = {
            var lines: [String: [String]] = [:]
            for folder in folders {
                let url = SharedArchive.documents.appending(path: folder).appending(path: "full_document.md")
                // A missing file reads as empty: its checks fail, the others still run.
                lines[folder] = SourceFile.splitLines((try? String(contentsOf: url, encoding: .utf8)) ?? "")
            }
            return lines
        }()

        static let glued: GluedWordRepairer = {
            var lexicon = Lexicon.bundled
            for counts in corpusCounts { lexicon.addCounts(counts) }
            return GluedWordRepairer(lexicon: lexicon)
        }()

        static let corpusCounts = folders.map { Lexicon.wordCounts(in: (lines[$0] ?? []).joined(separator: "\n")) }
        static let repairer = OCRMisreadingRepairer(glued: glued, corpusCounts: corpusCounts)
        static let stripper = MarkupStripper(form: .pdfMarkdown, repairer: glued, ocrRepairer: repairer)

        /// Line `number` of a scanned document, cleaned as the import cleans it.
        static func marked(_ folder: String, line number: Int) -> MarkedLine {
            stripper.mark(lines[folder]![number - 1], number: number)
        }
    }

    /// The catalogue's OCR examples the repair cannot read back, and why.
    static let outOfReach: [String: String] = [
        "Yorkoard": "two letters misread (\"Ke\" as \"Yo\"), and \"b\" as \"r\"",
        "Astine": "two letters misread (\"ct\" as \"st\", \"v\" as \"n\")",
        "It is nich enough": "\"r\" read as \"n\" is left out of the table: it reads \"Pont\" (Font) as \"Port\"",
        "applition of modes": "letters lost, not misread",
        "horizointal": "a letter added, not misread",
        "Interlace": "a real word: never changed, though the page says Interface",
        "WYSI\\VYG": "\"W\" read as \"\\V\", and WYSIWYG is no word of the lexicon",
        "ldaho": "Idaho is no word of the lexicon",
    ]

    struct Example: Decodable {
        let line: Int
        let quote: String
        let reading: String
    }

    /// The OCR examples of the catalogue's scanned documents, by folder.
    static let examples: [(folder: String, example: Example)] = {
        struct Catalogue: Decodable {
            struct Document: Decodable {
                struct Quirks: Decodable { let ocr_examples: [Example] }
                let folder: String
                let scanned: Bool?
                let quirks: Quirks
            }
            let documents: [Document]
        }
        let url = Fixtures.repository.appending(path: "Data/archive/catalogue.json")
        let catalogue = try! JSONDecoder().decode(Catalogue.self, from: Data(contentsOf: url))
        return catalogue.documents.filter { $0.scanned == true }.flatMap { document in
            document.quirks.ocr_examples.map { (document.folder, $0) }
        }
    }()

    @Test("The catalogue marks the eight scanned documents, and the archive's other documents are no scan")
    func scannedDocuments() {
        let scanned = ArchiveCatalogue.bundled.documents.filter { $0.scanned == true }.map(\.folder)
        #expect(scanned == Scans.folders)
        #expect(Set(Self.examples.map(\.folder)) == Set(Scans.folders))
    }

    @Test("Every OCR example of the scanned documents is read back as the catalogue reads it, unless it is out of reach")
    func catalogueExamplesAreRepaired() throws {
        for (folder, example) in Self.examples {
            let line = Scans.marked(folder, line: example.line)
            let ocr = line.repairs.filter { $0.kind == .ocrMisreading }
            if Self.outOfReach[example.quote] != nil {
                #expect(ocr.allSatisfy { !example.quote.contains($0.original) }, "\(folder) \(example.quote)")
                continue
            }
            #expect(line.text.contains(example.reading), "\(folder):\(example.line) reads \(line.text)")
            #expect(!line.text.contains(example.quote), "\(folder):\(example.line) still holds \(example.quote)")
            #expect(
                ocr.contains { example.quote.contains($0.original) && example.reading.contains($0.replacement) && $0.line == example.line },
                "\(folder):\(example.line) records \(ocr)")
        }
        // The list of examples out of reach names only examples of the catalogue.
        #expect(Set(Self.outOfReach.keys).isSubset(of: Set(Self.examples.map(\.example.quote))))
    }

    @Test("Each confusion of the table reads back the example it was read from, found in the scans")
    func confusionsReadTheirExamples() {
        let text = Scans.lines.values.joined().joined(separator: "\n")
        for confusion in OCRMisreadingRepairer.confusions {
            let (misread, word) = confusion.example
            #expect(text.contains(misread), "\(misread) is in no scanned document")
            #expect(Scans.repairer.word(misreadAs: misread) == word, "\(confusion.read) → \(confusion.written)")
            // The confusion itself reads it: a capital is read in lowercase, then given back.
            func body(_ token: String) -> [UInt8] { Array((token.prefix(1).lowercased() + token.dropFirst()).utf8) }
            #expect(confusion.readings(of: body(misread)).contains(body(word)), "\(misread) is no \(confusion.read)")
        }
    }

    @Test(
        "A real word is never changed",
        arguments: ["modem", "corn", "clock", "barn", "Interlace", "spilt", "form", "terms", "Return", "menus", "first", "command"])
    func realWordKept(word: String) {
        #expect(Scans.repairer.word(misreadAs: word) == nil)
        #expect(Scans.repairer.repair("a \(word) here", line: 1).repairs.isEmpty)
    }

    @Test(
        "A token that reads as two words, a name, glued words or a cut word stays",
        arguments: [
            // nake: make or hake (1983 line 247); no guess between two words.
            "nake",
            // Names the lexicon lacks, commoner in the corpus than their readings (Waiter, Memo, Warmer).
            "Walter", "Menlo", "Warner",
            // Glued words, commoner than their readings ("in an", not "man", 1987 line 1787).
            "inan", "isin",
            // Too short: a line end's cut ("tion"), an abbreviation.
            "tum", "fmd",
        ])
    func unreadableTokenKept(token: String) {
        #expect(Scans.repairer.word(misreadAs: token) == nil)
        #expect(Scans.repairer.repair("the \(token) is", line: 1).repairs.isEmpty)
    }

    @Test func theAmbiguousTokenOfTheScansStays() {
        let line = Scans.marked("1983-lisa-ui", line: 247)
        #expect(line.text.contains("nake"))
        #expect(!line.repairs.contains { $0.kind == .ocrMisreading && $0.original == "nake" })
    }

    @Test func aCapitalStandingApartIsJoinedOnlyWhenTheRestIsNoWord() {
        let repairer = Scans.repairer
        #expect(repairer.repair("The Menu B ar.", line: 3).text == "The Menu Bar.")
        #expect(
            repairer.repair("(The I nterface", line: 3).repairs
                == [Repair(line: 3, kind: .ocrMisreading, original: "I nterface", replacement: "Interface")])
        // Two real words stay apart, even when they make one ("A bout" is no "About").
        for text in ["I am here", "A menu bar", "Press B to go", "Plan B is", "the A key", "A bout of it"] {
            #expect(repairer.repair(text, line: 1).repairs.isEmpty, "\(text)")
        }
    }

    @Test func caseAndPunctuationAreKept() {
        let (text, repairs) = Scans.repairer.repair("“Infonnation,” (ftrst) Retum. annuaI", line: 7)
        #expect(text == "“Information,” (first) Return. annual")
        #expect(repairs.map(\.original) == ["Infonnation", "ftrst", "Retum", "annuaI"])
        #expect(repairs.map(\.replacement) == ["Information", "first", "Return", "annual"])
        #expect(repairs.allSatisfy { $0.kind == .ocrMisreading && $0.line == 7 })
    }

    @Test("A line of a scanned document is read back only when its file is scanned")
    func onlyScannedFilesAreRead() {
        let splitter = SourceSplitter(lexicon: Scans.glued.lexicon, corpusCounts: Scans.corpusCounts)
        let raw = Scans.lines["1993-nextstep"]![688]
        let scanned = splitter.markedLines([raw], form: .pdfMarkdown, scanned: true)[0]
        let typeset = splitter.markedLines([raw], form: .pdfMarkdown, scanned: false)[0]
        #expect(scanned.repairs.contains { $0.kind == .ocrMisreading && $0.original == "infonnation" })
        #expect(typeset.repairs.allSatisfy { $0.kind != .ocrMisreading })
        #expect(typeset.text.contains("infonnation"))
        // Web text is never read again, scanned or not.
        #expect(splitter.markedLines([raw], form: .webText, scanned: true)[0].repairs.isEmpty)
    }

    @Test("Only the archive's scanned documents become scanned files; the bundled editions never do")
    func scannedFlagReachesTheFiles() throws {
        let manifest = try EditionManifest.load(folder: Fixtures.bundle)
        #expect(manifest.files.allSatisfy { !$0.scanned })
        let withArchive = try manifest.addingArchive(.bundled, at: SharedArchive.documents)
        let scanned = withArchive.files.filter(\.scanned).map { String($0.path.prefix { $0 != "/" }) }
        #expect(scanned == Scans.folders)
    }

    /// A scanned and a typeset copy of one page, imported through a catalogue written here.
    static let fixturePage = """
        # Menus

        Always show the Menu B ar, so that people can ftrst find the commands they need.

        Use a modem to send infonnation; a real word like corn, clock or barn stays as it is.

        The first menu of the menu bar gives information first; the bar holds the information people use first.

        """

    static let fixtureCatalogue = """
        {"archive": "fixture", "editions_outside_archive": [], "documents": [
          {"folder": "scan", "id": "scan-1986", "title": "A scanned manual", "date": "1986", "line": "macintosh",
           "platforms": ["Macintosh"], "predecessors": [], "prerelease_of": null, "status": "final",
           "source_pdf": "scan.pdf", "notes": null, "bundled_as": null, "scanned": true},
          {"folder": "typeset", "id": "typeset-1987", "title": "A typeset manual", "date": "1987", "line": "macintosh",
           "platforms": ["Macintosh"], "predecessors": ["scan-1986"], "prerelease_of": null, "status": "final",
           "source_pdf": "typeset.pdf", "notes": null, "bundled_as": null}
        ]}
        """

    @Test("An import records each OCR repair of a scanned document, shows it, and counts it; a typeset copy is untouched")
    func importRecordsTheRepairs() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = folder.appending(path: "archive")
            for name in ["scan", "typeset"] {
                let document = archive.appending(path: name)
                try FileManager.default.createDirectory(at: document.appending(path: "chunks"), withIntermediateDirectories: true)
                try Data(Self.fixturePage.utf8).write(to: document.appending(path: "full_document.md"))
                let chunk = "<!-- Chunk 1 | Source: \(name).pdf | Est. Tokens: 40 -->\n" + Self.fixturePage
                try Data(chunk.utf8).write(to: document.appending(path: "chunks/chunk_001.md"))
            }
            let catalogue = try JSONDecoder().decode(ArchiveCatalogue.self, from: Data(Self.fixtureCatalogue.utf8))
            let corpus = try Corpus.load(folder: Fixtures.editions, archive: archive, catalogue: catalogue)
            let path = folder.appending(path: "hig.sqlite").path
            let report = try Importer.write(corpus, to: try Database(path: path, mode: .create))
            let store = try RuleStore.open(path: path)
            let kinds = try store.db.rows(
                "SELECT r.edition_id AS edition, p.original AS original, p.replacement AS replacement FROM repairs p "
                    + "JOIN rules r ON r.id = p.rule_id WHERE p.kind = 'ocr-misreading' ORDER BY p.line, p.seq")
            #expect(
                kinds.map { "\($0.string("edition")) \($0.string("original"))→\($0.string("replacement"))" }
                    == ["scan-1986 B ar→Bar", "scan-1986 ftrst→first", "scan-1986 infonnation→information"])
            let counts = Dictionary(uniqueKeysWithValues: report.editions.map { ($0.id, $0.repairs) })
            #expect(counts["scan-1986"] == 3)
            #expect(counts["typeset-1987"] == 0)
            let rule = try #require(try store.rules(RuleFilter(edition: "scan-1986")).first { $0.source.lineStart == 3 })
            #expect(rule.text.contains("Menu Bar") && rule.text.contains("first find"))
            // The clone is called "archive" here; its documents' paths read as the archive's own.
            #expect(rule.source.file.hasPrefix("human-interface-markdown/") && rule.source.file.hasSuffix("/full_document.md"))
            let shown = TextRenderer(colored: false).detail(try store.detail(id: rule.id))
            #expect(shown.contains("line 3: ftrst → first (ocr-misreading)"))
            #expect(shown.contains("line 3: B ar → Bar (ocr-misreading)"))
            let typeset = try #require(try store.rules(RuleFilter(edition: "typeset-1987")).first { $0.source.lineStart == 3 })
            #expect(typeset.text.contains("Menu B ar") && typeset.text.contains("ftrst"))
        }
    }
}
