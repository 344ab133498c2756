import Foundation

/// The description of an editions folder: `editions.json`, one entry per edition and per file.
///
/// Adding an edition is a data change: a file and an entry here, no code.
public struct EditionManifest: Decodable, Sendable {
    public struct Edition: Decodable, Sendable, Equatable {
        public let id: String
        public let name: String
        /// Format 1's place of the edition among the others (unique integers); format 2 places an
        /// edition by its `predecessors` instead.
        public let order: Int?
        public let date: String?
        public let platformScope: String
        public let platforms: [String]
        public let note: String?
        /// Ids the edition had before it was named by what it is: they keep resolving to it.
        public let formerIDs: [String]?
        /// The editions this one was revised from: none, one, or several (the unified web HIG
        /// continues both the iOS and the OS X lines). In format 1, the edition before it by `order`.
        public internal(set) var predecessors: [String]
        /// The family it belongs to (`iphone-ios`, `macintosh`, `web`); when not given, its first
        /// predecessor's, or its own id for an edition with none.
        public internal(set) var line: String?
        /// For a draft or preliminary edition, the final edition it became: it sits beside that
        /// edition instead of before it (its gaps would make the final's rules look added).
        public let prereleaseOf: String?

        enum CodingKeys: String, CodingKey {
            case id, name, order, date, platforms, note, predecessors, line
            case platformScope = "platform_scope"
            case formerIDs = "former_ids"
            case prereleaseOf = "prerelease_of"
        }
    }

    public enum Form: String, Decodable, Sendable, CaseIterable {
        /// Markdown converted from a PDF: bold leads, bullets, page anchors, glued words.
        case pdfMarkdown = "pdf-markdown"
        /// Text copied from a web page: bare headings, `•` bullets, flattened tables.
        case webText = "web-text"
        /// A web page converted to Markdown: headings, lists, links, images, asides, pipe tables.
        case webMarkdown = "web-markdown"
    }

    public enum Coverage: String, Decodable, Sendable, CaseIterable {
        /// A chunk of a chapter: a rule missing from it is "not in the excerpt".
        case excerpt
        /// The whole guidance: a rule missing from it was removed.
        case complete
    }

    /// A heading the source text lost, put back from the manifest (the words stay untouched).
    public struct RestoredHeading: Decodable, Sendable, Equatable {
        public let beforeLine: Int
        public let title: String
        public let platforms: [String]?
        public let why: String

        enum CodingKeys: String, CodingKey {
            case title, platforms, why
            case beforeLine = "before_line"
        }
    }

    /// The platforms of one rule, put back from the manifest where the copy lost what the source
    /// said (a table's platform matrix flattened away): the rule whose cited lines hold `line`
    /// applies to `platforms` alone. The words stay untouched.
    public struct RestoredPlatforms: Decodable, Sendable, Equatable {
        public let line: Int
        public let platforms: [String]
        public let why: String
    }

    public struct File: Decodable, Sendable {
        /// Relative to the editions folder.
        public let path: String
        public let edition: String
        public let document: String
        public let chunk: Int?
        public let form: Form
        public let coverage: Coverage
        public let restoredHeadings: [RestoredHeading]?
        public let restoredPlatforms: [RestoredPlatforms]?
        /// For a whole PDF document (`full_document.md`), the folder of its chunk files, relative
        /// to the editions folder: the file is then read by `PDFDocumentReader`, and its rules get
        /// the number of the chunk holding their first line. Absent for a single chunk file.
        public var chunks: String? = nil
        /// The page's title when the file does not give it (a web page saved as text, whose
        /// title line was lost): its subject (Data/taxonomy/subjects.json) comes from it.
        public var title: String? = nil
        /// The folder `path` is relative to when it is not the editions folder: the archive's,
        /// for a document `addingArchive` added. Never read from the manifest.
        public internal(set) var root: URL? = nil
        /// The text is OCR of page images: its words get the OCR misreading repair
        /// (`OCRMisreadingRepairer`). Set for the documents the archive catalogue marks
        /// `scanned`; never read from the manifest.
        public internal(set) var scanned = false
        /// A page of a web capture the user imported (`addingCapture`), read from `root`: cited
        /// under its edition's id, never compared with the editions folder's bytes as an archive
        /// document is. Never read from the manifest.
        public internal(set) var capture = false

        /// The memberwise initializer, for the layers above (a chunk file of a whole document).
        package init(
            path: String, edition: String, document: String, chunk: Int?, form: Form, coverage: Coverage,
            restoredHeadings: [RestoredHeading]?, restoredPlatforms: [RestoredPlatforms]?, chunks: String? = nil,
            title: String? = nil, root: URL? = nil, scanned: Bool = false, capture: Bool = false
        ) {
            self.path = path
            self.edition = edition
            self.document = document
            self.chunk = chunk
            self.form = form
            self.coverage = coverage
            self.restoredHeadings = restoredHeadings
            self.restoredPlatforms = restoredPlatforms
            self.chunks = chunks
            self.title = title
            self.root = root
            self.scanned = scanned
            self.capture = capture
        }

        enum CodingKeys: String, CodingKey {
            case path, edition, document, chunk, form, coverage, chunks, title
            case restoredHeadings = "restored_headings"
            case restoredPlatforms = "restored_platforms"
        }
    }

    /// A folder of files of one edition and form, each a source: the pages of a web capture.
    /// Every file in it (and its subfolders) whose name ends in `.<extension>` is read, in the
    /// byte order of their paths.
    public struct Folder: Decodable, Sendable {
        /// Relative to the editions folder.
        public let folder: String
        public let edition: String
        public let document: String
        public let form: Form
        public let coverage: Coverage
        public let `extension`: String

        enum CodingKeys: String, CodingKey {
            case folder, edition, document, form, coverage, `extension`
        }
    }

    public internal(set) var format: Int
    public internal(set) var editions: [Edition]
    /// The files the manifest names one by one, then those of its folders (see `Folder`).
    public internal(set) var files: [File]
    public let folders: [Folder]?
    /// A file of hand-made lineage links, relative to the folder (see `CuratedLink`).
    public let curatedLinks: String?
    /// A file of rule ids from before editions were renamed, relative to the folder (see
    /// `FormerRuleID`).
    public let formerRuleIDs: String?

    enum CodingKeys: String, CodingKey {
        case format, editions, files, folders
        case curatedLinks = "curated_links"
        case formerRuleIDs = "former_rule_ids"
    }

    /// The alias that always names the newest edition. No edition may take it as its id: an id
    /// says what an edition is and never changes, and the newest edition changes.
    public static let newestAlias = "current"

    public static let fileName = "editions.json"
    /// Format 1 orders editions in one line (`order`); format 2 gives each its predecessors.
    static let supportedFormats = 1...2

    /// The family tree of the editions, oldest first (see `EditionGraph`); set by `placeEditions`.
    public internal(set) var graph = try! EditionGraph([])
}

extension EditionManifest {
    /// Reads and checks `editions.json` in `folder`.
    public static func load(folder: URL) throws -> EditionManifest {
        let url = folder.appending(path: fileName)
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { throw HIGError.manifestMissing(path: path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw HIGError.sourceUnreadable(path: path, reason: error.localizedDescription)
        }
        let manifest: EditionManifest
        do {
            manifest = try JSONDecoder().decode(EditionManifest.self, from: data)
        } catch let error as DecodingError {
            throw HIGError.manifestInvalid(path: path, reason: describe(error))
        } catch let error as ManifestValue.Invalid {
            throw HIGError.manifestInvalid(path: path, reason: error.reason)
        } catch {
            throw HIGError.manifestInvalid(path: path, reason: "not valid JSON")
        }
        var expanded = manifest
        expanded.files += try manifest.folderFiles(in: folder, path: path)
        try expanded.check(path: path)
        try expanded.placeEditions(path: path)
        return expanded
    }

    /// The files of the manifest's folders, each folder's in the byte order of their paths.
    func folderFiles(in root: URL, path: String) throws -> [File] {
        var found: [File] = []
        for entry in folders ?? [] {
            let folder = try SourceFile.resolve(entry.folder, in: root)
            let suffix = "." + entry.extension
            guard let walker = FileManager.default.enumerator(atPath: folder.path(percentEncoded: false)) else {
                throw HIGError.sourceMissing(path: folder.path(percentEncoded: false))
            }
            var names: [String] = []
            while let name = walker.nextObject() as? String {
                if name.hasSuffix(suffix) { names.append(name) }
            }
            guard !names.isEmpty else {
                throw HIGError.manifestInvalid(path: path, reason: "folder \(entry.folder) holds no .\(entry.extension) file")
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                found.append(
                    File(
                        path: entry.folder + "/" + name, edition: entry.edition, document: entry.document, chunk: nil,
                        form: entry.form, coverage: entry.coverage, restoredHeadings: nil, restoredPlatforms: nil, chunks: nil))
            }
        }
        return found
    }

    func check(path: String) throws {
        func invalid(_ reason: String) -> HIGError { .manifestInvalid(path: path, reason: reason) }
        guard Self.supportedFormats.contains(format) else {
            throw invalid(
                "format \(format) is not supported (this hig reads formats \(Self.supportedFormats.lowerBound) to \(Self.supportedFormats.upperBound))"
            )
        }
        guard !editions.isEmpty else { throw invalid("it lists no editions") }
        var ids = Set<String>()
        var orders = Set<Int>()
        var aliases = Set<String>()
        for edition in editions {
            guard edition.id.range(of: Self.editionIDPattern, options: .regularExpression) != nil else {
                throw invalid(
                    "edition id '\(edition.id)' must be letters, digits, '.', '_' or '-', starting and ending with a letter or digit")
            }
            guard edition.id != Self.newestAlias else {
                throw invalid(
                    "edition id '\(Self.newestAlias)' is taken: it always names the newest edition; give the edition an id that says what it is (e.g. web-2026-07)"
                )
            }
            for former in edition.formerIDs ?? [] {
                guard former.range(of: Self.editionIDPattern, options: .regularExpression) != nil else {
                    throw invalid("edition '\(edition.id)': former id '\(former)' is not an edition id")
                }
                guard former != Self.newestAlias else {
                    throw invalid(
                        "edition '\(edition.id)': '\(Self.newestAlias)' cannot be a former id: it always names the newest edition (list the edition's former rule ids in former_rule_ids instead)"
                    )
                }
                guard aliases.insert(former).inserted else { throw invalid("former id '\(former)' is listed twice") }
            }
            guard ids.insert(edition.id).inserted else { throw invalid("edition '\(edition.id)' is listed twice") }
            if format == 1 {
                guard edition.predecessors.isEmpty, edition.line == nil, edition.prereleaseOf == nil else {
                    throw invalid(
                        "edition '\(edition.id)': predecessors, line and prerelease_of need format 2 (set \"format\": 2 and name each edition's predecessors instead of an order)"
                    )
                }
                guard let order = edition.order else {
                    throw invalid("edition '\(edition.id)': missing key 'order' (format 1 places editions by order)")
                }
                guard orders.insert(order).inserted else { throw invalid("two editions have order \(order)") }
            } else if edition.order != nil {
                throw invalid(
                    "edition '\(edition.id)': format 2 places editions by their predecessors, not by order; remove \"order\" and name the edition's predecessors"
                )
            }
            if let line = edition.line, line.range(of: Self.editionIDPattern, options: .regularExpression) == nil {
                throw invalid("edition '\(edition.id)': line '\(line)' must be letters, digits, '.', '_' or '-'")
            }
            guard !edition.platforms.isEmpty else { throw invalid("edition '\(edition.id)' names no platforms") }
        }
        for alias in aliases where ids.contains(alias) {
            throw invalid("'\(alias)' is both an edition id and another edition's former id")
        }
        for edition in editions {
            guard let final = edition.prereleaseOf else { continue }
            guard ids.contains(final), final != edition.id else {
                throw invalid("edition '\(edition.id)': prerelease_of '\(final)' is not another edition here")
            }
        }
        var paths = Set<String>()
        for file in files {
            guard ids.contains(file.edition) else {
                throw invalid(
                    "file \(file.path) names unknown edition '\(file.edition)' (declared: \(editions.map(\.id).joined(separator: ", ")))")
            }
            guard paths.insert(file.path).inserted else { throw invalid("file \(file.path) is listed twice") }
            // The file system would read the path only up to the NUL, not what the manifest says.
            guard !file.path.unicodeScalars.contains("\u{0}") else {
                throw invalid("file path \(file.path.debugDescription) holds a NUL byte")
            }
            for restored in file.restoredPlatforms ?? [] {
                guard restored.line >= 1, !restored.platforms.isEmpty, !restored.why.isEmpty else {
                    throw invalid(
                        "file \(file.path): restored_platforms at line \(restored.line) needs a line of 1 or more, platforms and a why")
                }
            }
        }
        for edition in editions where !files.contains(where: { $0.edition == edition.id }) {
            throw invalid("edition '\(edition.id)' has no files")
        }
    }

    /// An edition id: letters, digits, '.', '_' and '-', starting and ending with a letter or digit.
    static let editionIDPattern = "^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$"

    /// The editions, oldest first: each after its predecessors (`EditionGraph.ordered`).
    public var orderedEditions: [Edition] {
        let byID = Dictionary(uniqueKeysWithValues: editions.map { ($0.id, $0) })
        return graph.ordered.map { byID[$0.id]! }
    }

    /// Format 1's editions chained by `order`, each with the one before as its predecessor;
    /// every edition's line filled in; the family tree built and checked.
    mutating func placeEditions(path: String) throws {
        if format == 1 {
            let byOrder = editions.indices.sorted { editions[$0].order! < editions[$1].order! }
            for (place, index) in byOrder.enumerated() where place > 0 {
                editions[index].predecessors = [editions[byOrder[place - 1]].id]
            }
        }
        do {
            graph = try EditionGraph(
                editions.map {
                    EditionGraph.Node(id: $0.id, date: $0.date, predecessors: $0.predecessors, line: $0.line, prereleaseOf: $0.prereleaseOf)
                })
        } catch {
            throw HIGError.manifestInvalid(path: path, reason: error.reason)
        }
        // A draft sits beside its final edition, never before it (its gaps would make the final's
        // rules look added).
        for edition in editions {
            if let final = edition.prereleaseOf, graph.ancestors(of: final).contains(edition.id) {
                throw HIGError.manifestInvalid(
                    path: path,
                    reason:
                        "edition '\(edition.id)' is a pre-release of '\(final)', which descends from it; a draft sits beside its final edition: give '\(final)' the draft's predecessors instead"
                )
            }
        }
        // Lines are inherited oldest first, so a predecessor's is known before its successor's.
        var lineOf: [String: String] = [:]
        let placeOf = Dictionary(uniqueKeysWithValues: editions.indices.map { (editions[$0].id, $0) })
        for node in graph.ordered {
            let index = placeOf[node.id]!
            let line = editions[index].line ?? editions[index].predecessors.first.flatMap { lineOf[$0] } ?? node.id
            editions[index].line = line
            lineOf[node.id] = line
        }
        graph = try! EditionGraph(
            editions.map {
                EditionGraph.Node(id: $0.id, date: $0.date, predecessors: $0.predecessors, line: $0.line, prereleaseOf: $0.prereleaseOf)
            })
    }

    /// An edition's files in reading order (by chunk, then path).
    public func files(of edition: String) -> [File] {
        files.filter { $0.edition == edition }.sorted {
            ($0.chunk ?? Int.max, $0.path) < ($1.chunk ?? Int.max, $1.path)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the top level" : names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(at(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(at(context.codingPath))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "invalid value at \(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "cannot be read"
        }
    }
}
