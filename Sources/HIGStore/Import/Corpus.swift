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
        public let verbatim: String
    }

    public let folder: URL
    public let manifest: EditionManifest
    public let sources: [Source]
    public let curatedLinks: [CuratedLink]

    /// Reads `folder` (its `editions.json` and every file it names).
    public static func load(folder: URL) throws -> Corpus {
        let manifest = try EditionManifest.load(folder: folder)
        let root = repositoryRoot(containing: folder)
        var files: [(SourceFile, EditionManifest.Edition)] = []
        for edition in manifest.orderedEditions {
            for entry in manifest.files(of: edition.id) {
                files.append((try SourceFile.read(entry, folder: folder, displayRoot: root), edition))
            }
        }
        // The lexicon learns the words of undamaged (web) text, and counts words everywhere.
        var lexicon = Lexicon.bundled
        for (file, _) in files where file.entry.form == .webText { lexicon.learnWords(from: file.text) }
        for (file, _) in files { lexicon.countWords(in: file.text) }
        let splitter = SourceSplitter(lexicon: lexicon)

        var taken: [String: Set<String>] = [:]
        var sources: [Source] = []
        for (file, edition) in files {
            let drafts = splitter.drafts(file.lines, entry: file.entry, platforms: edition.platforms)
            let verbatims = drafts.map { file.lines[($0.lineStart - 1)..<$0.lineEnd].joined(separator: "\n") }
            let ids = RuleIdentifier.assign(edition: edition.id, verbatims: verbatims, taken: &taken[edition.id, default: []])
            let rules = drafts.indices.map { index in
                Rule(id: ids[index], parentID: drafts[index].parentOrdinal.map { ids[$0 - 1] },
                     draft: drafts[index], verbatim: verbatims[index])
            }
            sources.append(Source(file: file, edition: edition, rules: rules, rulesDigest: digest(file, edition, rules)))
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
        var text = "\(file.path)|\(file.sha256)|\(file.entry.document)|\(file.entry.chunk ?? -1)|\(file.entry.form.rawValue)|\(file.entry.coverage.rawValue)|\(edition.id)\n"
        for rule in rules {
            let d = rule.draft
            text += "\(rule.id)|\(rule.parentID ?? "")|\(d.ordinal)|\(d.kind.rawValue)|\(d.section ?? "")|\(d.title ?? "")|\(d.text)|\(d.lineStart)|\(d.lineEnd)|\(d.page ?? -1)|\(d.platforms.joined(separator: ","))\n"
            for repair in d.repairs {
                text += "  \(repair.line)|\(repair.kind.rawValue)|\(repair.original)|\(repair.replacement)\n"
            }
        }
        return SHA256.hex(of: text)
    }
}
