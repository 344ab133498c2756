import Foundation

/// Every edition of an editions folder, read, cleaned and split, before anything is written.
///
/// Reading the whole corpus first means a bad file anywhere stops the import before the
/// database is touched.
public struct Corpus: Sendable {
    public struct Source: Sendable {
        public let file: SourceFile
        public let edition: EditionManifest.Edition
        public let rules: [Rule]
        /// Digest of everything derived from the file; equal digests mean nothing to rewrite.
        public let rulesDigest: String
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
    public let manifest: EditionManifest
    public let sources: [Source]
    public let curatedLinks: [CuratedLink]

    /// Reads `folder` (its `editions.json` and every file it names).
    public static func load(folder: URL) throws -> Corpus {
        let manifest = try EditionManifest.load(folder: folder)
        let root = repositoryRoot(containing: folder)
        var entries: [(EditionManifest.File, EditionManifest.Edition)] = []
        for edition in manifest.orderedEditions {
            for entry in manifest.files(of: edition.id) { entries.append((entry, edition)) }
        }
        // Files are read on every core; the first bad file in reading order is the one reported.
        let read = ParallelMap.map(entries) { entry, edition in
            Result { (try SourceFile.read(entry, folder: folder, displayRoot: root), edition) }
        }
        let files = try read.map { try $0.get() }
        // The lexicon learns the words of undamaged (web) text, and counts words everywhere.
        var lexicon = Lexicon.bundled
        let counts = ParallelMap.map(files) { file, _ in Lexicon.wordCounts(in: file.text) }
        for ((file, _), fileCounts) in zip(files, counts) where file.entry.form == .webText { lexicon.learnWords(counted: fileCounts) }
        for fileCounts in counts { lexicon.addCounts(fileCounts) }
        let splitter = SourceSplitter(lexicon: lexicon)

        // Files are cleaned, split and hashed independently, on every core; ids are then given
        // in reading order, so they do not depend on which file finished first.
        var split = ParallelMap.map(files) { file, edition in
            let drafts = splitter.drafts(file.lines, entry: file.entry, platforms: edition.platforms)
            // Lines joined with LF are the text itself where no CR ends a line.
            let endsWithLF = !FastText.contains(13, in: file.text)
            let verbatims = drafts.map { draft -> Substring in
                endsWithLF
                    ? file.text[file.lines.utf8Range((draft.lineStart - 1)...(draft.lineEnd - 1))]
                    : Substring(file.lines[(draft.lineStart - 1)..<draft.lineEnd].joined(separator: "\n"))
            }
            return (drafts, verbatims, RuleIdentifier.firstAttempts(edition: edition.id, verbatims: verbatims))
        }
        var taken: [String: Set<String>] = [:]
        var allRules: [[Rule]] = []
        for (index, (_, edition)) in files.enumerated() {
            let (drafts, verbatims, firstAttempts) = split[index]
            // Each file's drafts and digests are let go once its rules are made.
            split[index] = ([], [], [])
            let ids = RuleIdentifier.assign(
                edition: edition.id, verbatims: verbatims, firstAttempts: firstAttempts,
                taken: &taken[edition.id, default: []])
            allRules.append(
                drafts.indices.map { index in
                    Rule(
                        id: ids[index], parentID: drafts[index].parentOrdinal.map { ids[$0 - 1] },
                        draft: drafts[index], verbatimText: verbatims[index])
                })
        }
        let sources = ParallelMap.map(Array(zip(files, allRules))) { file, rules in
            Source(file: file.0, edition: file.1, rules: rules, rulesDigest: digest(file.0, file.1, rules))
        }
        let curated = try manifest.curatedLinks.map { try CuratedLink.load($0, folder: folder, sources: sources) } ?? []
        return Corpus(folder: folder, manifest: manifest, sources: sources, curatedLinks: curated)
    }

    /// The folder that holds `Package.swift` or `.git` above `folder`, so that source paths read
    /// `Data/editions/...`; else the folder's parent.
    static func repositoryRoot(containing folder: URL) -> URL {
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

    private static func digest(_ file: SourceFile, _ edition: EditionManifest.Edition, _ rules: [Rule]) -> String {
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
        return text.withUnsafeBytes { SHA256.hex(of: $0) }
    }
}
