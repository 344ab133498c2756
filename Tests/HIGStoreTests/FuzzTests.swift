import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGText

/// Property tests: hostile and broken sources, generated from fixed seeds (each failure names
/// its seed), never crash the cleaner or the splitter, and every rule they make still cites
/// real lines that hold its words, with no markup left in its clean text.
@Suite("Hostile input: cleaning and splitting never crash, cite true lines, leave no markup")
struct FuzzTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    /// The seed files, the raw material of the mutations.
    static let seeds: [(name: String, form: EditionManifest.Form, text: String)] = Fixtures.seeds.sources.map {
        ($0.file.path, $0.file.entry.form, $0.file.text)
    }

    /// Markup, near-markup and awkward text, for random soups.
    static let fragments = [
        "**", "**", "*", "__", "_", "<!--", "-->", "<!-- Chunk 3 -->", "![", "](", ")", "(", "[", "]",
        "![](images/_page_116_Picture_13.jpeg)", "<span id=\"page-72-1\">", "</span>", "<", ">", "<b>",
        "[\"Using](#page-70-0)", "#", "# ", "#### ", "- ", "* ", "+ ", "● ", "❏ ", "•", "◦ ", "–", "\t", " ", "  ",
        "\n", "\n", "\n\n", "\r\n", "\r", "\u{0}", "\u{7F}", "\u{1B}[1m", "\u{FEFF}", "\u{200B}", "\u{2028}",
        "\u{301}", "e\u{301}", "\u{FFFD}", "👩‍💻", "مرحبا", "Instead, ", "For example, ", "Note: ", "Figure 7-2",
        "A screenshot of ", "iOS, iPadOS", " macOS", "testthe", "alertin", "users(these", "Itshould", "e.g. ",
        ". ", "? ", "! ", "\"", "“", "’", "Use ", "Avoid ", "means ", "should ", "Alert", "button", "OK", "Cancel",
        "UIAlertView", "exclamationmark.triangle", "\\*", "%", "'", ";", "DROP TABLE rules", "1", "42",
    ]

    // MARK: - Invariants

    /// Everything wrong with the rules of `text` read as a file of `form`; empty when all is well.
    static func violations(of text: String, form: EditionManifest.Form) -> [String] {
        let lines = SourceFile.splitLines(text)
        // What `SourceSplitter.drafts` does, keeping the cleaned lines to check them too.
        let marked = splitter.markedLines(lines, form: form)
        let drafts =
            form == .pdfMarkdown
            ? PDFMarkdownSplitter(platforms: ["iOS"]).split(marked)
            : WebTextSplitter(platforms: ["iOS"], restoredHeadings: []).split(marked)
        var problems: [String] = []
        // Each cleaned line: markup is read within a line, so it is looked for within a line.
        for line in marked where !holdsEscape(lines[line.number - 1]) {
            for text in [line.text, line.boldLead].compactMap({ $0 }) {
                problems += markupLeft(in: text, form: form, withinLine: true).map {
                    "line \(line.number): \($0) in \(text.debugDescription)"
                }
            }
        }
        for (index, draft) in drafts.enumerated() {
            let name = "rule \(draft.ordinal) (lines \(draft.lineStart)-\(draft.lineEnd))"
            if draft.ordinal != index + 1 { problems.append("\(name): ordinal out of order") }
            if let parent = draft.parentOrdinal, !(1..<draft.ordinal).contains(parent) {
                problems.append("\(name): parent \(parent) is not an earlier rule")
            }
            guard 1 <= draft.lineStart, draft.lineStart <= draft.lineEnd, draft.lineEnd <= lines.count else {
                problems.append("\(name): cites lines outside the file's \(lines.count)")
                continue
            }
            let cited = lines[(draft.lineStart - 1)..<draft.lineEnd].joined(separator: "\n")
            if !holdsLetters(of: draft.text, in: cited) {
                problems.append("\(name): cited lines do not hold \(draft.text.debugDescription)")
            }
            if let title = draft.title, !holdsLetters(of: title, in: cited) {
                problems.append("\(name): cited lines do not hold its title \(title.debugDescription)")
            }
            if draft.text.isEmpty { problems.append("\(name): empty text") }
            for text in [draft.text, draft.title].compactMap({ $0 }) where !holdsEscape(cited) {
                problems += markupLeft(in: text, form: form, withinLine: false).map { "\(name): \($0) in \(text.debugDescription)" }
            }
            for repair in draft.repairs where !(draft.lineStart...draft.lineEnd).contains(repair.line) {
                problems.append("\(name): repair on line \(repair.line), outside its lines")
            }
        }
        return problems
    }

    /// The letters of `text` appear in `cited`, in order (case folded), as in SplittingTests: the
    /// cleaner may drop markup and insert spaces, never invent or reorder a letter.
    static func holdsLetters(of text: String, in cited: String) -> Bool {
        func letters(_ s: String) -> [Unicode.Scalar] {
            s.unicodeScalars.filter(\.properties.isAlphabetic).flatMap { $0.properties.lowercaseMapping.unicodeScalars }
        }
        var haystack = letters(cited)[...]
        for letter in letters(text) {
            guard let index = haystack.firstIndex(of: letter) else { return false }
            haystack = haystack[haystack.index(after: index)...]
        }
        return true
    }

    /// Markup a clean text must not hold. A rule's text joins its lines with spaces, so a tag or
    /// link whose two ends stand on different lines is none, and is looked for only `withinLine`.
    /// Whether `source` holds a Markdown backslash escape (`\*`, `\_`, ...): the escaped
    /// character is literal text, so an asterisk or underscore the clean text keeps is no markup
    /// left (MarkdownEscapes); such lines are not judged by `markupLeft`.
    static func holdsEscape(_ source: String) -> Bool {
        source.unicodeScalars.indices.contains { index in
            let scalars = source.unicodeScalars
            guard scalars[index] == "\\" else { return false }
            let next = scalars.index(after: index)
            return next < scalars.endIndex && scalars[next].isASCII && scalars[next].properties.isPatternSyntax
        }
    }

    static func markupLeft(in text: String, form: EditionManifest.Form, withinLine: Bool) -> [String] {
        var found: [String] = []
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { found.append("a control character") }
        // Read scalar by scalar: a combining mark after a space makes a Character that counts as white space.
        let scalars = Array(text.unicodeScalars)
        if scalars.first?.properties.isWhitespace == true || scalars.last?.properties.isWhitespace == true {
            found.append("white space at an end")
        }
        if zip(scalars, scalars.dropFirst()).contains(where: { $0.properties.isWhitespace && $1.properties.isWhitespace }) {
            found.append("a doubled space")
        }
        // A bullet as the cleaner itself reads one: stripping bullets again would change the text.
        if MarkupStripper.removeBullets(text, markdown: form == .pdfMarkdown).1 > 0 { found.append("a bullet") }
        guard form == .pdfMarkdown else { return found }
        for mark in ["**", "__", "<!--"] where text.contains(mark) { found.append("'\(mark)'") }
        guard withinLine else { return found }
        // `<x...>` and `](...)`, found in one pass (a regular expression would retry from every "<").
        if let open = scalars.indices.first(where: {
            scalars[$0] == "<" && $0 + 1 < scalars.count && (scalars[$0 + 1].properties.isAlphabetic || scalars[$0 + 1] == "/")
        }),
            scalars[(open + 1)...].contains(">")
        {
            found.append("an HTML tag")
        }
        if let open = scalars.indices.first(where: { scalars[$0] == "]" && $0 + 1 < scalars.count && scalars[$0 + 1] == "(" }),
            scalars[(open + 2)...].contains(")")
        {
            found.append("a link target")
        }
        return found
    }

    func expectWellFormed(
        _ text: String, form: EditionManifest.Form, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = Self.violations(of: text, form: form)
        #expect(
            problems.isEmpty,
            "\(label) (\(form.rawValue)): \(problems.prefix(3).joined(separator: "; "))\ninput: \(String(text.prefix(400)).debugDescription)",
            sourceLocation: sourceLocation)
    }

    // MARK: - Generators

    static func soup(_ random: inout SeededRandom, pieces: Int) -> String {
        (0..<pieces).map { _ in random.pick(fragments) }.joined()
    }

    /// A seed file changed in a few places: bytes flipped, lines duplicated, swapped or cut,
    /// markup and control characters dropped in, line ends changed.
    static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<random.int(1...8) {
            let at = random.int(below: lines.count)
            switch random.int(below: 9) {
            case 0: lines.insert(lines[at], at: random.int(below: lines.count))
            case 1: lines.swapAt(at, random.int(below: lines.count))
            case 2: lines.remove(at: at); if lines.isEmpty { lines = [""] }
            case 3:
                var scalars = Array(lines[at].unicodeScalars)
                let cut = random.int(below: scalars.count + 1)
                scalars.insert(contentsOf: soup(&random, pieces: random.int(1...4)).unicodeScalars, at: cut)
                lines[at] = String(String.UnicodeScalarView(scalars))
            case 4:
                var scalars = Array(lines[at].unicodeScalars)
                if !scalars.isEmpty { scalars.removeSubrange(random.int(below: scalars.count)..<scalars.count) }
                lines[at] = String(String.UnicodeScalarView(scalars))
            case 5: lines[at] = String(repeating: random.pick(["- ", "● ", "  ", "\t", "**", "#"]), count: random.int(1...300)) + lines[at]
            case 6: lines[at] += String(repeating: " " + lines[at], count: random.int(1...40))
            case 7: lines.insert("", at: at)
            default:
                lines[at] = lines[at].replacingOccurrences(
                    of: random.pick(["**", " ", "-", "<", ")"]), with: random.pick(["", "\u{0}", "**", "\r", "*"]))
            }
        }
        return lines.joined(separator: random.chance(0.2) ? "\r\n" : "\n")
    }

    // MARK: - Properties

    @Test("Random bytes, decoded with repairs, make well-formed rules", .tags(.endToEnd), .fullRunOnly, arguments: 0..<4)
    func randomBytes(batch: UInt64) {
        var random = SeededRandom(seed: 0xB17E5 &+ batch)
        for round in 0..<40 {
            let bytes = random.bytes(random.int(0...2_000))
            let text = String(decoding: bytes, as: UTF8.self)
            for form in [EditionManifest.Form.pdfMarkdown, .webText] {
                expectWellFormed(text, form: form, "random bytes, batch \(batch) round \(round)")
            }
        }
    }

    @Test("Soups of markup fragments make well-formed rules", .tags(.endToEnd), .fullRunOnly, arguments: 0..<4)
    func markupSoup(batch: UInt64) {
        var random = SeededRandom(seed: 0x50_0150 &+ batch)
        for round in 0..<150 {
            let text = Self.soup(&random, pieces: random.int(1...120))
            for form in [EditionManifest.Form.pdfMarkdown, .webText] {
                expectWellFormed(text, form: form, "soup, batch \(batch) round \(round)")
            }
        }
    }

    @Test("Mutated seed files make well-formed rules", .tags(.endToEnd), .fullRunOnly, arguments: 0..<4)
    func mutatedSeeds(batch: UInt64) {
        var random = SeededRandom(seed: 0x5EED &+ batch)
        for round in 0..<25 {
            let seed = random.pick(Self.seeds)
            expectWellFormed(Self.mutate(seed.text, &random), form: seed.form, "mutated \(seed.name), batch \(batch) round \(round)")
        }
    }

    @Test("A truncated seed file is refused as not UTF-8 or makes well-formed rules", .tags(.endToEnd), .fullRunOnly)
    func truncatedSeeds() throws {
        var random = SeededRandom(seed: 0x7C)
        var refused = 0
        for round in 0..<120 {
            let seed = random.pick(Self.seeds)
            let bytes = Array(seed.text.utf8)
            let prefix = Array(bytes[..<random.int(below: bytes.count + 1)])
            guard let text = String(validating: prefix, as: UTF8.self) else {
                // Cut inside a character: the file is refused with the offset of the cut.
                refused += 1
                try Fixtures.withTemporaryFolder { folder in
                    let editions = try Fixtures.writeEditions(
                        in: folder, manifest: Fixtures.manifest([("one", "cut.md")]),
                        files: ["cut.md": Data(prefix)])
                    #expect {
                        try StoreWriter.importEditions(from: editions, into: folder.appending(path: "hig.sqlite").path)
                    } throws: { error in
                        guard case .sourceNotUTF8(let path, let offset) = error as? HIGError else { return false }
                        return path.hasSuffix("cut.md") && offset < prefix.count && offset >= prefix.count - 3
                    }
                    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "hig.sqlite").path))
                }
                continue
            }
            expectWellFormed(text, form: seed.form, "\(seed.name) cut to \(prefix.count) bytes, round \(round)")
        }
        #expect(refused > 0, "no cut fell inside a multi-byte character; the refusal went untested")
    }

    @Test("Deep bullets, deep indents and unbalanced bold make well-formed rules", .tags(.endToEnd), .fullRunOnly)
    func nestingAndUnbalancedBold() {
        var random = SeededRandom(seed: 0xDEE9)
        for round in 0..<40 {
            var lines: [String] = []
            for _ in 0..<random.int(1...20) {
                let depth = random.int(0...600)
                let marker = random.pick(["- ", "● ", "❏", "• ", "  ", "\t", "- ● "])
                let bold = String(repeating: "**", count: random.int(0...5))
                lines.append(
                    String(repeating: marker, count: depth) + bold + random.pick(["Use", "Avoid alerts", "Instead, wait", "x"])
                        + bold.dropLast(random.int(0...1)) + " text.")
            }
            let text = lines.joined(separator: "\n")
            for form in [EditionManifest.Form.pdfMarkdown, .webText] {
                expectWellFormed(text, form: form, "nesting, round \(round)")
            }
        }
    }

    @Test("CRLF and CR line ends give exactly the rules of LF")
    func lineEndsDoNotMatter() {
        for seed in Self.seeds {
            let entry = EditionManifest.File(
                path: "x", edition: "e", document: "d", chunk: 1, form: seed.form,
                coverage: .excerpt, restoredHeadings: nil, restoredPlatforms: nil, chunks: nil)
            let reference = Self.splitter.drafts(SourceFile.splitLines(seed.text), entry: entry, platforms: ["iOS"])
            #expect(!reference.isEmpty)
            for end in ["\r\n", "\r"] {
                let converted = seed.text.replacingOccurrences(of: "\n", with: end)
                #expect(
                    Self.splitter.drafts(SourceFile.splitLines(converted), entry: entry, platforms: ["iOS"]) == reference,
                    "\(seed.name) with \(end.debugDescription)")
            }
        }
    }

    /// Each pattern fills 32 KB. An algorithm quadratic in the line's length (as the comment,
    /// tag, link, image and sentence passes, the identifier counter and growing a rule by
    /// continuation lines all once were) takes a minute here instead of a fraction of a second.
    @Test(
        "Very long lines of every pathological pattern",
        arguments: [
            "Use it. ", "<a", "](", "<!---->x", "![](a)x", "q", "thethe", "ab(", "**", "*a ", "- ", " iOS",
            "- Yes.\n", "Instead, do it.\n", "alertin testthe ", "a\u{0}b ", "_page_1 ", "**a** ", "< ", "[x](",
        ])
    func veryLongLines(pattern: String) {
        let text = (pattern == " iOS" ? "x" : "") + String(repeating: pattern, count: 32_768 / pattern.utf8.count)
        for form in [EditionManifest.Form.pdfMarkdown, .webText] {
            expectWellFormed(text, form: form, "32 KB of \(pattern.debugDescription)")
        }
    }

    // MARK: - Through the database

    @Test("Importing a fuzzed corpus twice changes nothing the second time, and stores every byte", .tags(.endToEnd), .fullRunOnly)
    func fuzzedImportIsIdempotent() throws {
        var random = SeededRandom(seed: 0x1DE4)
        for round in 0..<4 {
            try Fixtures.withTemporaryFolder { folder in
                var files: [String: Data] = [:]
                var entries: [(edition: String, file: String)] = []
                for index in 0..<3 {
                    let seed = random.pick(Self.seeds.filter { $0.form == .pdfMarkdown })
                    var text = Self.mutate(seed.text, &random) + Self.soup(&random, pieces: 40)
                    if index == 0 { text += "\n**Keep NUL\u{0}bytes** in\u{0} the verbatim.\n" }
                    files["f\(index).md"] = Data(text.utf8)
                    entries.append((edition: "e\(index % 2)", file: "f\(index).md"))
                }
                let editions = try Fixtures.writeEditions(in: folder, manifest: Fixtures.manifest(entries), files: files)
                let path = folder.appending(path: "hig.sqlite").path
                _ = try StoreWriter.importEditions(from: editions, into: path)
                let before = try Fixtures.dump(Database(path: path))
                let again = try StoreWriter.importEditions(from: editions, into: path)
                #expect(!again.changedAnything, "round \(round)")
                #expect(try Fixtures.dump(Database(path: path)) == before, "round \(round)")
                // The verbatim text read back is the file's lines, NUL bytes and all.
                let corpus = try Corpus.load(folder: editions)
                let stored = try RuleStore.open(path: path).rules()
                let expected = corpus.sources.flatMap(\.rules)
                #expect(stored.count == expected.count)
                for rule in expected {
                    #expect(stored.first { $0.id == rule.id }?.verbatim == rule.verbatim, "round \(round), \(rule.id)")
                }
                #expect(expected.contains { $0.verbatim.contains("\u{0}") })
            }
        }
    }

    @Test("A 50 MB file is refused by name before it is read, and nothing is written")
    func fiftyMegabyteFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let before = try Fixtures.dump(Database(path: path))
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: Fixtures.manifest([("one", "one.md"), ("big", "big.md")]),
                files: ["one.md": Data("**Use alerts sparingly**. Text.\n".utf8)])
            // Real text, not a sparse file: were the limit gone, this would be read and split.
            let big = editions.appending(path: "big.md")
            #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
            let handle = try FileHandle(forWritingTo: big)
            let block = Data(String(repeating: Self.seeds[3].text + "\n", count: 64).utf8)
            var written = 0
            while written < 50 * 1_048_576 {
                try handle.write(contentsOf: block)
                written += block.count
            }
            try handle.close()
            #expect {
                try StoreWriter.importEditions(from: editions, into: path)
            } throws: { error in
                guard case .sourceTooLarge(let file, let bytes, let limit) = error as? HIGError else { return false }
                return file.hasSuffix("editions/big.md") && bytes == written && limit == SourceFile.maximumSize
            }
            #expect(
                HIGError.sourceTooLarge(path: "editions/big.md", bytes: 50 * 1_048_576, limit: SourceFile.maximumSize).description
                    .hasPrefix("editions/big.md is 50.0 MB, more than the 16.0 MB an edition file may hold"))
            #expect(try Fixtures.dump(Database(path: path)) == before)
        }
    }
}
