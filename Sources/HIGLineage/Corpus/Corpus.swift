import Foundation
import HIGText

/// Every edition of an editions folder, read, cleaned and split, before anything is written.
///
/// Reading the whole corpus first means a bad file anywhere stops the import before the
/// database is touched.
public struct Corpus: Sendable {
    public struct Source: Sendable {
        public let file: SourceFile
        public let edition: EditionManifest.Edition
        public let rules: [Rule]
        /// The rest of what the reader made of the file: headings, set-asides, change notes,
        /// the page's title and address (its drafts are `rules`).
        public let reading: SourceReading
        /// What became of every line (`LineAccounting`).
        public let lineRuns: [LineRun]
        /// Digest of everything derived from the file; equal digests mean nothing to rewrite.
        public let rulesDigest: String

        /// The lines of words that end in no rule, heading or set-aside.
        public var unaccountedLines: Int {
            lineRuns.reduce(0) { $0 + ($1.fate == .unaccounted ? $1.lineCount : 0) }
        }
    }

    /// A rule with its id and its verbatim source lines.
    public struct Rule: Sendable {
        public let id: String
        public let parentID: String?
        public let draft: RuleDraft
        /// Its source lines as a part of the file's text (no copy of them is held), or, in a
        /// file with CR line ends, the lines joined with LF.
        let verbatimText: Substring
        public var verbatim: String { String(verbatimText) }
    }

    public let folder: URL
    /// The archive read beside the editions, when one was.
    public var archive: URL? = nil
    public let manifest: EditionManifest
    public let sources: [Source]
    public let curatedLinks: [CuratedLink]
    public let formerRuleIDs: [FormerRuleID]

    /// Reads `folder` (its `editions.json` and every file it names) and, when given, the
    /// archive at `archive` (`EditionManifest.addingArchive`), as `catalogue` describes it, then
    /// the web captures `captures`, in their order (`EditionManifest.addingCapture`).
    public static func load(
        folder: URL, archive: URL? = nil, captures: [WebCapture] = [], catalogue: ArchiveCatalogue = .bundled
    ) throws -> Corpus {
        var manifest = try EditionManifest.load(folder: folder)
        if let archive { manifest = try manifest.addingArchive(catalogue, at: archive) }
        for capture in captures { manifest = try manifest.addingCapture(capture) }
        let root = repositoryRoot(containing: folder)
        var entries: [(EditionManifest.File, EditionManifest.Edition)] = []
        for edition in manifest.orderedEditions {
            for entry in manifest.files(of: edition.id) { entries.append((entry, edition)) }
        }
        // Files are read on every core; the first bad file in reading order is the one reported.
        let read = ParallelMap.map(entries) { entry, edition in
            Result {
                (
                    try SourceFile.read(
                        entry, folder: entry.root ?? folder, displayRoot: entry.root ?? root, displayPrefix: displayPrefix(of: entry)),
                    edition
                )
            }
        }
        let files = try read.map { try $0.get() }
        try refuseTwice(files.map(\.0))
        try refuseUnchangedCaptures(files.map(\.0), captures: captures, manifest: manifest)
        let chunkFiles = try ParallelMap.map(files) { file, _ in
            Result {
                try readChunks(
                    of: file.entry, folder: file.entry.root ?? folder, root: file.entry.root ?? root, prefix: displayPrefix(of: file.entry))
            }
        }
        .map { try $0.get() }
        // The lexicon learns the words of undamaged (web) text, its prose only (no addresses,
        // code or API names: `Lexicon.proseOnly`), and counts words everywhere.
        var lexicon = Lexicon.bundled
        let counts = ParallelMap.map(files) { file, _ in Lexicon.wordCounts(in: file.text) }
        let prose = ParallelMap.map(files.filter { $0.0.entry.form != .pdfMarkdown }) { file, _ in Lexicon.proseWordCounts(in: file.text) }
        for proseCounts in prose { lexicon.learnWords(counted: proseCounts) }
        for fileCounts in counts { lexicon.addCounts(fileCounts) }
        // A scanned file's misread words are weighed against the whole corpus's words.
        let splitter = SourceSplitter(lexicon: lexicon, corpusCounts: files.contains { $0.0.entry.scanned } ? counts : nil)

        // Files are cleaned, split and hashed independently, on every core; ids are then given
        // in reading order, so they do not depend on which file finished first.
        var split = ParallelMap.map(Array(zip(files, chunkFiles))) { file, chunks in
            Self.split(file.0, of: file.1, chunks: chunks, splitter: splitter)
        }
        var taken: [String: Set<String>] = [:]
        var allRules: [[Rule]] = []
        var readings: [(SourceReading, [LineRun])] = []
        for (index, (_, edition)) in files.enumerated() {
            readings.append((split[index].reading, split[index].runs))
            allRules.append(identify(split[index], edition: edition.id, taken: &taken[edition.id, default: []]))
            // Each file's drafts and digests are let go once its rules are made.
            split[index] = SplitFile()
        }
        let sources = ParallelMap.map(Array(zip(zip(files, allRules), readings))) { fileAndRules, reading in
            let (file, rules) = fileAndRules
            return Source(
                file: file.0, edition: file.1, rules: rules, reading: reading.0, lineRuns: reading.1,
                rulesDigest: digest(file.0, file.1, rules, reading.0, reading.1))
        }
        let curated = try manifest.curatedLinks.map { try CuratedLink.load($0, folder: folder, sources: sources) } ?? []
        let former = try manifest.formerRuleIDs.map { try FormerRuleID.load($0, folder: folder, sources: sources) } ?? []
        return Corpus(
            folder: folder, archive: archive, manifest: manifest, sources: sources, curatedLinks: curated, formerRuleIDs: former)
    }

    /// One file cleaned and split into drafts, with each draft's verbatim lines and the line
    /// runs that account for every line.
    private static func split(
        _ file: SourceFile, of edition: EditionManifest.Edition, chunks: [ChunkFile], splitter: SourceSplitter
    ) -> SplitFile {
        var reading = splitter.read(file.lines, entry: file.entry, platforms: edition.platforms, chunks: chunks)
        if reading.title == nil { reading.title = file.entry.title }
        let drafts = reading.drafts
        reading.drafts = []
        let runs = LineAccounting.runs(of: SourceReading(copying: reading, drafts: drafts), lines: file.lines)
        // Lines joined with LF are the text itself where no CR ends a line.
        let endsWithLF = !FastText.contains(13, in: file.text)
        let verbatims = drafts.map { draft -> Substring in
            endsWithLF
                ? file.text[file.lines.utf8Range((draft.lineStart - 1)...(draft.lineEnd - 1))]
                : Substring(file.lines[(draft.lineStart - 1)..<draft.lineEnd].joined(separator: "\n"))
        }
        return SplitFile(
            drafts: drafts, verbatims: verbatims,
            firstAttempts: RuleIdentifier.firstAttempts(edition: edition.id, verbatims: verbatims), reading: reading, runs: runs)
    }

    /// A split file's rules, with ids unique in their edition (`taken`: the ids given so far).
    private static func identify(_ split: SplitFile, edition: String, taken: inout Set<String>) -> [Rule] {
        let ids = RuleIdentifier.assign(
            edition: edition, verbatims: split.verbatims, firstAttempts: split.firstAttempts, taken: &taken)
        return split.drafts.indices.map { index in
            Rule(
                id: ids[index], parentID: split.drafts[index].parentOrdinal.map { ids[$0 - 1] },
                draft: split.drafts[index], verbatimText: split.verbatims[index])
        }
    }

    /// What splitting one file makes, held until ids are given in reading order.
    private struct SplitFile {
        var drafts: [RuleDraft] = []
        var verbatims: [Substring] = []
        var firstAttempts: [RuleIdentifier.FirstAttempt] = []
        var reading = SourceReading()
        var runs: [LineRun] = []
    }

    /// The chunk files a whole document's entry names (`chunks`), in chunk order; none for
    /// other entries. Each is read as carefully as a source (regular file, size, UTF-8).
    static func readChunks(of entry: EditionManifest.File, folder: URL, root: URL, prefix: String = "") throws -> [ChunkFile] {
        guard let chunksFolder = entry.chunks else { return [] }
        let resolved = try SourceFile.resolve(chunksFolder, in: folder)
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: resolved.path(percentEncoded: false)) } catch {
            throw HIGError.sourceMissing(path: resolved.path(percentEncoded: false))
        }
        let numbered = names.compactMap { name in ChunkFile.number(inName: name).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        guard !numbered.isEmpty else { throw HIGError.sourceMissing(path: resolved.path(percentEncoded: false) + "/chunk_NNN.md") }
        return try numbered.map { number, name in
            let chunkEntry = EditionManifest.File(
                path: chunksFolder + "/" + name, edition: entry.edition, document: entry.document, chunk: number,
                form: entry.form, coverage: .excerpt, restoredHeadings: nil, restoredPlatforms: nil, chunks: nil)
            let file = try SourceFile.read(chunkEntry, folder: folder, displayRoot: root, displayPrefix: prefix)
            return ChunkFile(number: number, lines: Array(file.lines))
        }
    }

    /// Refuses a file read twice: an archive document the editions folder already holds (the same
    /// bytes, under its own path), or two entries that resolve to one path.
    private static func refuseTwice(_ files: [SourceFile]) throws {
        var editionOfPath: [String: String] = [:]
        for file in files {
            if let earlier = editionOfPath.updateValue(file.entry.edition, forKey: file.path) {
                throw HIGError.archiveDocumentTwice(path: file.path, edition: earlier)
            }
        }
        var fromEditions: [String: SourceFile] = [:]
        for file in files where file.entry.root == nil { fromEditions[file.sha256] = file }
        // A capture's unchanged page has the bytes of its predecessor's: it is read all the same.
        for file in files where file.entry.root != nil && !file.entry.capture {
            if let same = fromEditions[file.sha256] { throw HIGError.archiveDocumentTwice(path: file.path, edition: same.entry.edition) }
        }
    }

    /// Refuses a capture whose pages are all, byte for byte, its predecessor's: it would add an
    /// edition identical to one already there.
    private static func refuseUnchangedCaptures(_ files: [SourceFile], captures: [WebCapture], manifest: EditionManifest) throws {
        for capture in captures {
            let pages = files.filter { $0.entry.capture && $0.entry.edition == capture.id }
            let predecessor = manifest.editions.first { $0.id == capture.id }?.predecessors.first
            let before = files.filter { $0.entry.edition == predecessor }
            if let predecessor, pages.map(\.sha256).sorted() == before.map(\.sha256).sorted() {
                throw HIGError.captureUnchanged(path: capture.shownFolder, edition: predecessor, pages: pages.count)
            }
        }
    }

    /// What goes before an archive document's path, whatever the clone's folder is called:
    /// `human-interface-markdown/1992-macintosh-hig/full_document.md`, so that a clone elsewhere
    /// or under another name keeps every source's path (and nothing is rewritten). A capture's
    /// page goes under its edition's id (`web-2026-11-20/Components/Presentation/Alerts.md`), as
    /// a bundled capture's goes under its folder, named by its id: the same citation wherever the
    /// folder is, and two captures of one clone at different dates never cite the same path.
    private static func displayPrefix(of entry: EditionManifest.File) -> String {
        entry.root == nil ? "" : entry.capture ? entry.edition + "/" : ArchiveCatalogue.displayFolder + "/"
    }

    /// The folder that holds `Package.swift` or `.git` above `folder`, so that source paths read
    /// `Data/editions/...`; else the folder's parent.
    package static func repositoryRoot(containing folder: URL) -> URL {
        var candidate = folder.standardizedFileURL.resolvingSymlinksInPath()
        let manager = FileManager.default
        while candidate.path(percentEncoded: false) != "/" {
            let path = candidate.path(percentEncoded: false)
            if manager.fileExists(atPath: path + "/Package.swift") || manager.fileExists(atPath: path + "/.git") {
                return candidate
            }
            candidate.deleteLastPathComponent()
        }
        return folder.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    private static func digest(
        _ file: SourceFile, _ edition: EditionManifest.Edition, _ rules: [Rule], _ reading: SourceReading, _ runs: [LineRun]
    ) -> String {
        // The text hashed is built as bytes: appending to one String piece by piece through
        // interpolation cost more than hashing it.
        var text: [UInt8] = []
        text.reserveCapacity(rules.reduce(256) { $0 + $1.draft.text.utf8.count + 128 })
        func add(_ part: some StringProtocol) { text.append(contentsOf: part.utf8) }
        func add(_ number: Int) { add(String(number)) }
        func bar() { text.append(UInt8(ascii: "|")) }
        add(file.path); bar(); add(file.sha256); bar(); add(file.entry.document); bar(); add(file.entry.chunk ?? -1); bar()
        add(file.entry.form.rawValue); bar(); add(file.entry.coverage.rawValue); bar(); add(edition.id); add("\n")
        for rule in rules {
            let d = rule.draft
            add(d.chunk ?? -1); bar()
            add(rule.id); bar(); add(rule.parentID ?? ""); bar(); add(d.ordinal); bar(); add(d.kind.rawValue); bar()
            add(d.section ?? ""); bar(); add(d.title ?? ""); bar(); add(d.text); bar(); add(d.lineStart); bar()
            add(d.lineEnd); bar(); add(d.page ?? -1); bar()
            for (index, platform) in d.platforms.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                add(platform)
            }
            add("\n")
            for repair in d.repairs {
                add("  "); add(repair.line); bar(); add(repair.kind.rawValue); bar(); add(repair.original); bar()
                add(repair.replacement); add("\n")
            }
        }
        appendReading(reading, runs: runs, to: &text)
        return text.withUnsafeBytes { SHA256.hex(of: $0) }
    }

    /// The reading's headings, set-asides, change notes, title, address and line fates, as
    /// bytes for the file's digest.
    private static func appendReading(_ reading: SourceReading, runs: [LineRun], to text: inout [UInt8]) {
        func add(_ part: some StringProtocol) { text.append(contentsOf: part.utf8) }
        add("title|\(reading.title ?? "")|\(reading.url ?? "")\n")
        for heading in reading.headings { add("h|\(heading.line)|\(heading.path.joined(separator: "\u{1F}"))\n") }
        for note in reading.changeNotes { add("c|\(note.lineStart)|\(note.lineEnd)|\(note.date ?? "")|\(note.text)\n") }
        for run in runs { add("l|\(run.lineStart)|\(run.lineEnd)|\(run.fate.rawValue)|\(run.reason?.rawValue ?? "")\n") }
    }
}
